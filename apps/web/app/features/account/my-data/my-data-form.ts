import type { DeleteAccountInput, MyAccountInput, MyPasswordInput } from "@shop/shared";
import { type FieldErrors, textOf } from "../../../lib/form-values";

/** What the forms of 'Mes données' ask of the page's action: all plain HTML forms. */
export const MY_DATA_INTENTS = {
  account: "account",
  password: "password",
  deleteAccount: "delete-account",
  promotions: "promotions",
} as const;
export type MyDataIntent = (typeof MY_DATA_INTENTS)[keyof typeof MY_DATA_INTENTS];

/** Each form's fields, in the form's order (the first refused one takes the focus). */
export const ACCOUNT_FIELDS = ["name", "email", "profilePic", "currentPassword"] as const;
export const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"] as const;
export const DELETE_FIELDS = ["password", "code"] as const;
export type MyDataField =
  | (typeof ACCOUNT_FIELDS)[number]
  | (typeof PASSWORD_FIELDS)[number]
  | (typeof DELETE_FIELDS)[number];

/** The file input of the photo, sent as a file by a form posted without scripts. */
export const PHOTO_FILE = "photo";

export type MyDataChoice =
  | {
      intent: typeof MY_DATA_INTENTS.account;
      name: string;
      email: string;
      currentPassword: string;
      /** The photo the page prepared (a small JPEG data URL), with scripts; "" without. */
      profilePic: string;
      /** 'Retirer ma photo' was ticked. */
      removePhoto: boolean;
    }
  | ({ intent: typeof MY_DATA_INTENTS.password } & MyPasswordInput)
  | { intent: typeof MY_DATA_INTENTS.deleteAccount; password: string; code: string }
  /** 'Promotions et rappels': receive them again, or stop them (decision 043). */
  | { intent: typeof MY_DATA_INTENTS.promotions; receive: boolean };

/** The value of the promotions' button: "true" receives them again, "false" stops them. */
export const RECEIVE = { yes: "true", no: "false" } as const;

/** The posted choice, or null for a form no page of the shop sends. */
export function readMyDataChoice(form: FormData): MyDataChoice | null {
  const intent = textOf(form, "intent");
  switch (intent) {
    case MY_DATA_INTENTS.account:
      return {
        intent,
        name: textOf(form, "name").trim(),
        email: textOf(form, "email").trim(),
        currentPassword: textOf(form, "currentPassword"),
        profilePic: textOf(form, "profilePic"),
        removePhoto: textOf(form, "removePhoto") !== "",
      };
    case MY_DATA_INTENTS.password:
      return {
        intent,
        currentPassword: textOf(form, "currentPassword"),
        password: textOf(form, "password"),
        confirmPassword: textOf(form, "confirmPassword"),
      };
    case MY_DATA_INTENTS.deleteAccount:
      return { intent, password: textOf(form, "password"), code: textOf(form, "code").trim() };
    case MY_DATA_INTENTS.promotions: {
      const receive = textOf(form, "receive");
      if (receive !== RECEIVE.yes && receive !== RECEIVE.no) return null;
      return { intent, receive: receive === RECEIVE.yes };
    }
    default:
      return null;
  }
}

/**
 * What POST /api/my-account is sent: the current password only when typed (it is asked for a
 * new e-mail); a new photo replaces the old one, 'Retirer ma photo' sends "" (removed), and
 * neither leaves `profilePic` out (kept as it is).
 */
export function accountInput(choice: Extract<MyDataChoice, { intent: "account" }>, uploaded?: string): MyAccountInput {
  const photo = uploaded || choice.profilePic;
  return {
    name: choice.name,
    email: choice.email,
    ...(choice.currentPassword ? { currentPassword: choice.currentPassword } : {}),
    ...(photo ? { profilePic: photo } : choice.removePhoto ? { profilePic: "" } : {}),
  };
}

/** Six digits, spaces aside: an authenticator app's code; anything else typed is a recovery code. */
const TOTP = /^\d{6}$/;

/**
 * What POST /api/delete-my-account is sent: exactly one proof. A code typed wins (whoever
 * opened 'Utiliser plutôt un code' and typed one meant it, even if the browser filled the
 * password in); null when nothing was typed.
 */
export function deleteInput({ password, code }: { password: string; code: string }): DeleteAccountInput | null {
  const typed = code.trim();
  if (typed) {
    const digits = typed.replace(/\s+/g, "");
    return TOTP.test(digits) ? { code: digits } : { recoveryCode: typed };
  }
  return password ? { password } : null;
}

/** What an action answered, said at the top of the page, its field errors beside their fields. */
export interface MyDataResult {
  intent: MyDataIntent;
  ok: boolean;
  message: string;
  fieldErrors: FieldErrors<MyDataField>;
  /** The name and e-mail typed, given back when they were refused (never a password). */
  values?: { name: string; email: string };
}
