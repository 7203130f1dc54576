import { processingActivityInput } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { type FieldErrors, fieldErrorsOf, readFields, refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { ACTIVITY_FIELDS, type ActivityField } from "./register-fields";

/** Said above a processing's form when a field is refused (each field says why). */
export const ACTIVITY_REFUSED = "Non enregistré : corrigez les champs signalés.";

/** What saving a processing gives back; a refusal keeps the texts typed and each field's error. */
export interface ActivityResult {
  /** The processing it was about. */
  id: string;
  ok: boolean;
  message: string;
  values?: Record<ActivityField, string>;
  errors?: FieldErrors<ActivityField>;
}

/**
 * The register's action: one processing's six texts saved. Checked with the contract first,
 * so each French message comes back under its field; then the API decides. The caller has
 * checked the SUPERADMIN already.
 */
export async function registerAction(request: Request, form: FormData) {
  const id = textOf(form, "id");
  const values = readFields(form, ACTIVITY_FIELDS);
  const refused = (message: string, errors: FieldErrors<ActivityField>, status: number) =>
    data({ id, ok: false, message, values, errors } satisfies ActivityResult, { status });
  if (!id) return refused(MSG.registerEntryNotFound, {}, 404);
  const parsed = processingActivityInput.safeParse(values);
  if (!parsed.success) {
    const errors: FieldErrors<ActivityField> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as ActivityField] ??= issue.message;
    return refused(ACTIVITY_REFUSED, errors, 400);
  }
  try {
    const { message } = await adminApi(request).saveProcessingActivity(id, parsed.data);
    return { id, ok: true, message } satisfies ActivityResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404]);
    const errors = fieldErrorsOf(error.issues, ACTIVITY_FIELDS);
    return refused(Object.keys(errors).length ? ACTIVITY_REFUSED : refusal.message, errors, refusal.status);
  }
}
