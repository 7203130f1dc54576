import {
  PRIVACY_REQUEST_DAYS,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_KINDS,
  type PrivacyRequestKind,
} from "@shop/shared";
import { ApiError } from "../../lib/api";
import { fieldErrorsOf, firstInvalid, readFields, refusalOf, textOf } from "../../lib/form-values";
import { privacyApi } from "./privacy-api";
import {
  PRIVACY_REQUEST_FIELDS,
  PRIVACY_REQUEST_INTENT,
  type PrivacyRequestAnswer,
  type PrivacyRequestResult,
  type PrivacyRequestWords,
} from "./privacy-request-form";

/** The form's words, for the page's loader (the browser's scripts do not carry the schema's file). */
export const privacyRequestWords = (): PrivacyRequestWords => ({
  kinds: PRIVACY_REQUEST_KINDS.map((value) => ({ value, label: PRIVACY_REQUEST_KIND_LABELS[value] })),
  days: PRIVACY_REQUEST_DAYS,
});

/** Whether the form posted is the request's (the status page's other form looks an order up). */
export const isPrivacyRequest = (form: FormData) => textOf(form, "intent") === PRIVACY_REQUEST_INTENT;

/**
 * A request about one's data from the order status page (decision 041), made without an
 * account: the order's reference and number (hidden in the form, as the look-up found them)
 * prove who asks. Received and "already asked" are both a success in the API's words; a
 * reference and number that match no order (404), a refused field (400) or the limit (429)
 * are said beside the form; anything else is the shop's fault, said so (500).
 */
export async function askAboutMyData(request: Request, form: FormData) {
  const { reference, phone } = readFields(form, ["reference", "phone"] as const);
  const values = readFields(form, PRIVACY_REQUEST_FIELDS);
  const answer = (result: PrivacyRequestResult): PrivacyRequestAnswer => ({ result, reference, phone });
  try {
    const { receipt, message } = await privacyApi(request).ask({
      reference,
      phone,
      // Checked by the API, which names the field when it is none of the kinds.
      kind: values.kind as PrivacyRequestKind,
      message: values.message,
    });
    return { answer: answer({ ok: true, message, receiptId: receipt._id }), status: 200 };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404]);
    const fieldErrors = fieldErrorsOf(error.issues, PRIVACY_REQUEST_FIELDS);
    const first = firstInvalid(PRIVACY_REQUEST_FIELDS, fieldErrors);
    const message = (first && fieldErrors[first]) || refusal.message;
    return { answer: answer({ ok: false, message, fieldErrors, values }), status: refusal.status };
  }
}
