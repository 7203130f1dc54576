import { data } from "react-router";
import { ApiError, api } from "../../lib/api";
import { fieldErrorsOf, refusalOf } from "../../lib/form-values";
import { CONTACT_FIELDS, type ContactResult, readContactForm } from "./contact-form";

/**
 * The contact page's action: posts the form to the API and answers the shop's confirmation, or
 * the failure with everything the visitor typed, so nothing they wrote is lost.
 */
export async function sendContact(request: Request) {
  const values = readContactForm(await request.formData());
  try {
    const message = await api(request).contact(values);
    return { ok: true, message } satisfies ContactResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { message, status } = refusalOf(error);
    const failure: ContactResult = {
      ok: false,
      message,
      values,
      fieldErrors: fieldErrorsOf(error.issues, CONTACT_FIELDS),
    };
    return data(failure, { status });
  }
}
