import { data, redirect } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT } from "../admin-errors";
import {
  type CategoryErrors,
  type CategoryValues,
  categoryBody,
  categoryErrorsOf,
  checkCategory,
  imageFileOf,
  imagePathOf,
  readCategoryForm,
} from "./category-form-values";
import { movedOrder, stepOf } from "./category-order";
import { CATEGORIES_PATH } from "./category-paths";

/** What a refused action gives back: the form it was ("new" or a category's id), its values and errors. */
export interface CategoryFailure {
  ok: false;
  form: string;
  message: string;
  values?: CategoryValues;
  fieldErrors?: CategoryErrors;
}

export const CATEGORY_INTENTS = ["create", "update", "hide", "show", "move", "delete"] as const;
export type CategoryIntent = (typeof CATEGORY_INTENTS)[number];
const isIntent = (v: string): v is CategoryIntent => (CATEGORY_INTENTS as readonly string[]).includes(v);

const refused = (failure: Omit<CategoryFailure, "ok">, status: number) =>
  data({ ok: false, ...failure } satisfies CategoryFailure, { status });

/** Where a done action leads: the page saying so; a move names what moved, for the focus to stay on it. */
function doneHref(intent: CategoryIntent, id: string, direction: string) {
  const params = new URLSearchParams({ ok: intent });
  if (intent === "move") {
    params.set("moved", id);
    params.set("direction", direction === "up" ? "up" : "down");
  }
  return `${CATEGORIES_PATH}?${params}`;
}

/**
 * The 'Catégories' page's action (decision 046): create, edit, hide, show, move or delete a
 * category. A picture chosen in the form goes up through the API's image upload first (the
 * form is multipart, so this works without scripts). Done: back to the page with `?ok=<intent>`
 * (a reload does not send it again); refused: the form's values and the API's French words. The
 * caller has checked the admin; the API refuses an ADMIN's changes (403), said as it says it.
 */
export async function categoriesAction(request: Request) {
  const form = await request.formData();
  const intent = textOf(form, "intent");
  const id = textOf(form, "id");
  const direction = textOf(form, "direction");
  if (!isIntent(intent)) return refused({ form: "", message: ADMIN_TEXT.genericError }, 400);
  const formName = intent === "create" ? "new" : id;
  const values = intent === "create" || intent === "update" ? readCategoryForm(form) : undefined;
  const api = adminApi(request);
  try {
    if (values) {
      const errors = checkCategory(values);
      if (Object.keys(errors).length) {
        return refused({ form: formName, message: Object.values(errors)[0] ?? "", values, fieldErrors: errors }, 400);
      }
      const file = imageFileOf(form);
      let image: string | undefined;
      if (file) {
        try {
          image = imagePathOf((await api.uploadImage(file)).url);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const refusal = refusalOf(error, [401, 403]);
          const message = error.status === 401 ? ADMIN_TEXT.authError : refusal.message;
          return refused({ form: formName, message, values, fieldErrors: { image: message } }, refusal.status);
        }
      }
      if (intent === "create") await api.createCategory(categoryBody(values, image));
      else await api.updateCategory(id, categoryBody(values, image));
    } else if (intent === "hide" || intent === "show") {
      await api.updateCategory(id, { hidden: intent === "hide" });
    } else if (intent === "delete") {
      await api.deleteCategory(id);
    } else {
      const order = movedOrder(
        (await api.categories()).map((c) => c._id),
        id,
        stepOf(direction),
      );
      if (order) await api.orderCategories(order);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // 403: an ADMIN (the SUPERADMIN's alone); 404: gone meanwhile; 409: a name or slug taken, products left.
    const refusal = refusalOf(error, [401, 403, 404, 409]);
    const message = error.status === 401 ? ADMIN_TEXT.authError : refusal.message;
    return refused(
      {
        form: formName,
        message,
        values,
        fieldErrors: values ? categoryErrorsOf(error.message, error.issues) : undefined,
      },
      refusal.status,
    );
  }
  return redirect(doneHref(intent, id, direction));
}
