import { MSG } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import {
  checkPromotion,
  type PromotionErrors,
  type PromotionValues,
  promotionBody,
  promotionErrorsOf,
  readPromotionForm,
} from "./promotion-form-values";
import { PROMOTIONS_PATH } from "./promotions-paths";

/** What a refused action gives back: the form it was (a promotion's id or "new"), its values and errors. */
export interface PromotionFailure {
  ok: false;
  form: string;
  message: string;
  values?: PromotionValues;
  fieldErrors?: PromotionErrors;
}

const INTENTS = ["create", "update", "pause", "resume", "end"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (v: string): v is Intent => (INTENTS as readonly string[]).includes(v);

const refused = (failure: Omit<PromotionFailure, "ok">, status: number) =>
  data({ ok: false, ...failure } satisfies PromotionFailure, { status });

/**
 * The 'Promotions' screen's action: create or edit a promotion, or pause, resume or end one.
 * Done: back to the screen with `?ok=<intent>` (works without scripts, and a reload does not
 * send it again); refused: the form's values and the server's French words beside their fields.
 * The caller has checked the admin already.
 */
export async function promotionsAction(request: Request) {
  const form = await request.formData();
  const intent = textOf(form, "intent");
  const id = textOf(form, "id");
  const api = adminApi(request);
  if (!isIntent(intent)) return refused({ form: "", message: MSG.promotionNotFound }, 400);
  const formName = intent === "create" ? "new" : id;
  const values = intent === "create" || intent === "update" ? readPromotionForm(form) : undefined;
  try {
    if (values) {
      const errors = checkPromotion(values);
      if (Object.keys(errors).length) {
        return refused({ form: formName, message: Object.values(errors)[0] ?? "", values, fieldErrors: errors }, 400);
      }
      if (intent === "create") await api.createPromotion(promotionBody(values));
      // The form has no field for the products and variants chosen: the edit keeps the promotion's own.
      else await api.updatePromotion(id, promotionBody(values, await api.promotion(id)));
    } else if (intent !== "create" && intent !== "update") {
      await api.changePromotionState(id, intent);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404, 409]);
    return refused(
      {
        form: formName,
        message: refusal.message,
        values,
        fieldErrors: values ? promotionErrorsOf(error.issues, error.message) : {},
      },
      refusal.status,
    );
  }
  return redirect(`${PROMOTIONS_PATH}?ok=${intent}`);
}
