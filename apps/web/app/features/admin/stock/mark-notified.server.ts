import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";

export type NotifiedResult = { ok: boolean; message: string };

/** The stock screen's action: a 'Prévenez-moi' request marked as told; the API answers in French. */
export async function markNotified(request: Request) {
  const form = await request.formData();
  try {
    const message = await adminApi(request).markAlertNotified(textOf(form, "id"));
    return { ok: true, message } satisfies NotifiedResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404]);
    return data({ ok: false, message: refusal.message } satisfies NotifiedResult, { status: refusal.status });
  }
}
