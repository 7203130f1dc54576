import { data } from "react-router";
import { ApiError, api } from "../../lib/api";
import { fieldErrorsOf, refusalOf, textOf } from "../../lib/form-values";
import { STOCK_ALERT_INTENT, type StockAlertResult } from "./stock-alert";

/**
 * The product page's 'Prévenez-moi' (intent "stock-alert"): posts the number to the API and
 * answers the shop's confirmation, or why not with what was typed: the number's own error
 * (400), a variant that can be bought now (409), too many requests (429).
 */
export async function askStockAlert(request: Request, form: FormData) {
  const variantId = textOf(form, "variantId");
  const phone = textOf(form, "phone");
  try {
    const message = await api(request).stockAlert({ variantId, phone });
    return { intent: STOCK_ALERT_INTENT, variantId, ok: true, message } satisfies StockAlertResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { message, status } = refusalOf(error, [404, 409]);
    const failure: StockAlertResult = {
      intent: STOCK_ALERT_INTENT,
      variantId,
      ok: false,
      message,
      phone,
      phoneError: fieldErrorsOf(error.issues, ["phone"] as const).phone,
    };
    return data(failure, { status });
  }
}
