import type { AdminPayment, PaymentToVerify } from "@shop/shared";

/** Payments as the API answers them, for the component tests of this folder. */
export const adminPaymentOf = (values: Partial<AdminPayment> = {}): AdminPayment => ({
  _id: "00000000-0000-4000-8000-000000000501",
  method: "transfer",
  operator: "mtn",
  phone: "+237677123456",
  amount: 250_000,
  currency: "XAF",
  state: "to_verify",
  reason: null,
  transactionId: "MP261122.1405.A12345",
  createdAt: "2026-11-22T13:05:00.000Z",
  settledAt: null,
  provider: null,
  providerReference: null,
  flag: null,
  screenshotUrl: null,
  reviewedBy: null,
  reviewedAt: null,
  updatedAt: "2026-11-22T13:05:00.000Z",
  ...values,
});

export const paymentToVerifyOf = (values: Partial<PaymentToVerify> = {}): PaymentToVerify => ({
  ...adminPaymentOf(),
  order: { reference: "CMD-7K4Q", name: "Awa Ngono", total: 250_000, status: "confirmée" },
  ...values,
});
