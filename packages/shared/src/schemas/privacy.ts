import { z } from "zod";
import { ORDER_CHANNELS, ORDER_STATUSES } from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";
import { id } from "./common.ts";
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
