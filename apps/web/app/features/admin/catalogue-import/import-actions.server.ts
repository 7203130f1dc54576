import type { CataloguePreview } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../admin-errors";
import { IMPORT_PATH } from "../products/products-query";

/** What the import page's action answers when it does not lead elsewhere. */
export type ImportAnswer = { ok: true; preview: CataloguePreview } | { ok: false; message: string };

const refused = (message: string, status: number) => data({ ok: false, message } satisfies ImportAnswer, { status });

/**
 * The 'Importer' page's action (decision 047), a multipart form that works without scripts:
 * `preview` sends the file to the API and answers what it would do (the file is kept there as
 * the admin's import); `apply` confirms that import and leads to its progress (`?id=`), so a
 * reload follows it rather than sending it again. The API's French refusals are said as they are.
 */
export async function importAction(request: Request) {
  const form = await request.formData();
  const intent = textOf(form, "intent");
  const api = adminApi(request);
  try {
    if (intent === "preview") {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) return refused(MSG.csvFileMissing, 400);
      return { ok: true, preview: await api.previewImport(file) } satisfies ImportAnswer;
    }
    if (intent === "apply") {
      const id = textOf(form, "importId");
      const { current } = await api.applyImport(id);
      return redirect(`${IMPORT_PATH}?id=${encodeURIComponent(current._id)}`);
    }
    return refused(ADMIN_TEXT.genericError, 400);
  } catch (error) {
    const status = (error as { status?: number }).status;
    return refused(adminErrorMessage(error, ADMIN_TEXT.genericError), status && status >= 400 ? status : 502);
  }
}
