import type { AdminPayment, Payment } from "@shop/shared";
import type { PaymentRow } from "../../db/schema/payments.ts";

/** An attempt as its customer sees it: no provider, flag or reviewer. */
export function toApiPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    method: row.method,
    operator: row.operator,
    phone: row.phone,
    amount: row.amount,
    currency: "XAF",
    // A flagged online payment is the shop's to sort out: the customer reads that it is checked.
    state: row.state,
    reason: row.state === "failed" || row.state === "rejected" ? row.reason : null,
    transactionId: row.method === "transfer" ? row.transactionId : null,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** An attempt for the shop's admins: with the provider's reference, the flag and who reviewed it. */
export function toApiAdminPayment(row: PaymentRow): AdminPayment {
  return {
    ...toApiPayment(row),
    reason: row.reason,
    transactionId: row.transactionId,
    provider: row.provider,
    providerReference: row.providerReference,
    flag: row.flag,
    screenshotUrl: row.screenshotPath ? `/api/admin/payments/${row.id}/screenshot` : null,
    reviewedBy: row.reviewedByName ? { _id: row.reviewedBy, name: row.reviewedByName } : null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
