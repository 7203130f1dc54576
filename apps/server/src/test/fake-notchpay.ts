/**
 * A local fake of the Notch Pay payment API (Cameroonian Mobile Money), for our API tests (started
 * in-process with startFakeNotchPay) and our browser tests (run standalone, see the end of the file).
 * TEST-ONLY: it holds everything in memory, trusts every caller of its control paths and must never
 * face the internet.
 *
 * Written from Notch Pay's published documentation:
 * - https://developer.notchpay.co/accept-payments/charge (Direct Charge flow, `Authorization: <public key>`)
 * - https://developer.notchpay.co/api-reference/initialize-a-payment (POST /payments)
 * - https://developer.notchpay.co/api-reference/process-a-payment-1 (POST /payments/{reference}; PUT in older docs)
 * - https://developer.notchpay.co/api-reference/retrieve-a-payment (GET /payments/{reference})
 * - https://developer.notchpay.co/docs/payments/status (pending, processing, complete, failed, …)
 * - https://developer.notchpay.co/docs/getting-started/errors (401, 404, 422, …) and get-started/responses
 * - https://developer.notchpay.co/api-reference/webhooks (event object {id, type, created_at, data};
 *   the event names of api-reference/create-a-webhook: payment.complete|failed|canceled|expired)
 * - https://developer.notchpay.co/get-started/webhooks/verify (`x-notch-signature`: hex HMAC-SHA256 of
 *   the body with the webhook hash key)
 *
 * Where the docs are silent, the choices are ours and stated where they are made: "rejected" is
 * announced as payment.failed (there is no payment.rejected event), fees are 0, hung calls are never
 * acted upon, a payment already processing refuses a second process with 409.
 */
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";

export interface FakeNotchPayOptions {
  publicKey?: string;
  webhookHash?: string;
  webhookUrl?: string;
}
export type FakeOutcome = "complete" | "failed" | "canceled" | "rejected" | "expired" | "pending";
export type NotchPayStatus =
  | "pending"
  | "processing"
  | "complete"
  | "failed"
  | "canceled"
  | "rejected"
  | "abandoned"
  | "expired"
  | "incomplete"
  | "refunded";
export type WebhookMode = "send" | "none" | "duplicate" | "out-of-order";

export interface FakeTransaction {
  /** Notch Pay's reference ("trx.…"). */
  reference: string;
  /** The merchant's own reference, given at initialization. */
  merchant_reference: string | null;
  amount: number;
  amount_total: number;
  currency: string;
  status: NotchPayStatus;
  sandbox: boolean;
  fee: number;
  converted_amount: number;
  customer: { id?: string; name?: string; email?: string; phone?: string };
  description: string | null;
  callback: string | null;
  /** The channel it was processed with ("cm.mtn", …), null until processed. */
  channel: string | null;
  initiated_at: string;
  updated_at: string;
}

export interface FakeSettings {
  outcome: FakeOutcome;
  outcomeByPhone: Record<string, FakeOutcome>;
  settleAfterMs: number;
  webhook: WebhookMode;
  webhookDelayMs: number;
  webhookRetries: number;
  reportedAmount: number | null;
  reportedCurrency: string | null;
  failNextCalls: { status: number; count: number } | null;
  hangNextCalls: number;
}

export interface FakeNotchPay {
  url: string;
  publicKey: string;
  webhookHash: string;
  /** The settings a shop uses to take payments through this fake (its private key any test one). */
  env: Record<string, string>;
  settings: FakeSettings;
  webhookUrl: string | null;
  payments(): FakeTransaction[];
  calls: Array<{ method: string; path: string; body: unknown }>;
  deliveries: Array<{ body: string; signature: string; status: number | null }>;
  settle(reference: string, outcome: Exclude<FakeOutcome, "pending">): Promise<void>;
  sendWebhook(
    reference: string,
    opts?: { type?: string; signature?: string | null; body?: string },
  ): Promise<number | null>;
  reset(): void;
  close(): Promise<void>;
}

export function signNotchPay(rawBody: string, hash: string): string {
  return createHmac("sha256", hash).update(rawBody).digest("hex");
}

export function startFakeNotchPay(options: FakeNotchPayOptions = {}): Promise<FakeNotchPay> {
  return listenFake(options, 0);
}

