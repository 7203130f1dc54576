import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentOperator } from "@shop/shared";
import { z } from "zod";
import {
  type ChargeInput,
  type PaymentProvider,
  ProviderError,
  type ProviderOutcome,
  type ProviderPayment,
} from "./provider.ts";

/*
 * Notch Pay's REST API, as documented at developer.notchpay.co (decision 026):
 *   POST /payments               initialise (amount, currency, reference, description, phone)
 *   POST /payments/{reference}   process: channel cm.mtn | cm.orange, data.phone (charges)
 *   GET  /payments/{reference}   retrieve
 * every call with `Authorization: <public key>`; webhooks signed with HMAC-SHA256 of the raw
 * body by the webhook hash, in `x-notch-signature`.
 */

export interface NotchPayConfig {
  publicKey: string;
  webhookHash: string;
  apiUrl: string;
  timeoutMs: number;
}

const CHANNELS: Record<PaymentOperator, string> = { mtn: "cm.mtn", orange: "cm.orange" };

const transaction = z.object({
  reference: z.string(),
  merchant_reference: z.string().nullish(),
  status: z.string(),
  amount: z.coerce.number(),
  currency: z.string(),
  message: z.string().nullish(),
});
const answer = z.object({ transaction: transaction });
const webhook = z.object({
  type: z.string().optional(),
  event: z.string().optional(),
  data: z.object({ reference: z.string().nullish(), merchant_reference: z.string().nullish() }).loose().optional(),
});

const toPayment = (t: z.infer<typeof transaction>): ProviderPayment => ({
  reference: t.reference,
  merchantReference: t.merchant_reference ?? null,
  status: t.status.toLowerCase(),
  amount: t.amount,
  currency: t.currency.toUpperCase(),
  message: t.message ?? null,
});

export function notchPaySignature(rawBody: Buffer | string, hash: string): string {
  return createHmac("sha256", hash).update(rawBody).digest("hex");
}

export function createNotchPay(config: NotchPayConfig): PaymentProvider {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: config.publicKey,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Notch Pay ${method} ${path}: ${(error as Error).name}`);
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) throw new ProviderError(`Notch Pay ${method} ${path}: HTTP ${response.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new ProviderError(`Notch Pay ${method} ${path}: not JSON`);
    }
  }

  const parsed = (value: unknown, what: string) => {
    const result = answer.safeParse(value);
    if (!result.success) throw new ProviderError(`Notch Pay ${what}: unexpected answer`);
    return toPayment(result.data.transaction);
  };

  return {
    name: "notchpay",

    async initialise(input: ChargeInput) {
      const body = {
        amount: input.amount,
        currency: input.currency,
        reference: input.merchantReference,
        description: input.description,
        phone: input.phone,
        customer: { name: input.name, phone: input.phone, ...(input.email ? { email: input.email } : {}) },
        ...(input.email ? { email: input.email } : {}),
        locked_currency: input.currency,
        locked_country: "CM",
        locked_channel: CHANNELS[input.operator],
      };
      return parsed(await call("POST", "/payments", body), "initialise").reference;
    },

    async process(providerReference: string, input: ChargeInput) {
      await call("POST", `/payments/${encodeURIComponent(providerReference)}`, {
        channel: CHANNELS[input.operator],
        data: { phone: input.phone, country: "CM" },
      });
    },

    async retrieve(providerReference: string) {
      return parsed(await call("GET", `/payments/${encodeURIComponent(providerReference)}`), "retrieve");
    },

    verifyWebhook(rawBody, headers) {
      const given = headers["x-notch-signature"];
      if (typeof given !== "string" || !/^[0-9a-f]{64}$/i.test(given)) return null;
      const expected = Buffer.from(notchPaySignature(rawBody, config.webhookHash), "hex");
      if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) return null;
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return { event: "", reference: null, merchantReference: null };
      }
      const event = webhook.safeParse(body);
      if (!event.success) return { event: "", reference: null, merchantReference: null };
      return {
        event: event.data.type ?? event.data.event ?? "",
        reference: event.data.data?.reference ?? null,
        merchantReference: event.data.data?.merchant_reference ?? null,
      };
    },

    outcomeOf(payment: ProviderPayment): ProviderOutcome {
      switch (payment.status) {
        case "complete":
          return "complete";
        case "canceled":
        case "cancelled":
        case "rejected":
        case "abandoned":
          return "refused";
        case "failed":
        case "refunded":
        case "partialy-refunded":
          return "failed";
        case "expired":
          return "expired";
        default:
          return "pending";
      }
    },
  };
}
