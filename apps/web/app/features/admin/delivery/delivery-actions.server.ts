import { FIELD_MSG } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { DELIVERY_PATH } from "./delivery-paths";
import {
  checkOption,
  type OptionErrors,
  type OptionValues,
  optionBody,
  optionErrorsOf,
  readOptionForm,
  valuesOf,
} from "./option-form-values";

/** What a refused action gives back: the form it was (an option's id, "new", or the settings), its values and errors. */
export interface DeliveryFailure {
  ok: false;
  form: string;
  message: string;
  values?: OptionValues;
  fieldErrors?: OptionErrors;
}

const INTENTS = ["create", "update", "delete", "move", "settings"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (v: string): v is Intent => (INTENTS as readonly string[]).includes(v);

const refused = (failure: Omit<DeliveryFailure, "ok">, status: number) =>
  data({ ok: false, ...failure } satisfies DeliveryFailure, { status });

/** "300 000" → 300000; "" → null (never); anything else: undefined. */
function amountOf(text: string): number | null | undefined {
  const typed = text.replace(/\s/g, "");
  if (typed === "") return null;
  return /^\d+$/.test(typed) && Number(typed) > 0 ? Number(typed) : undefined;
}

/**
 * The 'Livraison' screen's action: create, edit, delete or move an option, or set the free
 * delivery amount. Done: back to the screen with `?ok=<intent>` (works without scripts, and a
 * reload does not send it again); refused: the form's values and the server's French words.
 * The caller has checked the admin already.
 */
export async function deliveryAction(request: Request) {
  const form = await request.formData();
  const intent = textOf(form, "intent");
  const id = textOf(form, "id");
  const api = adminApi(request);
  if (!isIntent(intent)) return refused({ form: "", message: FIELD_MSG.deliveryOptionRequired }, 400);
  const formName = intent === "create" ? "new" : intent === "settings" ? "settings" : id;
  const values = intent === "create" || intent === "update" ? readOptionForm(form) : undefined;
  try {
    if (values) {
      const errors = checkOption(values);
      if (Object.keys(errors).length) {
        return refused({ form: formName, message: Object.values(errors)[0] ?? "", values, fieldErrors: errors }, 400);
      }
      if (intent === "create") await api.createDeliveryOption(optionBody(values));
      else await api.updateDeliveryOption(id, optionBody(values));
    } else if (intent === "delete") {
      await api.deleteDeliveryOption(id);
    } else if (intent === "settings") {
      const freeFrom = amountOf(textOf(form, "freeFrom"));
      if (freeFrom === undefined) return refused({ form: formName, message: FIELD_MSG.deliveryFeeInvalid }, 400);
      await api.saveDeliverySettings(freeFrom);
    } else {
      await move(api, id, textOf(form, "direction") === "up" ? -1 : 1);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404, 409]);
    return refused(
      { form: formName, message: refusal.message, values, fieldErrors: optionErrorsOf(error.issues) },
      refusal.status,
    );
  }
  return redirect(`${DELIVERY_PATH}?ok=${intent}`);
}

/** Swaps an option with its neighbour in the list, writing every position from 0 so that they stay distinct. */
async function move(api: ReturnType<typeof adminApi>, id: string, step: -1 | 1) {
  const { options } = await api.delivery();
  const from = options.findIndex((o) => o._id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= options.length) return;
  const order = [...options];
  [order[from], order[to]] = [order[to]!, order[from]!];
  for (const [position, option] of order.entries()) {
    if (option.position !== position)
      await api.updateDeliveryOption(option._id, optionBody(valuesOf(option), position));
  }
}
