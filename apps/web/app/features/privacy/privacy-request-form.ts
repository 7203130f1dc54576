import type { FieldErrors } from "../../lib/form-values";

/** The intent of the request's form on the order status page, beside the order's look-up. */
export const PRIVACY_REQUEST_INTENT = "privacy-request";

/** The fields a customer fills in, in the form's order (the first refused one takes the focus). */
export const PRIVACY_REQUEST_FIELDS = ["kind", "message"] as const;
export type PrivacyRequestField = (typeof PRIVACY_REQUEST_FIELDS)[number];

/**
 * The words of the form, given by the page's loader: the kinds' labels and the days the shop
 * takes to answer live beside their zod schema, which stays out of the browser's scripts.
 */
export interface PrivacyRequestWords {
  kinds: { value: string; label: string }[];
  days: number;
}

/** What the request answered: received (or already there), or refused with the API's words. */
export type PrivacyRequestResult =
  | { ok: true; message: string; receiptId: string }
  | {
      ok: false;
      message: string;
      fieldErrors: FieldErrors<PrivacyRequestField>;
      /** What was chosen and typed, given back. */
      values: Record<PrivacyRequestField, string>;
    };

/** The request, and the order it was made for (its reference and number as posted). */
export interface PrivacyRequestAnswer {
  result: PrivacyRequestResult;
  reference: string;
  phone: string;
}
