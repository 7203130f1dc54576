import { MSG } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError, api } from "../../lib/api";
import { type ContactResult, fieldErrorsOf, readContactForm } from "./contact-form";

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
    // The visitor's own mistakes (and the rate limit) are told as the API words them; anything
    // else is our fault, and said so.
    const visitors = [400, 413, 429].includes(error.status);
    const failure: ContactResult = {
      ok: false,
      message: visitors ? error.message : MSG.serverError,
      values,
      fieldErrors: fieldErrorsOf(error.issues),
    };
    return data(failure, { status: visitors ? error.status : 500 });
  }
}
