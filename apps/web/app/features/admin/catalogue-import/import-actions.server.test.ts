import { MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { formOf } from "../../../test/forms";
import { importAction } from "./import-actions.server";
import { anImport, aPreview } from "./import-fixtures";

const PREVIEW = "POST /api/admin/products/import/preview";
const ID = anImport()._id;
const APPLY = `POST /api/admin/products/import/${ID}/apply`;

/** The form posted to the page, read as the action reads it (see category-actions.server.test.ts). */
const post = (form: FormData) =>
  importAction(
    Object.assign(new Request("http://shop.test/admin-panel/all-products/import", { method: "POST" }), {
      formData: async () => form,
    }),
  );

async function answer(form: FormData) {
  const result = (await post(form)) as unknown;
  if (result instanceof Response) return { location: result.headers.get("location"), status: result.status };
  const wrapped = result as { data?: unknown; init?: ResponseInit | null };
  if (wrapped.data !== undefined && "init" in wrapped)
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  return { status: 200, body: result };
}

const withFile = (text: string, name = "produits.csv") => {
  const form = formOf({ intent: "preview" });
  form.set("file", new File([text], name, { type: "text/csv" }));
  return form;
};

describe("the 'Importer' page's action", () => {
  it("sends the chosen file to the API as multipart and answers its preview", async () => {
    const server = stubApi({ [PREVIEW]: ok(MSG.cataloguePreviewed, aPreview()) });
    expect(await answer(withFile("Handle;Title\r\n"))).toEqual({
      status: 200,
      body: { ok: true, preview: aPreview() },
    });
    const [sent] = server.sent(PREVIEW) as FormData[];
    expect(sent).toBeInstanceOf(FormData);
    expect((sent!.get("file") as File).name).toBe("produits.csv");
  });

  it("says that a file is needed, without calling the API", async () => {
    stubApi();
    expect(await answer(formOf({ intent: "preview" }))).toEqual({
      status: 400,
      body: { ok: false, message: MSG.csvFileMissing },
    });
    expect(await answer(withFile(""))).toMatchObject({ status: 400 });
  });

  it("says the API's refusal of a file in its own words", async () => {
    stubApi({ [PREVIEW]: refused(413, MSG.csvTooLarge) });
    expect(await answer(withFile("x"))).toEqual({ status: 413, body: { ok: false, message: MSG.csvTooLarge } });
  });

  it("confirms the import and leads to its progress, so that a reload does not send it again", async () => {
    const server = stubApi({
      [APPLY]: {
        status: 202,
        body: { success: true, message: MSG.importStarted, data: anImport({ state: "waiting" }) },
      },
    });
    expect(await answer(formOf({ intent: "apply", importId: ID }))).toEqual({
      status: 302,
      location: `/admin-panel/all-products/import?id=${ID}`,
    });
    expect(server.calls.map((c) => c.route)).toEqual([APPLY]);
  });

  it("says when the import was already confirmed", async () => {
    stubApi({ [APPLY]: refused(409, MSG.importAlreadyStarted) });
    expect(await answer(formOf({ intent: "apply", importId: ID }))).toEqual({
      status: 409,
      body: { ok: false, message: MSG.importAlreadyStarted },
    });
  });
});
