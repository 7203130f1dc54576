import { bulkProductsInput } from "@shop/shared";
import { FIELD_MSG } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { ApiError } from "../../../lib/api";
import { withFlash } from "../../../lib/flash.server";
import { refusalOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT } from "../admin-errors";
import { type BulkAnswer, type BulkIntent, bulkCandidate, readBulkForm } from "./bulk-form-values";
import { PRODUCTS_PATH } from "./products-query";

const SEE_OTHER = 303;

/**
 * The grid's bulk change (decision 048), posted as an HTML form: `bulk-preview` checks the
 * form with the contract and answers the API's preview, with the change as checked (the page
 * draws the confirmation from it); `bulk-apply` makes the change. Posted by the browser itself
 * (no scripts), a change answers with a redirect to the same grid and its message for the next
 * page, so that a reload cannot apply it twice. The API's French refusals are said as they are;
 * the caller has checked the admin already, the API checks whose products they are.
 */
export async function bulkProductsAction(request: Request, form: FormData, intent: BulkIntent) {
  const posted = readBulkForm(form);
  const stage = intent === "bulk-preview" ? "preview" : "apply";
  const refused = (message: string, status: number) =>
    data({ bulk: stage, ok: false, message, values: posted.values } satisfies BulkAnswer, { status });

  const candidate = bulkCandidate(posted);
  // Said first: nothing chosen is the first thing to mend, whatever else the form lacks.
  if (!candidate.ids && !candidate.filter) return refused(FIELD_MSG.bulkTargetInvalid, 400);
  const parsed = bulkProductsInput.safeParse(candidate);
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? ADMIN_TEXT.genericError, 400);
  const input = parsed.data;

  const api = adminApi(request);
  try {
    if (stage === "preview") {
      const preview = await api.bulkPreview(input);
      return { bulk: "preview", ok: true, preview, input, values: posted.values } satisfies BulkAnswer;
    }
    const { result, message } = await api.bulkApply(input);
    if (posted.redirect) {
      const { search } = new URL(request.url);
      return redirect(`${PRODUCTS_PATH}${search}`, {
        status: SEE_OTHER,
        headers: withFlash({ tone: "success", text: message }),
      });
    }
    return { bulk: "apply", ok: true, message, result } satisfies BulkAnswer;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Another admin's products (403), one gone meanwhile (404), too many or none (400): the server's words.
    if (error.status === 401) return refused(ADMIN_TEXT.authError, 401);
    const refusal = refusalOf(error, [403, 404, 409]);
    return refused(refusal.message, refusal.status);
  }
}
