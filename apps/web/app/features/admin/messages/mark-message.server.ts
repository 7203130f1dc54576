import { FIELD_MSG } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";

export type MarkResult = { ok: true; message: string } | { ok: false; message: string };

/** The messages page's action: one message marked read or unread; the API answers in French. */
export async function markMessage(request: Request) {
  const form = await request.formData();
  const read = textOf(form, "read");
  if (read !== "true" && read !== "false") {
    return data({ ok: false, message: FIELD_MSG.readFlagInvalid } satisfies MarkResult, { status: 400 });
  }
  try {
    const { text } = await adminApi(request).markMessage(textOf(form, "id"), read === "true");
    return { ok: true, message: text } satisfies MarkResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404]);
    return data({ ok: false, message: refusal.message } satisfies MarkResult, { status: refusal.status });
  }
}
