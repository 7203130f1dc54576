import { z } from "zod";
import { PAYMENT_CHOICES, PAYMENT_METHODS, PAYMENT_OPERATORS, PAYMENT_STATES } from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";
import { id, isoDate } from "./common.ts";
import { cameroonPhone } from "./orders.ts";

/*
 * Paying an order (decision 026): Mobile Money through the provider, a transfer the
 * customer already sent by hand, or cash on delivery. The amount is never sent by a client: it
 * is the order's total as recorded.
 */

export const paymentOperator = z.enum(PAYMENT_OPERATORS, { error: FIELD_MSG.paymentOperatorInvalid });
export const paymentState = z.enum(PAYMENT_STATES);
export const paymentMethod = z.enum(PAYMENT_METHODS);
export const paymentChoice = z.enum(PAYMENT_CHOICES);

/**
 * Who may act on an order's payment: its signed-in customer, anyone who knows its reference and
 * its phone number (as on the status page: `contactPhone`), or anyone holding its payment link's
 * `token` (order answers carry it as `payToken`: the shop may send the link on WhatsApp).
 */
const orderAccess = {
  contactPhone: cameroonPhone.optional(),
  token: z.string().trim().max(100).optional(),
};

/** POST /api/orders/:reference/payments: charge the order's total to a Mobile Money number. */
export const mobileMoneyPaymentInput = z.strictObject({
  operator: paymentOperator,
  /** The number the customer confirms on: prefilled with the order's, editable. */
  phone: cameroonPhone,
  ...orderAccess,
});
export type MobileMoneyPaymentInput = z.infer<typeof mobileMoneyPaymentInput>;

/**
 * POST /api/orders/:reference/transfer (multipart): "J'ai déjà payé par transfert". Text fields
 * operator, transactionId, contactPhone; an optional `screenshot` part (JPEG, PNG, WebP, HEIC).
 */
export const transferDeclarationInput = z.strictObject({
  operator: paymentOperator,
  /** As printed in the operator's confirmation SMS; compared without case or spaces. */
  transactionId: z
    .string({ error: FIELD_MSG.transactionIdRequired })
    .trim()
    .toUpperCase()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, FIELD_MSG.transactionIdRequired)
        .max(40, FIELD_MSG.transactionIdInvalid)
        .regex(/^[A-Z0-9.\-_]+$/, FIELD_MSG.transactionIdInvalid),
    ),
  ...orderAccess,
});
export type TransferDeclarationInput = z.infer<typeof transferDeclarationInput>;

/** POST /api/orders/:reference/cash: "Paiement à la livraison". */
export const cashChoiceInput = z.strictObject({ ...orderAccess });
export type CashChoiceInput = z.infer<typeof cashChoiceInput>;

/** POST /api/orders/:reference/payment: what the payment screen shows (same access rule). */
export const orderPaymentQuery = z.strictObject({ ...orderAccess });

/** One attempt, as its customer sees it. Its id is the waiting screen's key. */
export const payment = z.object({
  _id: id,
  method: paymentMethod,
  operator: paymentOperator.nullable(),
  /** "+237…" charged or declared from. */
  phone: z.string().nullable(),
  amount: z.number().int(),
  currency: z.literal("XAF"),
  state: paymentState,
  /** Why it ended without paying, in French ("Solde insuffisant.", "Délai dépassé."…), or the admin's reason for a rejected transfer. */
  reason: z.string().nullable(),
  transactionId: z.string().nullable(),
  createdAt: isoDate,
  settledAt: isoDate.nullable(),
});
export type Payment = z.infer<typeof payment>;

/** The payment screen: the order's amount, whether it is paid, what it may still do. */
export const orderPayment = z.object({
  reference: z.string(),
  status: z.string(),
  /** The order's total as recorded: the only amount ever charged. */
  total: z.number().int(),
  /** False while the delivery fee is to be confirmed, once paid, cancelled or delivered. */
  payable: z.boolean(),
  paid: z.boolean(),
  choice: paymentChoice.nullable(),
  /** Newest first. */
  payments: z.array(payment),
  /** Whether Mobile Money through the provider is offered (keys configured). */
  mobileMoney: z.boolean(),
  /** The shop's own numbers for a transfer by hand, "+237…", null when not set. */
  transferNumbers: z.object({ mtn: z.string().nullable(), orange: z.string().nullable() }),
  /** The number on the order, to prefill ("+237…"), or null. */
  orderPhone: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/** GET /api/payments/:id: the waiting screen's poll (the id, unguessable, is the key). */
export const paymentPoll = payment.extend({
  orderReference: z.string(),
  orderPaid: z.boolean(),
  /** For the "Réessayer" link back to the payment screen. */
  payToken: z.string(),
});
export type PaymentPoll = z.infer<typeof paymentPoll>;

export const paymentParams = z.strictObject({ id });

/** A payment as the back-office sees it: with the provider's reference and the flag's reason. */
export const adminPayment = payment.extend({
  provider: z.string().nullable(),
  providerReference: z.string().nullable(),
  /** Set when an online payment did not match the order (amount, currency, already paid, cancelled). */
  flag: z.string().nullable(),
  /** /api/admin/payments/:id/screenshot when the customer sent one. */
  screenshotUrl: z.string().nullable(),
  reviewedBy: z.object({ _id: id.nullable(), name: z.string() }).nullable(),
  reviewedAt: isoDate.nullable(),
  updatedAt: isoDate,
});
export type AdminPayment = z.infer<typeof adminPayment>;

/** A row of the 'À vérifier' queue (oldest first). */
export const paymentToVerify = adminPayment.extend({
  order: z.object({ reference: z.string(), name: z.string(), total: z.number().int(), status: z.string() }),
});
export type PaymentToVerify = z.infer<typeof paymentToVerify>;

/** POST /api/admin/payments/:id/reject */
export const paymentRejectInput = z.strictObject({
  reason: z
    .string({ error: FIELD_MSG.rejectReasonRequired })
    .trim()
    .min(3, FIELD_MSG.rejectReasonRequired)
    .max(300, FIELD_MSG.rejectReasonTooLong),
});
export type PaymentRejectInput = z.infer<typeof paymentRejectInput>;
