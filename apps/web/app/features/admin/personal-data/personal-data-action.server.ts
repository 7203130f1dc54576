import { privacyAnswerInput, RETENTION_NAMES, type RetentionName, retentionInput } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { type FieldErrors, fieldErrorsOf, readFields, refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";

/** Said when an erasure is sent without its confirmation (the box, without JavaScript). */
export const ERASURE_CONFIRM_ERROR = "Cochez « Je confirme l'effacement » pour effacer ses données.";
/** Said above the retention form when a duration is refused (each field says why). */
export const RETENTION_REFUSED = "Durées non enregistrées : corrigez les champs signalés.";

/** What answering a request gives back: the server's words, and for a refusal what was typed and where it went wrong. */
export interface AnswerResult {
  form: "answer";
  /** The request it was about. */
  id: string;
  ok: boolean;
  message: string;
  /** The note as typed (the page is drawn again without JavaScript). */
  note?: string;
  noteError?: string;
  confirmError?: string;
}

/** What saving the durations gives back; a refusal keeps the values typed and each field's error. */
export interface RetentionResult {
  form: "retention";
  ok: boolean;
  message: string;
  values?: Record<RetentionName, string>;
  errors?: FieldErrors<RetentionName>;
}

export type PersonalDataResult = AnswerResult | RetentionResult;

/**
 * The action of 'Données personnelles': a request answered ("done" or "refused" with a
 * reason; an erasure only once confirmed), or the retention durations saved. Checked with the
 * contract first, so the French words come back under their field; then the API decides. The
 * caller has checked the SUPERADMIN already.
 */
export async function personalDataAction(request: Request, form: FormData) {
  return textOf(form, "intent") === "retention" ? saveRetention(request, form) : answerRequest(request, form);
}

async function answerRequest(request: Request, form: FormData) {
  const id = textOf(form, "id");
  const typed = { outcome: textOf(form, "outcome"), note: textOf(form, "note") };
  const refused = (failure: Omit<AnswerResult, "form" | "id" | "ok" | "note">, status: number) =>
    data({ form: "answer", id, ok: false, note: typed.note, ...failure } satisfies AnswerResult, { status });
  if (!id) return refused({ message: MSG.privacyRequestNotFound }, 404);
  const parsed = privacyAnswerInput.safeParse(typed);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? MSG.privacyRequestNotFound;
    return refused({ message, ...(issue?.path[0] === "note" ? { noteError: message } : {}) }, 400);
  }
  // The page says which kind it answers: an erasure carried out needs the owner's "yes" first.
  if (textOf(form, "kind") === "erasure" && parsed.data.outcome === "done" && textOf(form, "confirm") !== "1")
    return refused({ message: ERASURE_CONFIRM_ERROR, confirmError: ERASURE_CONFIRM_ERROR }, 400);
  try {
    const { message } = await adminApi(request).answerPrivacyRequest(id, parsed.data);
    return { form: "answer", id, ok: true, message } satisfies AnswerResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404, 409]);
    const noteError = fieldErrorsOf(error.issues, ["note"] as const).note;
    return refused({ message: refusal.message, ...(noteError ? { noteError } : {}) }, refusal.status);
  }
}

async function saveRetention(request: Request, form: FormData) {
  const values = readFields(form, RETENTION_NAMES);
  const refused = (message: string, errors: FieldErrors<RetentionName>, status: number) =>
    data({ form: "retention", ok: false, message, values, errors } satisfies RetentionResult, { status });
  const parsed = retentionInput.safeParse(values);
  if (!parsed.success) {
    const errors: FieldErrors<RetentionName> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as RetentionName] ??= issue.message;
    return refused(RETENTION_REFUSED, errors, 400);
  }
  try {
    const { message } = await adminApi(request).saveRetention(parsed.data);
    return { form: "retention", ok: true, message } satisfies RetentionResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error);
    const errors = fieldErrorsOf(error.issues, RETENTION_NAMES);
    return refused(Object.keys(errors).length ? RETENTION_REFUSED : refusal.message, errors, refusal.status);
  }
}
