import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { anAdminCategory, uuid } from "../../../test/builders";
import { formOf } from "../../../test/forms";
import { categoriesAction } from "./category-actions.server";

const CREATE = "POST /api/admin/categories";
const LIST = "GET /api/admin/categories";
const ORDER = "PUT /api/admin/categories/order";
const UPLOAD = "POST /api/upload-image";
const ID = uuid(202);

/**
 * The form posted to the page. Its own `formData()`: jsdom's File (the tests' FormData) is not
 * the one Node's Request encodes, and the action reads nothing else of the body.
 */
const post = (form: FormData) =>
  categoriesAction(
    Object.assign(new Request("http://shop.test/admin-panel/categories", { method: "POST" }), {
      formData: async () => form,
    }),
  );

/** The action's answer: where it leads, or its refusal's status and body. */
async function answer(form: FormData) {
  const result = (await post(form)) as unknown;
  if (result instanceof Response) return { location: result.headers.get("location"), status: result.status };
  const wrapped = result as { data?: unknown; init?: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data };
}

describe("the 'Catégories' page's action", () => {
  it("creates a category, its slug left to the server, and goes back saying so", async () => {
    const server = stubApi({ [CREATE]: ok(MSG.categorySaved, anAdminCategory()) });
    expect(await answer(formOf({ intent: "create", name: " IPHONE 16 ", slug: "" }))).toEqual({
      location: "/admin-panel/categories?ok=create",
      status: 302,
    });
    expect(server.sent(CREATE)).toEqual([{ name: "IPHONE 16", hidden: false }]);
  });

  it("sends a chosen picture through the image upload first, and keeps its path", async () => {
    const server = stubApi({
      [UPLOAD]: ok(MSG.imageUploaded, { url: "http://shop.test/uploads/images/cat-1/800.webp", sizes: [] }),
      [CREATE]: ok(MSG.categorySaved, anAdminCategory()),
    });
    const form = formOf({ intent: "create", name: "IPHONE 16", hidden: "on" });
    form.set("image", new File([new Uint8Array([1, 2, 3])], "iphone.jpg", { type: "image/jpeg" }));
    expect((await answer(form)).location).toBe("/admin-panel/categories?ok=create");
    expect(server.sent(UPLOAD)).toHaveLength(1);
    expect(server.sent(CREATE)).toEqual([{ name: "IPHONE 16", hidden: true, image: "/uploads/images/cat-1/800.webp" }]);
  });

  it("says a refused picture beside its field, sending no category", async () => {
    const server = stubApi({ [UPLOAD]: refused(415, MSG.imageMissing) });
    const form = formOf({ intent: "create", name: "IPHONE 16" });
    form.set("image", new File([new Uint8Array([1])], "notes.txt", { type: "text/plain" }));
    expect(await answer(form)).toMatchObject({
      status: 415,
      body: { ok: false, form: "new", fieldErrors: { image: MSG.imageMissing } },
    });
    expect(server.sent(CREATE)).toEqual([]);
  });

  it("checks the form before asking, the values kept", async () => {
    const server = stubApi();
    expect(await answer(formOf({ intent: "create", name: "", slug: "iPhone 16" }))).toEqual({
      status: 400,
      body: {
        ok: false,
        form: "new",
        message: FIELD_MSG.categoryNameRequired,
        values: { name: "", slug: "iPhone 16", hidden: false, removeImage: false },
        fieldErrors: { name: FIELD_MSG.categoryNameRequired, slug: FIELD_MSG.categorySlugInvalid },
      },
    });
    expect(server.calls).toEqual([]);
  });

  it("puts a name already taken beside the name", async () => {
    stubApi({ [`PUT /api/admin/categories/${ID}`]: refused(409, MSG.categoryNameTaken) });
    expect(await answer(formOf({ intent: "update", id: ID, name: "SAMSUNG", slug: "iphone-16" }))).toMatchObject({
      status: 409,
      body: { form: ID, message: MSG.categoryNameTaken, fieldErrors: { name: MSG.categoryNameTaken } },
    });
  });

  it("hides and shows a category", async () => {
    const server = stubApi({ [`PUT /api/admin/categories/${ID}`]: ok(MSG.categorySaved, anAdminCategory()) });
    expect((await answer(formOf({ intent: "hide", id: ID }))).location).toBe("/admin-panel/categories?ok=hide");
    expect((await answer(formOf({ intent: "show", id: ID }))).location).toBe("/admin-panel/categories?ok=show");
    expect(server.sent(`PUT /api/admin/categories/${ID}`)).toEqual([{ hidden: true }, { hidden: false }]);
  });

  it("moves a category by sending the whole new order, and names it for the focus", async () => {
    const ids = [uuid(1), uuid(2), uuid(3)];
    const server = stubApi({
      [LIST]: ok(
        "",
        ids.map((_id, position) => anAdminCategory({ _id, position })),
      ),
      [ORDER]: ok(MSG.categoriesOrdered, []),
    });
    expect(await answer(formOf({ intent: "move", id: uuid(3), direction: "up" }))).toEqual({
      location: `/admin-panel/categories?ok=move&moved=${uuid(3)}&direction=up`,
      status: 302,
    });
    expect(server.sent(ORDER)).toEqual([{ ids: [uuid(1), uuid(3), uuid(2)] }]);
    // The first one up: nothing to send.
    await answer(formOf({ intent: "move", id: uuid(1), direction: "up" }));
    expect(server.sent(ORDER)).toHaveLength(1);
  });

  it("says why a category with products cannot be deleted, in the server's words", async () => {
    stubApi({ [`DELETE /api/admin/categories/${ID}`]: refused(409, MSG.categoryNotEmpty(2)) });
    expect(await answer(formOf({ intent: "delete", id: ID }))).toEqual({
      status: 409,
      body: { ok: false, form: ID, message: MSG.categoryNotEmpty(2) },
    });
  });

  it("passes on the API's refusal of an ADMIN", async () => {
    stubApi({ [CREATE]: refused(403, "Accès réservé au super administrateur.") });
    expect(await answer(formOf({ intent: "create", name: "IPHONE 16" }))).toMatchObject({
      status: 403,
      body: { message: "Accès réservé au super administrateur.", fieldErrors: {} },
    });
  });
});
