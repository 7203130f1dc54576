/**
 * The fake Notch Pay itself (fake-notchpay.ts): the API shapes our payment code relies on, the
 * outcomes and webhook behaviours the tests switch, and a close() that leaves nothing behind.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeNotchPay,
  type FakeOutcome,
  type FakeTransaction,
  signNotchPay,
  startFakeNotchPay,
} from "./fake-notchpay.ts";

const PHONE = "237670000000";

/** A merchant webhook endpoint: records what it receives, answers what `answer` says. */
interface Receiver {
  url: string;
  received: Array<{ body: string; signature: string | undefined }>;
  answer: (index: number) => number;
  close(): Promise<void>;
}
async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: "", received: [], answer: () => 200, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const index = receiver.received.length;
      const signature = req.headers["x-notch-signature"];
      receiver.received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: typeof signature === "string" ? signature : undefined,
      });
      res.writeHead(receiver.answer(index)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/notchpay`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return receiver;
}

async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let fake: FakeNotchPay;
let receiver: Receiver;

beforeEach(async () => {
  receiver = await startReceiver();
  fake = await startFakeNotchPay({ webhookUrl: receiver.url, webhookHash: "secret-hash" });
});
afterEach(async () => {
  await fake.close();
  await receiver.close();
});

async function api(method: string, route: string, body?: unknown, key: string | null = fake.publicKey) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key !== null) headers.authorization = key;
  const res = await fetch(`${fake.url}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field
  return { status: res.status, body: (await res.json()) as any };
}

async function initialize(reference = `order-${Math.random()}`, amount = 5000): Promise<FakeTransaction> {
  const res = await api("POST", "/payments", { amount, currency: "XAF", email: "awa@test.cm", reference });
  expect(res.status).toBe(201);
  return res.body.transaction;
}

async function pay(phone = PHONE): Promise<FakeTransaction> {
  const tx = await initialize();
  const res = await api("POST", `/payments/${tx.reference}`, { channel: "cm.mtn", data: { phone, country: "CM" } });
  expect(res.status).toBe(202);
  return res.body.transaction;
}

const events = () => receiver.received.map((r) => JSON.parse(r.body));

