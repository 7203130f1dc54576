import { FIELD_MSG, MSG, SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { toast } from "../../components/ui/toast";
import { ApiError, api } from "../../lib/api";
import { type FieldErrors, fieldErrorsOf, firstInvalid, textOf } from "../../lib/form-values";
import { redirectTarget, withRedirect } from "./redirect-target";

export const SIGN_UP_FIELDS = ["name", "email", "password", "confirmPassword", "profilePic"] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** The picture as a data URL, or "" for none. */
  profilePic: string;
}

/** Why the account was not created, and what was typed (never the passwords) to give it back. */
export interface SignUpFailure {
  message: string;
  values: Pick<SignUpValues, "name" | "email">;
  fieldErrors: FieldErrors<SignUpField>;
}

/** The posted form; `profilePic` is the data URL the page prepared from the chosen picture. */
export function readSignUpForm(form: FormData) {
  return {
    values: {
      name: textOf(form, "name").trim(),
      email: textOf(form, "email").trim(),
      password: textOf(form, "password"),
      confirmPassword: textOf(form, "confirmPassword"),
      profilePic: textOf(form, "profilePic"),
    } satisfies SignUpValues,
    redirectTo: redirectTarget(form.get("redirectTo")),
  };
}

const failed = (values: SignUpValues, fieldErrors: FieldErrors<SignUpField>, message: string): SignUpFailure => ({
  message,
  values: { name: values.name, email: values.email },
  fieldErrors,
});

/**
 * Checked before anything is sent (SPEC.md §5): the four fields are required and the passwords
 * must match, else ' les mots de passes ne correspondent pas' and no request at all.
 */
export function checkSignUp(values: SignUpValues): SignUpFailure | null {
  const errors: FieldErrors<SignUpField> = {};
  if (!values.name) errors.name = FIELD_MSG.nameRequired;
  if (!values.email) errors.email = FIELD_MSG.emailInvalid;
  if (!values.password) errors.password = FIELD_MSG.passwordRequired;
  if (!values.confirmPassword) errors.confirmPassword = FIELD_MSG.passwordRequired;
  else if (values.password !== values.confirmPassword) errors.confirmPassword = MSG.passwordsMismatch;
  const first = firstInvalid(SIGN_UP_FIELDS, errors);
  return first ? failed(values, errors, errors[first] ?? "") : null;
}

/** The server's refusal as it words it (e-mail taken, weak password…), by field when it names one. */
export function signUpFailure(error: unknown, values: SignUpValues): { failure: SignUpFailure; status: number } {
  if (error instanceof ApiError && error.status > 0)
    return {
      failure: failed(values, fieldErrorsOf(error.issues, SIGN_UP_FIELDS), error.message),
      status: error.status,
    };
  return { failure: failed(values, {}, SERVER_ERROR_MESSAGE), status: 503 };
}

/** What the API is sent: no picture means no `profilePic` at all. */
export function signUpInput({ profilePic, ...rest }: SignUpValues) {
  return profilePic ? { ...rest, profilePic } : rest;
}

/** Where a new account goes: the login page, still heading where the visitor was going. */
export const afterSignUp = (redirectTo: string) => withRedirect("/login", redirectTo);

/** The sign-up page's clientAction: checks, creates the account, says so and goes to /login. */
export async function signUpInBrowser(request: Request) {
  const { values, redirectTo } = readSignUpForm(await request.formData());
  const invalid = checkSignUp(values);
  if (invalid) {
    toast.error(invalid.message);
    return data(invalid, { status: 400 });
  }
  try {
    toast.success(await api().signUp(signUpInput(values)));
    return redirect(afterSignUp(redirectTo));
  } catch (error) {
    const { failure, status } = signUpFailure(error, values);
    toast.error(failure.message);
    return data(failure, { status });
  }
}