const OUTCOMES: FakeOutcome[] = ["complete", "failed", "canceled", "rejected", "expired", "pending"];
const WEBHOOK_MODES: WebhookMode[] = ["send", "none", "duplicate", "out-of-order"];
const CHANNELS = ["cm.mtn", "cm.orange", "cm.mobile"];
const FINAL: NotchPayStatus[] = ["complete", "failed", "canceled", "rejected", "abandoned", "expired", "refunded"];
/** A Cameroonian mobile number in international form, "+" optional: 237 6XX XX XX XX. */
const CM_MOBILE = /^\+?(2376\d{8})$/;
const WEBHOOK_TIMEOUT_MS = 5_000;
const RETRY_GAP_MS = 200;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isOutcome = (v: unknown) => OUTCOMES.includes(v as FakeOutcome);

/** What POST /__fake/settings accepts, setting by setting. */
const SETTING_CHECKS: Record<keyof FakeSettings, (value: unknown) => boolean> = {
  outcome: isOutcome,
  outcomeByPhone: (v) => isObject(v) && Object.values(v).every(isOutcome),
  settleAfterMs: isCount,
  webhook: (v) => WEBHOOK_MODES.includes(v as WebhookMode),
  webhookDelayMs: isCount,
  webhookRetries: isCount,
  reportedAmount: (v) => v === null || typeof v === "number",
  reportedCurrency: (v) => v === null || typeof v === "string",
  failNextCalls: (v) => v === null || (isObject(v) && isCount(v.count) && Number.isInteger(v.status)),
  hangNextCalls: isCount,
};

function defaultSettings(): FakeSettings {
  return {
    outcome: "complete",
    outcomeByPhone: {},
    settleAfterMs: 0,
    webhook: "send",
    webhookDelayMs: 0,
    webhookRetries: 3,
    reportedAmount: null,
    reportedCurrency: null,
    failNextCalls: null,
    hangNextCalls: 0,
  };
}

/** The event a final status is announced with; there is no payment.rejected event in the docs. */
function eventType(status: NotchPayStatus): string {
  if (status === "rejected") return "payment.failed";
  if (status === "pending" || status === "processing") return "payment.created";
  return `payment.${status}`;
}

interface Payment {
  tx: FakeTransaction;
  /** The settlement that processing scheduled, until it happens. */
  settleTimer: NodeJS.Timeout | null;
}