describe("the API", () => {
  it("refuses a call without the public key, or with another one", async () => {
    for (const key of [null, "pk_test_someone_else", `Bearer ${fake.publicKey}`]) {
      const res = await api("GET", "/payments/trx.nothing", undefined, key);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, status: "Unauthorized" });
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(fake.calls).toHaveLength(3);
  });

  it("initializes a payment: 201, a pending sandbox transaction and a payment page", async () => {
    const res = await api("POST", "/payments", {
      amount: 15000,
      currency: "XAF",
      customer: { name: "Awa Ndiaye", email: "awa@test.cm", phone: "+237670000000" },
      description: "Commande CMD-1",
      reference: "CMD-1",
      callback: "http://shop.test/merci",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "Accepted", message: "Payment initialized", code: 201 });
    const tx = res.body.transaction;
    expect(tx).toMatchObject({
      merchant_reference: "CMD-1",
      amount: 15000,
      amount_total: 15000,
      currency: "XAF",
      status: "pending",
      sandbox: true,
      fee: 0,
      converted_amount: 15000,
      customer: { name: "Awa Ndiaye", email: "awa@test.cm", phone: "+237670000000" },
      description: "Commande CMD-1",
    });
    expect(tx.reference).toMatch(/^trx\.[0-9a-f]+$/);
    expect(new Date(tx.initiated_at).toISOString()).toBe(tx.initiated_at);
    expect(res.body.authorization_url).toBe(`https://pay.notchpay.co/${tx.reference}`);
    expect(fake.payments()).toEqual([tx]);
    expect(fake.calls).toEqual([
      { method: "POST", path: "/payments", body: expect.objectContaining({ amount: 15000 }) },
    ]);
  });

  it("refuses a merchant reference already used, and a missing amount or currency (422)", async () => {
    await initialize("CMD-2");
    const again = await api("POST", "/payments", { amount: 5000, currency: "XAF", reference: "CMD-2" });
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/reference/);
    for (const body of [{ currency: "XAF" }, { amount: 5000 }, { amount: "5000", currency: "XAF" }]) {
      expect((await api("POST", "/payments", body)).status).toBe(422);
    }
    expect(fake.payments()).toHaveLength(1);
  });

  it("processes a payment (POST or PUT): 202 and processing, and refuses what it cannot", async () => {
    const tx = await initialize("CMD-3");
    fake.settings.outcome = "pending";
    expect((await api("POST", "/payments/trx.unknown", { channel: "cm.mtn", data: { phone: PHONE } })).status).toBe(
      404,
    );
    expect(
      (await api("POST", `/payments/${tx.reference}`, { channel: "cm.visa", data: { phone: PHONE } })).status,
    ).toBe(422);
    for (const phone of ["670000000", "237220000000", "23767000000", undefined]) {
      const res = await api("POST", `/payments/${tx.reference}`, { channel: "cm.orange", data: { phone } });
      expect(res.status).toBe(422);
    }
    const res = await api("PUT", `/payments/${tx.reference}`, { channel: "cm.orange", data: { phone: `+${PHONE}` } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "Accepted", message: "Payment processing initiated", code: 202 });
    expect(res.body.transaction).toMatchObject({ reference: tx.reference, status: "processing", channel: "cm.orange" });

    const twice = await api("POST", `/payments/${tx.reference}`, { channel: "cm.mtn", data: { phone: PHONE } });
    expect(twice.status).toBe(409);
    await fake.settle(tx.reference, "complete");
    const final = await api("POST", `/payments/${tx.reference}`, { channel: "cm.mtn", data: { phone: PHONE } });
    expect(final.status).toBe(400);
    expect(final.body.message).toMatch(/complete/);
  });

  it("retrieves a payment by Notch Pay's reference or the merchant's, 404 otherwise", async () => {
    const tx = await initialize("CMD-4");
    for (const reference of [tx.reference, "CMD-4"]) {
      const res = await api("GET", `/payments/${reference}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, status: "OK", message: "Transaction retrieved" });
      expect(res.body.transaction).toEqual(tx);
    }
    const missing = await api("GET", "/payments/CMD-404");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, status: "Not Found" });
  });
});

describe("outcomes and webhooks", () => {
  const expectedType: Record<Exclude<FakeOutcome, "pending">, string> = {
    complete: "payment.complete",
    failed: "payment.failed",
    canceled: "payment.canceled",
    rejected: "payment.failed",
    expired: "payment.expired",
  };

  for (const [outcome, type] of Object.entries(expectedType)) {
    it(`settles a processed payment as ${outcome} and sends ${type}, signed`, async () => {
      fake.settings.outcome = outcome as FakeOutcome;
      const tx = await pay();
      expect(tx.status).toBe("processing");
      await waitFor(() => fake.deliveries.length === 1);
      expect((await api("GET", `/payments/${tx.reference}`)).body.transaction.status).toBe(outcome);

      const [event] = events();
      expect(event).toMatchObject({ type, data: { reference: tx.reference, status: outcome } });
      expect(event.id).toMatch(/^evt_/);
      const { body, signature } = receiver.received[0]!;
      expect(signature).toBe(signNotchPay(body, "secret-hash"));
      expect(signature).not.toBe(signNotchPay(body, "another-hash"));
      expect(fake.deliveries).toEqual([{ body, signature, status: 200 }]);
    });
  }

  it("leaves a payment processing with the outcome pending, until settled by hand", async () => {
    fake.settings.outcome = "pending";
    const tx = await pay();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await api("GET", `/payments/${tx.reference}`)).body.transaction.status).toBe("processing");
    expect(receiver.received).toHaveLength(0);
    await fake.settle(tx.reference, "complete");
    expect(fake.payments()[0]!.status).toBe("complete");
    expect(events().map((e) => e.type)).toEqual(["payment.complete"]);
  });

  it("chooses the outcome by phone, and waits settleAfterMs before settling", async () => {
    fake.settings.outcomeByPhone = { "237670000001": "failed" };
    fake.settings.settleAfterMs = 400;
    const failing = await pay("237670000001");
    const paying = await pay("237690000000");
    expect((await api("GET", `/payments/${failing.reference}`)).body.transaction.status).toBe("processing");
    await waitFor(() => fake.deliveries.length === 2);
    const status = Object.fromEntries(fake.payments().map((p) => [p.reference, p.status]));
    expect(status).toEqual({ [failing.reference]: "failed", [paying.reference]: "complete" });
  });

  it("sends nothing with webhook 'none', after webhookDelayMs otherwise", async () => {
    fake.settings.webhook = "none";
    const quiet = await pay();
    await fake.settle(quiet.reference, "complete");
    expect(receiver.received).toHaveLength(0);

    fake.settings.webhook = "send";
    fake.settings.webhookDelayMs = 150;
    fake.settings.outcome = "pending";
    const tx = await pay();
    const started = Date.now();
    await fake.settle(tx.reference, "complete");
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(receiver.received).toHaveLength(1);
  });

  it("sends the same event twice with webhook 'duplicate'", async () => {
    fake.settings.webhook = "duplicate";
    await pay();
    await waitFor(() => fake.deliveries.length === 2);
    const [first, second] = receiver.received;
    expect(second).toEqual(first);
    expect(JSON.parse(first!.body).type).toBe("payment.complete");
  });

  it("follows the final event with a stale contradictory one with webhook 'out-of-order'", async () => {
    fake.settings.webhook = "out-of-order";
    fake.settings.outcome = "pending";
    const paid = await pay();
    await fake.settle(paid.reference, "complete");
    const [final, stale] = events();
    expect(final).toMatchObject({ type: "payment.complete", data: { status: "complete" } });
    expect(stale).toMatchObject({ type: "payment.failed", data: { reference: paid.reference, status: "failed" } });
    expect(stale.id).not.toBe(final.id);
    expect(Date.parse(stale.created_at)).toBeLessThan(Date.parse(final.created_at));
    for (const { body, signature } of receiver.received) expect(signature).toBe(signNotchPay(body, "secret-hash"));

    const failed = await pay();
    await fake.settle(failed.reference, "failed");
    expect(
      events()
        .slice(2)
        .map((e) => [e.type, e.data.status]),
    ).toEqual([
      ["payment.failed", "failed"],
      ["payment.complete", "complete"],
    ]);
    expect(fake.payments().find((p) => p.reference === paid.reference)!.status).toBe("complete");
  });

  it("resends while the merchant answers 500, webhookRetries times at most", async () => {
    fake.settings.outcome = "pending";
    receiver.answer = (index) => (index < 2 ? 500 : 200);
    const tx = await pay();
    await fake.settle(tx.reference, "complete");
    expect(fake.deliveries.map((d) => d.status)).toEqual([500, 500, 200]);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);

    fake.reset();
    fake.settings.outcome = "pending";
    fake.settings.webhookRetries = 1;
    receiver.answer = () => 500;
    const again = await pay();
    await fake.settle(again.reference, "complete");
    expect(fake.deliveries.map((d) => d.status)).toEqual([500, 500]);
  });

  it("records an unreachable merchant as status null, and retries it", async () => {
    fake.settings.outcome = "pending";
    fake.settings.webhookRetries = 2;
    fake.webhookUrl = "http://127.0.0.1:1/webhooks";
    const tx = await pay();
    await fake.settle(tx.reference, "complete");
    expect(fake.deliveries.map((d) => d.status)).toEqual([null, null, null]);
  });

  it("resends or forges a webhook on demand", async () => {
    fake.settings.outcome = "pending";
    const tx = await pay();
    expect(await fake.sendWebhook(tx.reference)).toBe(200);
    expect(events()[0]).toMatchObject({ type: "payment.created", data: { status: "processing" } });

    await fake.sendWebhook(tx.reference, { type: "payment.complete", signature: "forged" });
    expect(receiver.received[1]!.signature).toBe("forged");
    await fake.sendWebhook(tx.reference, { signature: null });
    expect(receiver.received[2]!.signature).toBeUndefined();
    await fake.sendWebhook(tx.reference, { body: '{"tampered":true}' });
    expect(receiver.received[3]).toEqual({
      body: '{"tampered":true}',
      signature: signNotchPay('{"tampered":true}', "secret-hash"),
    });
    expect(fake.deliveries).toHaveLength(4);
    expect(fake.payments()[0]!.status).toBe("processing");
  });
});

describe("switches", () => {
  it("reports another amount and currency than the real ones (API and webhook)", async () => {
    fake.settings.reportedAmount = 100;
    fake.settings.reportedCurrency = "EUR";
    const tx = await pay();
    expect(tx).toMatchObject({ amount: 100, amount_total: 100, currency: "EUR" });
    await waitFor(() => fake.deliveries.length === 1);
    expect(events()[0].data).toMatchObject({ amount: 100, currency: "EUR", status: "complete" });
    expect((await api("GET", `/payments/${tx.reference}`)).body.transaction.amount).toBe(100);
    expect(fake.payments()[0]).toMatchObject({ amount: 5000, currency: "XAF" });
  });

  it("answers the next calls with an error status (failNextCalls), then normally", async () => {
    fake.settings.failNextCalls = { status: 503, count: 2 };
    const first = await api("POST", "/payments", { amount: 5000, currency: "XAF", reference: "CMD-5" });
    expect(first).toEqual({ status: 503, body: expect.objectContaining({ code: 503 }) });
    expect((await api("GET", "/payments/CMD-5")).status).toBe(503);
    expect(fake.settings.failNextCalls).toBeNull();
    expect(fake.payments()).toHaveLength(0);
    await initialize("CMD-5");
    expect(fake.calls).toHaveLength(3);
  });

  it("leaves the next calls unanswered (hangNextCalls) and does not act on them", async () => {
    fake.settings.hangNextCalls = 1;
    const hung = fetch(`${fake.url}/payments`, {
      method: "POST",
      headers: { authorization: fake.publicKey, "content-type": "application/json" },
      body: JSON.stringify({ amount: 5000, currency: "XAF", reference: "CMD-6" }),
      signal: AbortSignal.timeout(200),
    });
    await expect(hung).rejects.toThrow();
    expect(fake.payments()).toHaveLength(0);
    await initialize("CMD-6");
    expect(fake.calls).toHaveLength(2);
  });

  it("forgets everything on reset()", async () => {
    fake.settings.outcome = "failed";
    fake.settings.settleAfterMs = 10_000;
    await pay();
    fake.webhookUrl = null;
    fake.reset();
    expect(fake.payments()).toEqual([]);
    expect(fake.calls).toEqual([]);
    expect(fake.settings).toMatchObject({ outcome: "complete", settleAfterMs: 0, webhookRetries: 3 });
    expect(fake.webhookUrl).toBe(receiver.url);
  });

  it("takes settings and reset over HTTP, without a key, refusing unknown or wrong ones", async () => {
    const post = (route: string, body: unknown) =>
      fetch(`${fake.url}${route}`, { method: "POST", body: JSON.stringify(body) });
    const ok = await post("/__fake/settings", { outcome: "failed", outcomeByPhone: { [PHONE]: "expired" } });
    expect(ok.status).toBe(200);
    expect(fake.settings).toMatchObject({
      outcome: "failed",
      outcomeByPhone: { [PHONE]: "expired" },
      webhookRetries: 3,
    });
    expect((await post("/__fake/settings", { outcome: "paid" })).status).toBe(400);
    expect((await post("/__fake/settings", { webhookRetries: -1 })).status).toBe(400);
    expect((await post("/__fake/settings", { secretKey: "x" })).status).toBe(400);
    expect((await post("/__fake/reset", {})).status).toBe(200);
    expect(fake.settings.outcome).toBe("complete");
    expect(fake.calls).toEqual([]);
    expect((await post("/__fake/payments", {})).status).toBe(401);
  });
});

describe("close()", () => {
  it("leaves no timer, server or socket behind", async () => {
    const count = () => {
      const counts: Record<string, number> = {};
      for (const r of process.getActiveResourcesInfo()) counts[r] = (counts[r] ?? 0) + 1;
      return counts;
    };
    // Handles of the previous test may still be going away: count once things are quiet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = count();
    const other = await startFakeNotchPay({ webhookUrl: receiver.url });
    other.settings.settleAfterMs = 60_000;
    other.settings.hangNextCalls = 1;
    const hung = fetch(`${other.url}/payments`, { method: "POST", headers: { authorization: other.publicKey } }).catch(
      () => "cut",
    );
    const tx = (await (
      await fetch(`${other.url}/payments`, {
        method: "POST",
        headers: { authorization: other.publicKey },
        body: JSON.stringify({ amount: 1000, currency: "XAF" }),
      })
    ).json()) as { transaction: FakeTransaction };
    await fetch(`${other.url}/payments/${tx.transaction.reference}`, {
      method: "POST",
      headers: { authorization: other.publicKey },
      body: JSON.stringify({ channel: "cm.mtn", data: { phone: PHONE } }),
    });
    // A webhook held back, in its delay, when close() comes.
    other.settings.webhookDelayMs = 60_000;
    const held = other.settle(tx.transaction.reference, "complete");
    await other.close();
    await held;
    expect(await hung).toBe("cut");
    // Client sockets see the cut a moment later; a leaked timer or server would never go.
    await waitFor(() => JSON.stringify(count()) === JSON.stringify(before), 1_000).catch(() => {});
    expect(count()).toEqual(before);
    await expect(fetch(other.url)).rejects.toThrow();
  });
});

describe("standalone", () => {
  it("runs as `node fake-notchpay.ts` with its keys from the environment, and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, "fake-notchpay.ts")], {
      env: {
        PATH: process.env.PATH ?? "",
        FAKE_NOTCHPAY_PORT: "0",
        NOTCHPAY_PUBLIC_KEY: "pk_test_browser",
        NOTCHPAY_WEBHOOK_HASH: "browser-hash",
        FAKE_NOTCHPAY_WEBHOOK_URL: receiver.url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    await waitFor(() => /listening on (\S+)/.test(stdout), 10_000);
    const url = /listening on (\S+)/.exec(stdout)![1]!;
    const settings = await fetch(`${url}/__fake/settings`, { method: "POST", body: '{"outcome":"failed"}' });
    expect(settings.status).toBe(200);
    const init = await fetch(`${url}/payments`, {
      method: "POST",
      headers: { authorization: "pk_test_browser" },
      body: JSON.stringify({ amount: 2000, currency: "XAF", reference: "WEB-1" }),
    });
    const { transaction } = (await init.json()) as { transaction: FakeTransaction };
    await fetch(`${url}/payments/${transaction.reference}`, {
      method: "POST",
      headers: { authorization: "pk_test_browser" },
      body: JSON.stringify({ channel: "cm.orange", data: { phone: "237690000000" } }),
    });
    await waitFor(() => receiver.received.length === 1);
    const { body, signature } = receiver.received[0]!;
    expect(signature).toBe(signNotchPay(body, "browser-hash"));
    expect(JSON.parse(body)).toMatchObject({ type: "payment.failed", data: { merchant_reference: "WEB-1" } });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
