import { SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import type { ApiError, ApiIssue } from "./api";

/** A posted field as text: a file or a missing field counts as empty. */
export function textOf(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
}

/** These fields of a posted form, as text. */
export function readFields<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((f) => [f, textOf(form, f)])) as Record<F, string>;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The API's issues ("body.email", …) by field of this form; the first message of a field wins. */
export function fieldErrorsOf<F extends string>(issues: readonly ApiIssue[], fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path.split(".").at(-1) as F;
    if (fields.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The first field of the form, in the form's order, that has an error. */
export const firstInvalid = <F extends string>(fields: readonly F[], errors: FieldErrors<F>) =>
  fields.find((f) => errors[f]);

/** The API's refusals that are the visitor's to mend: what they sent, its size or type, a limit. */
const VISITOR_STATUSES: readonly number[] = [400, 413, 415, 429];

/**
 * How a page's action tells a refused call: the visitor's own mistakes (and the rate limit)
 * in the API's words and with its status; anything else is the shop's fault, said so, as a
 * 500. `alsoVisitors` adds statuses a page treats as the visitor's (404: no such order).
 */
export function refusalOf(error: ApiError, alsoVisitors: readonly number[] = []) {
  const visitors = VISITOR_STATUSES.includes(error.status) || alsoVisitors.includes(error.status);
  return { message: visitors ? error.message : SERVER_ERROR_MESSAGE, status: visitors ? error.status : 500 };
}
