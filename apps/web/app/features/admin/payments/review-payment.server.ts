import { paymentRejectInput } from "@shop/shared";
import { MSG, ORDER_REFERENCE_PATTERN } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";

export type ReviewDecision = "approve" | "reject";

/** The intents a page's forms post to approve or reject a payment. */
export const REVIEW_INTENTS = { "approve-payment": "approve", "reject-payment": "reject" } as const;
export const isReviewIntent = (intent: string): intent is keyof typeof REVIEW_INTENTS => intent in REVIEW_INTENTS;

/**
 * What approving or rejecting answers, beside the payment: the server's words, which payment
 * and order they are about, and, for a reason refused, the reason typed (to give it back to the
 * form: without JavaScript the page is drawn again) and where the error goes.
 */
export interface PaymentReviewResult {
  payment: true;
  ok: boolean;
  decision: ReviewDecision;
  id: string;
  /** The order the payment is for, when the form says it (the queue's rows). */
  reference: string | null;
  message: string;
  reason?: string;
  /** The message is about the reason typed: shown under its field, not above the list. */
  reasonError?: true;
}

/**
 * The action of the 'À vérifier' queue and of the order page for a payment: 'Approuver' (the
 * order becomes 'payée') or 'Rejeter' with a reason the customer reads. The server decides: a
 * payment another admin has handled meanwhile is refused (409) with its French message.
 */
export async function reviewPayment(request: Request, form: FormData) {
  const intent = textOf(form, "intent");
  const decision: ReviewDecision = isReviewIntent(intent) ? REVIEW_INTENTS[intent] : "approve";
  const id = textOf(form, "paymentId");
  const typedReference = textOf(form, "reference");
  const reference = ORDER_REFERENCE_PATTERN.test(typedReference) ? typedReference : null;
  const base = { payment: true, decision, id, reference } as const;
  if (!isReviewIntent(intent) || !id) {
    return data({ ...base, ok: false, message: MSG.paymentNotFound } satisfies PaymentReviewResult, {
      status: 400,
    });
  }
  const typedReason = textOf(form, "reason");
  try {
    const api = adminApi(request);
    if (decision === "approve")
      return { ...base, ok: true, message: await api.approvePayment(id) } satisfies PaymentReviewResult;
    const parsed = paymentRejectInput.safeParse({ reason: typedReason });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? MSG.paymentNotFound;
      return data(
        { ...base, ok: false, message, reason: typedReason, reasonError: true } satisfies PaymentReviewResult,
        { status: 400 },
      );
    }
    const message = await api.rejectPayment(id, parsed.data.reason);
    return { ...base, ok: true, message } satisfies PaymentReviewResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404, 409]);
    const onReason = decision === "reject" && error.status === 400;
    return data(
      {
        ...base,
        ok: false,
        message: refusal.message,
        ...(decision === "reject" ? { reason: typedReason } : {}),
        ...(onReason ? { reasonError: true as const } : {}),
      } satisfies PaymentReviewResult,
      { status: refusal.status },
    );
  }
}
