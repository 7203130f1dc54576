import { FIELD_MSG, MSG } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { ApiError } from "../../../lib/api";
import { withFlash } from "../../../lib/flash.server";
import { type FieldErrors, fieldErrorsOf, firstInvalid, refusalOf } from "../../../lib/form-values";
import { loginHref } from "../../auth/login-href";
import { uploadedPicture } from "../../auth/picture-upload.server";
import { sessionOver } from "../security/security-login";
import { myDataApi } from "./my-data-api";
import {
  ACCOUNT_FIELDS,
  accountInput,
  DELETE_FIELDS,
  deleteInput,
  MY_DATA_INTENTS,
  type MyDataChoice,
  type MyDataField,
  type MyDataResult,
  PASSWORD_FIELDS,
  PHOTO_FILE,
  readMyDataChoice,
} from "./my-data-form";

const SEE_OTHER = 303;
/** Where a visitor whose session is over goes: sign in, then back to their data. */
export const MY_DATA_LOGIN = loginHref("/my-data");
/** A wrong password or code (401), an e-mail taken or an order still open (409): the person's to mend. */
const VISITORS = [401, 403, 409];

type Choice<I> = Extract<MyDataChoice, { intent: I }>;

/**
 * The forms of 'Mes données', posted to the server with or without scripts: the account's
 * name, e-mail and photo (a file without scripts, made a data URL here); a new password, whose
 * new session cookie goes on to the browser (every session of the account was ended, this one
 * included); and the account's erasure, whose cleared cookie goes too, home. A session that is
 * over goes to sign in, back here after.
 */
export async function myDataAction(request: Request) {
  const form = await request.formData();
  const choice = readChoice(form);
  try {
    switch (choice.intent) {
      case MY_DATA_INTENTS.account:
        return await saveAccount(request, form, choice);
      case MY_DATA_INTENTS.password:
        return await changePassword(request, choice);
      case MY_DATA_INTENTS.deleteAccount:
        return await deleteAccount(request, choice);
      case MY_DATA_INTENTS.promotions:
        return await choosePromotions(request, choice);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (sessionOver(error)) {
      return redirect(MY_DATA_LOGIN, {
        status: SEE_OTHER,
        headers: withFlash({ tone: "info", text: MSG.authInvalid }),
      });
    }
    const refusal = refusalOf(error, VISITORS);
    return data(refused(choice, refusal.message, fieldErrorsFor(choice, error, refusal.message)), {
      status: refusal.status,
    });
  }
}

/** A form no page of the shop sends is refused before any call. */
function readChoice(form: FormData): MyDataChoice {
  const choice = readMyDataChoice(form);
  if (!choice) throw data(null, { status: 400 });
  return choice;
}

async function saveAccount(request: Request, form: FormData, choice: Choice<"account">) {
  // With scripts the page sends the photo it prepared; without, the file chosen.
  const picture = choice.profilePic ? null : await uploadedPicture(form.get(PHOTO_FILE));
  if (picture && "refused" in picture) {
    return data(refused(choice, picture.refused, { profilePic: picture.refused }), { status: 400 });
  }
  const message = await myDataApi(request).updateAccount(accountInput(choice, picture?.dataUrl));
  return { intent: choice.intent, ok: true, message, fieldErrors: {} } satisfies MyDataResult;
}

/** The new session's cookie goes to the browser with the redirect, or the person would be signed out. */
async function changePassword(request: Request, { intent: _, ...input }: Choice<"password">) {
  const { message, setCookie } = await myDataApi(request).changePassword(input);
  const headers = withFlash({ tone: "success", text: message });
  for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
  return redirect("/my-data", { status: SEE_OTHER, headers });
}

async function deleteAccount(request: Request, choice: Choice<"delete-account">) {
  const input = deleteInput(choice);
  if (!input) {
    const message = FIELD_MSG.deleteAccountConfirm;
    return data(refused(choice, message, { password: message }), { status: 400 });
  }
  const { message, setCookie } = await myDataApi(request).deleteAccount(input);
  const headers = withFlash({ tone: "success", text: message });
  for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
  return redirect("/", { status: SEE_OTHER, headers });
}

/** Promotions and reminders stopped or received again: the API's words at the top, the section drawn anew. */
async function choosePromotions(request: Request, { intent, receive }: Choice<"promotions">) {
  const { message } = await myDataApi(request).setPromotions({ receive });
  return { intent, ok: true, message, fieldErrors: {} } satisfies MyDataResult;
}

/**
 * Which field a refusal is about: the fields the API's validation names, a wrong password on
 * the password that was typed, a taken e-mail on the e-mail. An order still open names no field.
 */
function fieldErrorsFor(choice: MyDataChoice, error: ApiError, message: string): FieldErrors<MyDataField> {
  switch (choice.intent) {
    case MY_DATA_INTENTS.account: {
      const errors = fieldErrorsOf(error.issues, ACCOUNT_FIELDS);
      if (error.status === 401) errors.currentPassword ??= message;
      if (error.status === 409) errors.email ??= message;
      return errors;
    }
    case MY_DATA_INTENTS.password: {
      const errors = fieldErrorsOf(error.issues, PASSWORD_FIELDS);
      if (error.status === 401) errors.currentPassword ??= message;
      return errors;
    }
    case MY_DATA_INTENTS.deleteAccount: {
      const usedCode = choice.code !== "";
      const named = fieldErrorsOf(error.issues, ["password", "code", "recoveryCode"] as const);
      const errors: FieldErrors<(typeof DELETE_FIELDS)[number]> = {};
      if (named.password) errors.password = named.password;
      if (named.code ?? named.recoveryCode) errors.code = named.code ?? named.recoveryCode;
      if (error.status === 401) errors[usedCode ? "code" : "password"] ??= message;
      return errors;
    }
    case MY_DATA_INTENTS.promotions:
      return {};
  }
}

/** A refusal, said at the top of the page: the first field's own words when it names one. */
function refused(choice: MyDataChoice, message: string, fieldErrors: FieldErrors<MyDataField>): MyDataResult {
  const fields: readonly MyDataField[] =
    choice.intent === MY_DATA_INTENTS.account
      ? ACCOUNT_FIELDS
      : choice.intent === MY_DATA_INTENTS.password
        ? PASSWORD_FIELDS
        : choice.intent === MY_DATA_INTENTS.deleteAccount
          ? DELETE_FIELDS
          : [];
  const first = firstInvalid(fields, fieldErrors);
  const result: MyDataResult = {
    intent: choice.intent,
    ok: false,
    message: (first && fieldErrors[first]) || message,
    fieldErrors,
  };
  if (choice.intent === MY_DATA_INTENTS.account) result.values = { name: choice.name, email: choice.email };
  return result;
}
