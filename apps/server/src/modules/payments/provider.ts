import type { PaymentOperator } from "@shop/shared";

/*
 * What the shop needs from a Mobile Money provider (decision 026). Notch Pay is the one
 * implementation (notchpay.ts); another provider is another implementation of this interface,
 * and nothing in orders or payments changes.
 */

/** A provider's payment, reduced to what settles an attempt. */
export interface ProviderPayment {
  /** The provider's own reference. */
  reference: string;
  /** Ours, as sent when initialising (the attempt's merchant reference). */
  merchantReference: string | null;
  /** The provider's word for it: "pending", "processing", "complete", "failed", "expired"… */
  status: string;
  amount: number;
  currency: string;
  /** Any failure text the provider gave, to tell "solde insuffisant" from a refusal. */
  message: string | null;
}

/** How a provider's status settles an attempt. */
export type ProviderOutcome = "complete" | "pending" | "refused" | "failed" | "expired";

export interface ChargeInput {
  merchantReference: string;
  amount: number;
  currency: "XAF";
  description: string;
  /** "2376XXXXXXXX". */
  phone: string;
  operator: PaymentOperator;
  name: string;
  email: string | null;
}

export interface PaymentProvider {
  readonly name: string;
  /** Creates the payment; charges nothing. Returns the provider's reference. */
  initialise(input: ChargeInput): Promise<string>;
  /** Sends the charge to the customer's phone (the only call that moves money). */
  process(providerReference: string, input: ChargeInput): Promise<void>;
  /** Reads the payment as the provider knows it now. */
  retrieve(providerReference: string): Promise<ProviderPayment>;
  /**
   * Checks a notification's signature on its raw body, in constant time. Returns the payment's
   * references it names (to be retrieved, never trusted alone), or null when it is not signed
   * by the provider.
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): { event: string; reference: string | null; merchantReference: string | null } | null;
  outcomeOf(payment: ProviderPayment): ProviderOutcome;
}

/** A provider call that failed (network, timeout, an error answer): nothing is known to have moved. */
export class ProviderError extends Error {}
