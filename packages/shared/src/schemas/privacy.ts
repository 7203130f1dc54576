import { z } from "zod";
import { ORDER_CHANNELS, ORDER_STATUSES } from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";
import { id } from "./common.ts";
import { cameroonPhone, orderReference } from "./orders.ts";
import { recoveryCode, totpCode } from "./second-factors.ts";

/**
 * 'Mes données' (decision 041, docs/privacy.md): everything the shop keeps about a signed-in
 * customer, as they see it and download it. Each list is the whole of it, never a page.
 */

const orderLineData = z.object({
  productName: z.string(),
  variantLabel: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
});

const paymentData = z.object({
  method: z.string(),
  operator: z.string().nullable(),
  /** The number charged or declared from. */
  phone: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  state: z.string(),
  /** The provider's reference or the transfer's ID the customer gave. */
  reference: z.string().nullable(),
  /** A transfer's screenshot was sent (it is in the archive). */
  screenshot: z.boolean(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

export const orderData = z.object({
  reference: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  message: z.string(),
  /** The file sent with the order form (its name as sent), or null. */
  fileName: z.string().nullable(),
  delivery: z
    .object({
      kind: z.string(),
      name: z.string().nullable(),
      fee: z.number().int().nullable(),
      neighbourhood: z.string().nullable(),
      city: z.string().nullable(),
      landmark: z.string().nullable(),
    })
    .nullable(),
  totalQuantity: z.number().int(),
  totalPrice: z.number().int(),
  total: z.number().int(),
  lines: z.array(orderLineData),
  /** Each status change and when. */
  history: z.array(z.object({ from: z.string(), to: z.string(), at: z.string(), note: z.string() })),
  payments: z.array(paymentData),
});
export type OrderData = z.infer<typeof orderData>;

/*
 * Objection to messages that are not about an order the person made (promotions, newsletter,
 * reminders such as 'Prévenez-moi'): decision 043. Kept against the number and the e-mail,
 * so that it outlives the account.
 */
export const promotionsChoice = z.object({
  /** True once the person said stop. */
  objected: z.boolean(),
  since: z.string().nullable(),
});
export type PromotionsChoice = z.infer<typeof promotionsChoice>;

export const myData = z.object({
  /** When this copy was made. */
  exportedAt: z.string(),
  account: z.object({
    _id: id,
    name: z.string(),
    email: z.string(),
    role: z.string(),
    profilePic: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  cart: z.array(z.object({ productName: z.string(), variantLabel: z.string(), quantity: z.number().int() })),
  orders: z.array(orderData),
  reviews: z.array(
    z.object({ productName: z.string(), rating: z.number().int(), comment: z.string(), createdAt: z.string() }),
  ),
  /** Sent from 'Contact' with this account's e-mail. */
  messages: z.array(z.object({ subject: z.string(), message: z.string(), createdAt: z.string(), read: z.boolean() })),
  /** 'Prévenez-moi' requests made with a number of this account's orders. */
  stockAlerts: z.array(
    z.object({ productName: z.string(), phone: z.string(), createdAt: z.string(), notifiedAt: z.string().nullable() }),
  ),
  /** Added with decision 043: whether the person stopped promotions and reminders. */
  promotions: promotionsChoice,
  /** Open sessions ('Mes appareils'), with the address they were last used from. */
  devices: z.array(
    z.object({
      device: z.string(),
      address: z.string().nullable(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
      openedWith: z.string(),
    }),
  ),
  secondFactors: z.array(
    z.object({ kind: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }),
  ),
  /** Links to choose a new password that were made for this account. */
  passwordResets: z.array(z.object({ channel: z.string(), createdAt: z.string(), usedAt: z.string().nullable() })),
  /** Browsers that receive the back-office's notifications (staff only). */
  notificationDevices: z.array(z.object({ service: z.string(), createdAt: z.string() })),
});
export type MyData = z.infer<typeof myData>;

/**
 * 'Supprimer mon compte': confirmed by the account's password, or by its second factor (a code
 * of the authenticator app or a recovery code).
 */
export const deleteAccountInput = z
  .object({
    password: z.string().max(200).optional(),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((v) => [v.password, v.code, v.recoveryCode].filter((x) => x !== undefined && x !== "").length === 1, {
    error: FIELD_MSG.deleteAccountConfirm,
  });
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** 'Mes données': receive the shop's promotions and reminders again, or stop them. */
export const myPromotionsInput = z.strictObject({
  receive: z.boolean({ error: FIELD_MSG.promotionsChoiceInvalid }),
});
export type MyPromotionsInput = z.infer<typeof myPromotionsInput>;

/** The one-tap link of a message: its token names the contact it was sent to, signed. */
export const stopPromotionsInput = z.strictObject({
  token: z.string({ error: FIELD_MSG.stopLinkInvalid }).regex(/^[A-Za-z0-9_-]{20,200}$/, FIELD_MSG.stopLinkInvalid),
});
export type StopPromotionsInput = z.infer<typeof stopPromotionsInput>;

/*
 * Requests from a customer without an account, made on the order status page with an order's
 * reference and the number it was placed with; answered in 'Données personnelles'.
 */
export const PRIVACY_REQUEST_KINDS = ["access", "correction", "erasure", "objection"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: "Recevoir une copie de mes données",
  correction: "Corriger mes données",
  erasure: "Effacer mes données",
  objection: "Ne plus recevoir de promotions ni de rappels",
};
export const PRIVACY_REQUEST_STATUSES = ["received", "answered", "refused"] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];
export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  received: "À traiter",
  answered: "Répondue",
  refused: "Refusée",
};
/** Days the shop gives itself to answer (decision 041). */
export const PRIVACY_REQUEST_DAYS = 30;

export const privacyRequestInput = z.strictObject({
  reference: orderReference,
  phone: cameroonPhone,
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: FIELD_MSG.privacyRequestKindInvalid }),
  /** What to correct, or anything the customer wants to add. */
  message: z.string().trim().max(1000, FIELD_MSG.privacyRequestMessageTooLong).default(""),
});
export type PrivacyRequestInput = z.input<typeof privacyRequestInput>;

/** What the customer reads back. */
export const privacyRequestReceipt = z.object({
  _id: id,
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  createdAt: z.string(),
  dueAt: z.string(),
});
export type PrivacyRequestReceipt = z.infer<typeof privacyRequestReceipt>;

/** A request, in the back-office. */
export const adminPrivacyRequest = z.object({
  _id: id,
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  reference: z.string(),
  /** The number given, which matched the order's; null once the request erased it. */
  phone: z.string().nullable(),
  /** The name on the order, or null once erased. */
  name: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  dueAt: z.string(),
  /** Still to answer past its due date. */
  overdue: z.boolean(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answer: z.string(),
  /** Orders placed with this number, all of which the answer covers. */
  ordersCount: z.number().int(),
});
export type AdminPrivacyRequest = z.infer<typeof adminPrivacyRequest>;

export const privacyRequestsQuery = z.object({
  /** "open" (default): still to answer, oldest due first; "all": every request, newest first. */
  show: z.enum(["open", "all"]).default("open"),
});

/**
 * The owner's answer. "done": the request is carried out — an erasure erases, an objection
 * stops messages, an access or a correction is marked as sent or made; "refused": with the reason
 * in the note, which is then required.
 */
export const privacyAnswerInput = z
  .strictObject({
    outcome: z.enum(["done", "refused"], { error: FIELD_MSG.privacyOutcomeInvalid }),
    note: z.string().trim().max(1000, FIELD_MSG.privacyRequestMessageTooLong).default(""),
  })
  .refine((v) => v.outcome !== "refused" || v.note.length > 0, {
    error: FIELD_MSG.privacyRefusalReason,
    path: ["note"],
  });
export type PrivacyAnswerInput = z.input<typeof privacyAnswerInput>;

/*
 * Retention settings and the register of processing (decision 041): the back-office edits
 * them; 'Confidentialité' is generated from them.
 */
export const RETENTION_LIMITS = {
  orderFilesDays: { min: 1, max: 3650, default: 90 },
  contactMessagesDays: { min: 1, max: 3650, default: 365 },
  sessionAddressesDays: { min: 1, max: 3650, default: 90 },
  abandonedCartsDays: { min: 1, max: 3650, default: 180 },
  /** Ten years at least: the accounts' legal minimum (OHADA, decision 041). */
  closedOrdersYears: { min: 10, max: 30, default: 10 },
  inactiveAccountsYears: { min: 1, max: 10, default: 3 },
} as const;
export type RetentionName = keyof typeof RETENTION_LIMITS;
export const RETENTION_NAMES = Object.keys(RETENTION_LIMITS) as RetentionName[];
export const RETENTION_LABELS: Record<RetentionName, string> = {
  orderFilesDays: "Fichiers des commandes et captures de transfert (jours après la livraison ou l'annulation)",
  contactMessagesDays: "Messages « Contact » (jours)",
  sessionAddressesDays: "Adresses de connexion (jours)",
  abandonedCartsDays: "Paniers abandonnés (jours)",
  closedOrdersYears: "Commandes livrées ou annulées (années, 10 au moins pour la comptabilité)",
  inactiveAccountsYears: "Comptes inutilisés (années, prévenus 30 jours avant)",
};
export const retentionSettings = z.object(
  Object.fromEntries(RETENTION_NAMES.map((n) => [n, z.number().int()])) as Record<RetentionName, z.ZodNumber>,
);
export type RetentionValues = Record<RetentionName, number>;
export const retentionInput = z.strictObject(
  Object.fromEntries(
    RETENTION_NAMES.map((n) => [
      n,
      z.coerce
        .number({ error: FIELD_MSG.retentionInvalid(RETENTION_LIMITS[n].min, RETENTION_LIMITS[n].max) })
        .int(FIELD_MSG.retentionInvalid(RETENTION_LIMITS[n].min, RETENTION_LIMITS[n].max))
        .min(RETENTION_LIMITS[n].min, FIELD_MSG.retentionInvalid(RETENTION_LIMITS[n].min, RETENTION_LIMITS[n].max))
        .max(RETENTION_LIMITS[n].max, FIELD_MSG.retentionInvalid(RETENTION_LIMITS[n].min, RETENTION_LIMITS[n].max))
        .optional(),
    ]),
  ) as Record<RetentionName, z.ZodOptional<z.ZodCoercedNumber>>,
);
export type RetentionInput = z.input<typeof retentionInput>;

export const retentionState = z.object({
  settings: retentionSettings,
  /** The daily job's last run: when, and how many of each it removed; null before the first. */
  lastRun: z.object({ at: z.string(), removed: z.record(z.string(), z.number()) }).nullable(),
});
export type RetentionState = z.infer<typeof retentionState>;

/** One processing of the register: what, why, on which basis, kept how long, seen by whom. */
export const processingActivity = z.object({
  _id: id,
  /** Its place in the register and on 'Confidentialité'. */
  position: z.number().int(),
  purpose: z.string(),
  legalBasis: z.string(),
  /** Categories of data, as the register lists them. */
  data: z.string(),
  people: z.string(),
  /** Said in words; the durations it names come from the retention settings. */
  retention: z.string(),
  recipients: z.string(),
  updatedAt: z.string(),
});
export type ProcessingActivity = z.infer<typeof processingActivity>;

const registerText = (max: number) =>
  z.string().trim().min(1, FIELD_MSG.registerFieldRequired).max(max, FIELD_MSG.registerFieldTooLong(max));
export const processingActivityInput = z.strictObject({
  purpose: registerText(200),
  legalBasis: registerText(300),
  data: registerText(600),
  people: registerText(300),
  retention: registerText(600),
  recipients: registerText(600),
});
export type ProcessingActivityInput = z.infer<typeof processingActivityInput>;

/** Who answers for the data: the shop, from its settings. */
export const privacyController = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
});

/** An outside service that receives some of the data, and only when the shop uses it. */
export const privacyRecipient = z.object({ name: z.string(), purpose: z.string(), data: z.string() });

/** 'Confidentialité', as data: generated from the register, the settings and the services in use. */
export const privacyNotice = z.object({
  controller: privacyController,
  activities: z.array(processingActivity.omit({ _id: true, updatedAt: true, position: true })),
  retention: retentionSettings,
  recipients: z.array(privacyRecipient),
  requestDays: z.number().int(),
  authority: z.object({ name: z.string(), address: z.string(), url: z.string() }),
  updatedAt: z.string(),
});
export type PrivacyNotice = z.infer<typeof privacyNotice>;

export const privacyRegister = z.object({
  controller: privacyController,
  activities: z.array(processingActivity),
  recipients: z.array(privacyRecipient),
  retention: retentionSettings,
});
export type PrivacyRegister = z.infer<typeof privacyRegister>;
