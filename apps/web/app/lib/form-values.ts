import type { ApiIssue } from "./api";

/** A posted field as text: a file or a missing field counts as empty. */
export function textOf(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
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
