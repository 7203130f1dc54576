import { data } from "react-router";
import { ApiError, api } from "../../lib/api";
import { fieldErrorsOf, readFields, refusalOf } from "../../lib/form-values";
import { type ForgotResult, RESET_FIELDS, type ResetResult } from "./password-reset";

/** /forgot-password's action: asks the API for a link by e-mail (decision 032). */
export async function askResetLink(request: Request) {
  const { email } = readFields(await request.formData(), ["email"] as const);
  try {
    return { ok: true, message: await api(request).forgotPassword(email) } satisfies ForgotResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { message, status } = refusalOf(error);
    const failure: ForgotResult = { ok: false, message, email, fieldErrors: fieldErrorsOf(error.issues, ["email"]) };
    return data(failure, { status });
  }
}

/** /reset-password's action: the new password for the link's account. */
export async function chooseNewPassword(request: Request) {
  const values = readFields(await request.formData(), RESET_FIELDS);
  try {
    return { ok: true, message: await api(request).resetPassword(values) } satisfies ResetResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { message, status } = refusalOf(error);
    const failure: ResetResult = { ok: false, message, fieldErrors: fieldErrorsOf(error.issues, RESET_FIELDS) };
    return data(failure, { status });
  }
}