async function listenFake(options: FakeNotchPayOptions, port: number): Promise<FakeNotchPay> {
  const publicKey = options.publicKey ?? "pk_test_fake_notchpay";
  const webhookHash = options.webhookHash ?? "fake-notchpay-webhook-hash";
  const byReference = new Map<string, Payment>();
  const byMerchantReference = new Map<string, Payment>();

  // Everything asynchronous the fake starts, so that reset() and close() can stop it: timers (with the
  // promise they wake, if any), outgoing webhook requests, and background settlements.
  let closed = false;
  let epoch = 0;
  const timers = new Map<NodeJS.Timeout, (() => void) | null>();
  const outgoing = new Set<http.ClientRequest>();
  const tasks = new Set<Promise<unknown>>();
  const alive = (since: number) => !closed && since === epoch;

  function later(ms: number, fn: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.set(timer, null);
    return timer;
  }
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });
  }
  /** Stops every timer; sleepers wake at once and see, through alive(), that they must stop. */
  function stopTimers() {
    for (const [timer, wake] of timers) {
      clearTimeout(timer);
      wake?.();
    }
    timers.clear();
  }
  function track(task: Promise<unknown>) {
    const quiet = task.catch(() => {});
    tasks.add(quiet);
    void quiet.finally(() => tasks.delete(quiet));
  }

  /** The transaction as Notch Pay reports it, with the amount/currency overrides of mismatch tests. */
  function reported(tx: FakeTransaction): FakeTransaction {
    const copy = structuredClone(tx);
    const amount = fake.settings.reportedAmount;
    if (amount !== null) Object.assign(copy, { amount, amount_total: amount, converted_amount: amount });
    if (fake.settings.reportedCurrency !== null) copy.currency = fake.settings.reportedCurrency;
    return copy;
  }

  /** One POST to the merchant; the HTTP status it answered, or null when it could not be reached. */
  function post(body: string, signature: string | null): Promise<number | null> {
    const target = fake.webhookUrl;
    if (!target || closed) return Promise.resolve(null);
    const since = epoch;
    return new Promise((resolve) => {
      let settled = false;
      let req: http.ClientRequest | undefined;
      const done = (status: number | null) => {
        if (settled) return;
        settled = true;
        if (req) outgoing.delete(req);
        if (since === epoch) fake.deliveries.push({ body, signature: signature ?? "", status });
        resolve(status);
      };
      const headers: http.OutgoingHttpHeaders = {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "user-agent": "fake-notchpay",
        connection: "close",
      };
      if (signature !== null) headers["x-notch-signature"] = signature;
      try {
        req = http.request(target, { method: "POST", headers, agent: false, timeout: WEBHOOK_TIMEOUT_MS });
      } catch {
        done(null); // not an http:// address
        return;
      }
      outgoing.add(req);
      req.on("timeout", () => req?.destroy(new Error("webhook timed out")));
      req.on("error", () => done(null));
      req.on("close", () => done(null)); // destroyed by reset()/close() before any answer
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? null));
        res.on("error", () => done(null));
      });
      req.end(body);
    });
  }

  /** Delivers one event, resending while the merchant answers non-2xx or cannot be reached. */
  async function deliver(body: string, since: number) {
    const signature = signNotchPay(body, webhookHash);
    for (let attempt = 0; attempt <= fake.settings.webhookRetries; attempt++) {
      if (attempt > 0) await sleep(RETRY_GAP_MS);
      if (!alive(since)) return;
      const status = await post(body, signature);
      if (status !== null && status >= 200 && status < 300) return;
    }
  }

  function eventBody(type: string, data: FakeTransaction, createdAt: string): string {
    return JSON.stringify({ id: `evt_${randomBytes(8).toString("hex")}`, type, created_at: createdAt, data });
  }

  /** Announces a payment's (final) status to the merchant, the way settings.webhook says. */
  async function announce(payment: Payment) {
    const since = epoch;
    const mode = fake.settings.webhook;
    if (mode === "none" || !fake.webhookUrl) return;
    if (fake.settings.webhookDelayMs > 0) await sleep(fake.settings.webhookDelayMs);
    if (!alive(since)) return;
    const now = new Date();
    const body = eventBody(eventType(payment.tx.status), reported(payment.tx), now.toISOString());
    await deliver(body, since);
    if (mode === "duplicate") await deliver(body, since);
    if (mode === "out-of-order") {
      // A stale event, dated before the real one, that says the opposite.
      const staleStatus: NotchPayStatus = payment.tx.status === "complete" ? "failed" : "complete";
      const staleAt = new Date(now.getTime() - 1_000).toISOString();
      const stale = { ...reported(payment.tx), status: staleStatus, updated_at: staleAt };
      await deliver(eventBody(eventType(staleStatus), stale, staleAt), since);
    }
  }

  function find(reference: string): Payment | undefined {
    return byReference.get(reference) ?? byMerchantReference.get(reference);
  }

  async function settle(reference: string, outcome: Exclude<FakeOutcome, "pending">) {
    const payment = find(reference);
    if (!payment) throw new Error(`fake Notch Pay: no payment ${reference}`);
    if (payment.settleTimer) {
      clearTimeout(payment.settleTimer);
      timers.delete(payment.settleTimer);
      payment.settleTimer = null;
    }
    payment.tx.status = outcome;
    payment.tx.updated_at = new Date().toISOString();
    await announce(payment);
  }

  // --- The API -------------------------------------------------------------------------------------

  type Answer = { status: number; body: Record<string, unknown> };
  const answer = (status: number, body: Record<string, unknown>): Answer => ({ status, body });
  const refuse = (status: number, message: string, errors?: Record<string, string[]>): Answer =>
    answer(status, { code: status, status: http.STATUS_CODES[status] ?? "Error", message, ...(errors && { errors }) });
  const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

  function initialize(body: Record<string, unknown>): Answer {
    const errors: Record<string, string[]> = {};
    const { amount, currency, reference } = body;
    if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) {
      errors.amount = ["The amount field is required and must be a positive number."];
    }
    if (typeof currency !== "string" || !/^[A-Za-z]{3}$/.test(currency)) {
      errors.currency = ["The currency field is required (ISO code, e.g. XAF)."];
    }
    if (reference !== undefined && typeof reference !== "string") {
      errors.reference = ["The reference must be a string."];
    } else if (typeof reference === "string" && byMerchantReference.has(reference)) {
      errors.reference = ["The reference has already been taken."];
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) return refuse(422, first, errors);

    const given = body.customer;
    const customer: FakeTransaction["customer"] = typeof given === "string" ? { id: given } : {};
    for (const key of ["name", "email", "phone"] as const) {
      const value = text(isObject(given) ? given[key] : undefined) ?? (key === "name" ? undefined : text(body[key]));
      if (value) customer[key] = value;
    }
    const now = new Date().toISOString();
    const tx: FakeTransaction = {
      reference: `trx.${randomBytes(8).toString("hex")}`,
      merchant_reference: typeof reference === "string" ? reference : null,
      amount: amount as number,
      amount_total: amount as number,
      currency: (currency as string).toUpperCase(),
      status: "pending",
      sandbox: publicKey.startsWith("pk_test_"),
      fee: 0,
      converted_amount: amount as number,
      customer,
      description: text(body.description) ?? null,
      callback: text(body.callback) ?? null,
      channel: null,
      initiated_at: now,
      updated_at: now,
    };
    const payment: Payment = { tx, settleTimer: null };
    byReference.set(tx.reference, payment);
    if (tx.merchant_reference) byMerchantReference.set(tx.merchant_reference, payment);
    return answer(201, {
      status: "Accepted",
      message: "Payment initialized",
      code: 201,
      transaction: reported(tx),
      authorization_url: `https://pay.notchpay.co/${tx.reference}`,
    });
  }

  function processPayment(reference: string, body: Record<string, unknown>): Answer {
    const payment = byReference.get(reference);
    if (!payment) return refuse(404, "Payment not found");
    const { tx } = payment;
    if (FINAL.includes(tx.status)) return refuse(400, `This payment is already ${tx.status}`);
    if (tx.status === "processing") return refuse(409, "This payment is already being processed");
    const channel = body.channel;
    if (typeof channel !== "string" || !CHANNELS.includes(channel)) {
      return refuse(422, `The channel must be one of ${CHANNELS.join(", ")}`, { channel: ["Invalid channel"] });
    }
    const data = isObject(body.data) ? body.data : {};
    const phone = typeof data.phone === "string" ? CM_MOBILE.exec(data.phone.replace(/\s/g, ""))?.[1] : undefined;
    if (!phone) {
      return refuse(422, "The phone must be a Cameroonian mobile number (2376XXXXXXXX)", { phone: ["Invalid"] });
    }
    if (data.country !== undefined && data.country !== "CM") {
      return refuse(422, "The country must be CM", { country: ["Invalid"] });
    }

    tx.status = "processing";
    tx.channel = channel;
    tx.customer.phone ??= phone;
    tx.updated_at = new Date().toISOString();
    // The outcome is fixed now; switching settings later does not change a payment already processing.
    const outcome = fake.settings.outcomeByPhone[phone] ?? fake.settings.outcome;
    if (outcome !== "pending") {
      // Settles after the 202 has left, even with a zero delay: the customer confirms on the phone.
      payment.settleTimer = later(fake.settings.settleAfterMs, () => {
        payment.settleTimer = null;
        track(settle(tx.reference, outcome));
      });
    }
    return answer(202, {
      status: "Accepted",
      message: "Payment processing initiated",
      code: 202,
      transaction: reported(tx),
    });
  }

  function route(method: string, path: string, body: unknown, authorization: string | undefined): Answer {
    if (!authorization) return refuse(401, "Missing API key in the Authorization header");
    if (authorization !== publicKey) return refuse(401, "Invalid API key");
    const input = isObject(body) ? body : {};
    if (path === "/payments" && method === "POST") return initialize(input);
    const match = /^\/payments\/([^/]+)$/.exec(path);
    if (match) {
      let reference: string;
      try {
        reference = decodeURIComponent(match[1]!);
      } catch {
        return refuse(404, "Payment not found");
      }
      if (method === "POST" || method === "PUT") return processPayment(reference, input);
      if (method === "GET") {
        const payment = find(reference);
        if (!payment) return refuse(404, "Payment not found");
        return answer(200, {
          code: 200,
          status: "OK",
          message: "Transaction retrieved",
          transaction: reported(payment.tx),
        });
      }
      return refuse(405, "Method not allowed");
    }
    return refuse(404, "Not found");
  }

  // --- Test-only control paths (standalone use by browser tests) -----------------------------------

  /** Merges JSON into the settings; also takes `webhookUrl`. Unknown keys and wrong values are refused. */
  function control(path: string, body: unknown): Answer {
    if (path === "/__fake/reset") {
      fake.reset();
      return answer(200, { ok: true });
    }
    if (!isObject(body)) return refuse(400, "Expected a JSON object");
    const { webhookUrl, ...settings } = body;
    if (webhookUrl !== undefined && webhookUrl !== null && typeof webhookUrl !== "string") {
      return refuse(400, "Wrong value for webhookUrl");
    }
    for (const [key, value] of Object.entries(settings)) {
      const check = SETTING_CHECKS[key as keyof FakeSettings];
      if (!check) return refuse(400, `Unknown setting ${key}`);
      if (!check(value)) return refuse(400, `Wrong value for ${key}`);
    }
    if (webhookUrl !== undefined) fake.webhookUrl = webhookUrl;
    Object.assign(fake.settings, settings);
    return answer(200, { settings: fake.settings, webhookUrl: fake.webhookUrl });
  }

  // --- The server ----------------------------------------------------------------------------------

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "GET";
      const url = req.url ?? "/";
      const path = url.split("?")[0]!;
      let body: unknown = null;
      let invalid = false;
      if (raw !== "") {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
          invalid = true;
        }
      }
      const send = ({ status, body: payload }: Answer) => {
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      };
      if (method === "POST" && (path === "/__fake/settings" || path === "/__fake/reset")) {
        send(invalid ? refuse(400, "Invalid JSON body") : control(path, body));
        return;
      }

      fake.calls.push({ method, path: url, body });
      const { settings } = fake;
      if (settings.hangNextCalls > 0) {
        settings.hangNextCalls--;
        return; // never answered nor acted upon; close() cuts the connection
      }
      if (settings.failNextCalls && settings.failNextCalls.count > 0) {
        const { status } = settings.failNextCalls;
        if (--settings.failNextCalls.count <= 0) settings.failNextCalls = null;
        send(refuse(status, "Simulated failure"));
        return;
      }
      if (invalid) {
        send(refuse(400, "Invalid JSON body"));
        return;
      }
      send(route(method, path, body, req.headers.authorization));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Notch Pay: no port");

  const fake: FakeNotchPay = {
    url: `http://127.0.0.1:${address.port}`,
    publicKey,
    webhookHash,
    env: {
      NOTCHPAY_PUBLIC_KEY: publicKey,
      NOTCHPAY_PRIVATE_KEY: "sk_test_fake_private",
      NOTCHPAY_WEBHOOK_HASH: webhookHash,
      NOTCHPAY_API_URL: `http://127.0.0.1:${address.port}`,
    },
    settings: defaultSettings(),
    webhookUrl: options.webhookUrl ?? null,
    payments: () => [...byReference.values()].map((p) => structuredClone(p.tx)),
    calls: [],
    deliveries: [],
    settle,
    async sendWebhook(reference, opts = {}) {
      const payment = find(reference);
      if (!payment) throw new Error(`fake Notch Pay: no payment ${reference}`);
      if (!fake.webhookUrl) throw new Error("fake Notch Pay: no webhookUrl to send to");
      const body =
        opts.body ??
        eventBody(opts.type ?? eventType(payment.tx.status), reported(payment.tx), new Date().toISOString());
      return post(body, opts.signature === undefined ? signNotchPay(body, webhookHash) : opts.signature);
    },
    reset() {
      epoch++;
      stopTimers();
      for (const req of outgoing) req.destroy();
      byReference.clear();
      byMerchantReference.clear();
      fake.calls.length = 0;
      fake.deliveries.length = 0;
      Object.assign(fake.settings, defaultSettings());
      fake.webhookUrl = options.webhookUrl ?? null;
    },
    async close() {
      if (closed) return;
      closed = true;
      stopTimers();
      for (const req of outgoing) req.destroy();
      await Promise.all(tasks);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return fake;
}

// --- Standalone, for browser tests -----------------------------------------------------------------
// node apps/server/src/test/fake-notchpay.ts — listens on FAKE_NOTCHPAY_PORT (4010 by default) with the
// keys of NOTCHPAY_PUBLIC_KEY / NOTCHPAY_WEBHOOK_HASH, posts webhooks to FAKE_NOTCHPAY_WEBHOOK_URL, and
// takes POST /__fake/settings (JSON merged into the settings) and POST /__fake/reset. Test-only.
if (import.meta.main) {
  const env = process.env;
  const fake = await listenFake(
    {
      publicKey: env.NOTCHPAY_PUBLIC_KEY || undefined,
      webhookHash: env.NOTCHPAY_WEBHOOK_HASH || undefined,
      webhookUrl: env.FAKE_NOTCHPAY_WEBHOOK_URL || undefined,
    },
    Number(env.FAKE_NOTCHPAY_PORT ?? 4010),
  );
  console.log(`fake Notch Pay listening on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
