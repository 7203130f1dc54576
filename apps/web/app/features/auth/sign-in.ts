import { FIELD_MSG } from "@shop/shared/core";
import { ApiError } from "../../lib/api";
import { type FieldErrors, fieldErrorsOf, firstInvalid, textOf } from "../../lib/form-values";
import { pendingAdd } from "./pending-add";
import { redirectTarget } from "./redirect-target";

export const SIGN_IN_FIELDS = ["email", "password"] as const;
export type SignInField = (typeof SIGN_IN_FIELDS)[number];

/** When the shop could not be reached at all (SPEC.md §8). */
export const LOGIN_ERROR = "Une erreur est survenue lors de la connexion";

/** Why signing in failed, and the e-mail typed (never the password) to give it back. */
export interface SignInFailure {
  message: string;
  email: string;
  fieldErrors: FieldErrors<SignInField>;
}

export function readSignInForm(form: FormData) {
  return {
    values: { email: textOf(form, "email").trim(), password: textOf(form, "password") },
    redirectTo: redirectTarget(form.get("redirectTo")),
    /** 'Ajouter au panier' tapped before signing in: the product to add once signed in. */
    add: pendingAdd(form),
  };
}

/** What the browser's own checks already refuse, checked again for a form sent some other way. */
export function checkSignIn(values: { email: string; password: string }): SignInFailure | null {
  const fieldErrors: FieldErrors<SignInField> = {};
  if (!values.email) fieldErrors.email = FIELD_MSG.emailInvalid;
  if (!values.password) fieldErrors.password = FIELD_MSG.passwordRequired;
  const first = firstInvalid(SIGN_IN_FIELDS, fieldErrors);
  return first ? { message: fieldErrors[first] ?? "", email: values.email, fieldErrors } : null;
}

/** The server's refusal as it words it; a call that never got an answer, as the spec words it. */
export function signInFailure(error: unknown, email: string): { failure: SignInFailure; status: number } {
  if (error instanceof ApiError && error.status > 0) {
    const failure = { message: error.message, email, fieldErrors: fieldErrorsOf(error.issues, SIGN_IN_FIELDS) };
    return { failure, status: error.status };
  }
  return { failure: { message: LOGIN_ERROR, email, fieldErrors: {} }, status: 503 };
}
