import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT } from "../admin-errors";
import { bulkProductsAction } from "./bulk-actions.server";
import { isBulkIntent } from "./bulk-form-values";
import { PRODUCT_INTENTS, type ProductActionResult, type ProductIntent } from "./product-actions";

const isIntent = (v: string): v is ProductIntent => (PRODUCT_INTENTS as readonly string[]).includes(v);

/**
 * The grid's posted forms (decision 046): hide a product, show it again, or duplicate it. The
 * card's forms work without scripts (the page comes back with the answer) and with them (a
 * fetcher, the list read again). The server's French message either way; the caller has
 * checked the admin already, the API checks whose product it is. The bulk change's preview and
 * confirmation (decision 048) are posted here too.
 */
export async function productsAction(request: Request) {
  const form = await request.formData();
  const intent = textOf(form, "intent");
  if (isBulkIntent(intent)) return bulkProductsAction(request, form, intent);
  const id = textOf(form, "id");
  if (!isIntent(intent) || !id) {
    return data({ ok: false, message: ADMIN_TEXT.genericError } satisfies ProductActionResult, { status: 400 });
  }
  const api = adminApi(request);
  try {
    const message =
      intent === "duplicate"
        ? (await api.duplicateProduct(id)).message
        : await api.setProductHidden(id, intent === "hide");
    return { ok: true, intent, message } satisfies ProductActionResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Another admin's product (403), one gone meanwhile (404): the server's words.
    const refusal = refusalOf(error, [401, 403, 404, 409]);
    const message = error.status === 401 ? ADMIN_TEXT.authError : refusal.message;
    return data({ ok: false, message } satisfies ProductActionResult, { status: refusal.status });
  }
}
