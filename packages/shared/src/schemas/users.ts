import { z } from "zod";
import { AVATAR_MAX_BYTES, ROLES } from "../constants.ts";
import { FIELD_MSG, MSG } from "../messages.ts";
import { id, isoDate } from "./common.ts";

export const role = z.enum(ROLES, { error: FIELD_MSG.roleInvalid });

/** E-mails are stored trimmed and lower-cased, so one person has one account. */
export const email = z
  .string({ error: FIELD_MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, FIELD_MSG.emailInvalid)
  .pipe(z.email({ error: FIELD_MSG.emailInvalid }));

const name = z.string({ error: FIELD_MSG.nameRequired }).trim().min(1, FIELD_MSG.nameRequired).max(80);

/** A data URL is about 4/3 of the bytes it carries. */
const PROFILE_PIC_MAX_CHARS = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 100;

export const signUpInput = z
  .strictObject({
    name,
    email,
    password: z
      .string({ error: FIELD_MSG.passwordRequired })
      .min(8, FIELD_MSG.passwordTooShort)
      .max(200, FIELD_MSG.passwordTooLong),
    confirmPassword: z.string({ error: FIELD_MSG.passwordRequired }),
    profilePic: z
      .string({ error: FIELD_MSG.profilePicInvalid })
      .max(PROFILE_PIC_MAX_CHARS, FIELD_MSG.profilePicInvalid)
      .refine((v) => v === "" || v.startsWith("data:image/"), FIELD_MSG.profilePicInvalid)
      .optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsMismatch,
    path: ["confirmPassword"],
  });
export type SignUpInput = z.infer<typeof signUpInput>;

/** A new password: the same rules as at sign-up. */
const newPassword = z
  .string({ error: FIELD_MSG.passwordRequired })
  .min(8, FIELD_MSG.passwordTooShort)
  .max(200, FIELD_MSG.passwordTooLong);

export const forgotPasswordInput = z.strictObject({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .strictObject({
    token: z.string({ error: MSG.resetLinkInvalid }).min(20, MSG.resetLinkInvalid).max(200, MSG.resetLinkInvalid),
    password: newPassword,
    confirmPassword: z.string({ error: FIELD_MSG.passwordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsMismatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** A one-time reset link an admin sends to a customer by WhatsApp (decision 032). */
export const resetLink = z.object({
  url: z.string(),
  expiresAt: isoDate,
  /** wa.me with the message ready: to the customer's last order's number, or to choose. */
  whatsappUrl: z.string(),
});
export type ResetLink = z.infer<typeof resetLink>;

export const signInInput = z.strictObject({
  email,
  password: z.string({ error: FIELD_MSG.passwordRequired }).min(1, FIELD_MSG.passwordRequired).max(200),
});
export type SignInInput = z.infer<typeof signInInput>;

export const user = z.object({
  _id: id,
  name: z.string(),
  email: z.string(),
  role,
  /** URL of the stored picture, or "" when the user has none. */
  profilePic: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type User = z.infer<typeof user>;

export const updateUserInput = z.strictObject({ userId: id, role });

/**
 * 'Mes données': the person corrects their account (decision 041). A new e-mail is confirmed by
 * the password (it receives the reset links); a photo is a data URL, "" removes it, absent keeps it.
 */
export const myAccountInput = z.strictObject({
  name,
  email,
  currentPassword: z.string().max(200).optional(),
  profilePic: z
    .string({ error: FIELD_MSG.profilePicInvalid })
    .max(PROFILE_PIC_MAX_CHARS, FIELD_MSG.profilePicInvalid)
    .refine((v) => v === "" || v.startsWith("data:image/"), FIELD_MSG.profilePicInvalid)
    .optional(),
});
export type MyAccountInput = z.infer<typeof myAccountInput>;

/** A new password chosen while signed in, confirmed by the current one. */
export const myPasswordInput = z
  .strictObject({
    currentPassword: z.string({ error: FIELD_MSG.passwordRequired }).min(1, FIELD_MSG.passwordRequired).max(200),
    password: newPassword,
    confirmPassword: z.string({ error: FIELD_MSG.passwordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsMismatch,
    path: ["confirmPassword"],
  });
export type MyPasswordInput = z.infer<typeof myPasswordInput>;
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** A browser's Web Push subscription (PushSubscription.toJSON()), for an admin's device (decision 033). */
export const pushSubscriptionInput = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().regex(/^[\w-]{80,100}$/),
    auth: z.string().regex(/^[\w-]{16,32}$/),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushUnsubscribeInput = z.strictObject({ endpoint: z.url({ protocol: /^https?$/ }).max(1000) });

/** The shop's public VAPID key, for PushManager.subscribe's applicationServerKey. */
export const pushKey = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKey>;
