import type { CashChoiceInput, MobileMoneyPaymentInput, OrderPayment, Payment, PaymentPoll } from "@shop/shared";
import { apiClient } from "../../lib/api";

const orderPath = (reference: string, rest: string) => `/api/orders/${encodeURIComponent(reference)}/${rest}`;

/**
 * The payment screens' calls (decision 026), one function per endpoint, built on the one API
 * client. Kept here rather than in lib/api.ts so that they travel only with the pay screens.
 */
export function paymentApi(request?: Request) {
  const { call } = apiClient(request);
  return {
    /** What /pay shows: the order's total, whether it can be paid, its attempts, the ways offered. */
    orderPayment: async (reference: string, access: CashChoiceInput) =>
      (await call<OrderPayment>("POST", orderPath(reference, "payment"), access)).data,
    /** Charges the order's total to a Mobile Money number: the new attempt, or the one in progress. */
    payByMobileMoney: async (reference: string, input: MobileMoneyPaymentInput) =>
      (await call<Payment>("POST", orderPath(reference, "payments"), input)).data,
    /** "J'ai déjà payé par transfert": operator, transactionId, token and an optional `screenshot` part. */
    declareTransfer: async (reference: string, form: FormData) =>
      (await call<Payment>("POST", orderPath(reference, "transfer"), form)).message,
    /** "Paiement à la livraison". */
    chooseCash: async (reference: string, access: CashChoiceInput) =>
      (await call<unknown>("POST", orderPath(reference, "cash"), access)).message,
    /** The waiting screen's read: the attempt's state (the server asks the provider while it is pending). */
    paymentPoll: async (id: string) => (await call<PaymentPoll>("GET", `/api/payments/${encodeURIComponent(id)}`)).data,
  };
}
