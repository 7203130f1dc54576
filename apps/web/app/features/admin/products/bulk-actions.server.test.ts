import type { BulkPreview } from "@shop/shared";
import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { FLASH_COOKIE } from "../../../lib/flash.server";
import { ok, refused, stubApi } from "../../../test/api";
import { uuid } from "../../../test/builders";
import { ADMIN_TEXT } from "../admin-errors";
import { productsAction } from "./product-actions.server";

const PREVIEW = "POST /api/admin/products/bulk/preview";
const APPLY = "POST /api/admin/products/bulk";
const A = uuid(1);
const B = uuid(2);
const C = uuid(3);
const NOTHING: BulkPreview = { count: 0, sample: [], archived: 0, capped: 0 };

/** The grid's form as the browser posts it: each field in order, a name given more than once as often. */
function posted(fields: [string, string][], search = "") {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  // Its own `formData()`: the action reads nothing else of the body.
  return Object.assign(new Request(`http://shop.test/admin-panel/all-products${search}`, { method: "POST" }), {
    formData: async () => form,
  });
}

/** The action's answer: where it leads and what it sets, or its status and body. */
async function answer(fields: [string, string][], search = "") {
  const result = (await productsAction(posted(fields, search))) as unknown;
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get("location"),
      cookie: result.headers.get("set-cookie"),
    };
  const wrapped = result as { data?: unknown; init?: ResponseInit | null; type?: string };
  return wrapped.type === "DataWithResponseInit"
    ? { status: wrapped.init?.status ?? 200, body: wrapped.data }
    : { status: 200, body: result };
}

const priceDown: [string, string][] = [
  ["change", "price-percent"],
  ["value", "-10"],
];

describe("the grid's action: a bulk change's preview", () => {
  it("sends the boxes ticked and the change as the contract has them, and answers the preview with the change checked", async () => {
    const preview = { ...NOTHING, count: 2 };
    const server = stubApi({ [PREVIEW]: ok(MSG.bulkPreviewed, preview) });
    const fields: [string, string][] = [
      ["intent", "bulk-preview"],
      ["pageIds", A],
      ["pageIds", B],
      ["ids", A],
      ["ids", B],
      ...priceDown,
    ];
    const input = { ids: [A, B], action: { kind: "price", mode: "percent", value: -10, field: "selling" } };
    expect(await answer(fields)).toEqual({
      status: 200,
      body: {
        bulk: "preview",
        ok: true,
        preview,
        input,
        values: {
          ids: [A, B],
          wholePage: false,
          wholeFilter: false,
          change: "price-percent",
          value: "-10",
          both: false,
          category: "",
        },
      },
    });
    expect(server.sent(PREVIEW)).toEqual([input]);
  });

  it("takes the whole page for 'Tout sélectionner', and the grid's filter, not the boxes, for the filter-wide choice", async () => {
    const server = stubApi({ [PREVIEW]: ok(MSG.bulkPreviewed, NOTHING) });
    await answer([
      ["intent", "bulk-preview"],
      ["pageIds", A],
      ["pageIds", B],
      ["ids", C],
      ["all", "page"],
      ["change", "hide"],
    ]);
    await answer([
      ["intent", "bulk-preview"],
      ["pageIds", A],
      ["ids", A],
      ["all", "page"],
      ["scope", "filter"],
      ["filter.q", "samsung"],
      ["filter.stock", "low"],
      ["filter.visibility", ""],
      ["change", "show"],
    ]);
    expect(server.sent(PREVIEW)).toEqual([
      { ids: [C, A, B], action: { kind: "hide" } },
      { filter: { q: "samsung", stock: "low" }, action: { kind: "show" } },
    ]);
  });

  it("reads each change's own fields: the old price too, a category, a stock (empty: not tracked), a deletion", async () => {
    const server = stubApi({ [PREVIEW]: ok(MSG.bulkPreviewed, NOTHING) });
    const base: [string, string][] = [
      ["intent", "bulk-preview"],
      ["ids", A],
    ];
    await answer([
      ...base,
      ["change", "price-amount"],
      ["value", "\u22125 000"],
      ["field", "both"],
      ["category", "PIXEL"],
    ]);
    await answer([...base, ["change", "category"], ["value", "12"], ["category", "PIXEL"]]);
    await answer([...base, ["change", "stock"], ["value", "12"]]);
    await answer([...base, ["change", "stock"], ["value", ""]]);
    await answer([...base, ["change", "delete"], ["value", "12"]]);
    expect(server.sent(PREVIEW).map((body) => (body as { action: unknown }).action)).toEqual([
      { kind: "price", mode: "amount", value: -5000, field: "both" },
      { kind: "category", category: "PIXEL" },
      { kind: "stock", stock: 12 },
      { kind: "stock", stock: null },
      { kind: "delete" },
    ]);
  });

  it("checks the form with the contract before asking, the choices given back", async () => {
    const server = stubApi();
    const refusal = async (fields: [string, string][]) => {
      const { status, body } = (await answer([["intent", "bulk-preview"], ...fields])) as {
        status: number;
        body: { message: string };
      };
      return [status, body.message];
    };
    expect(await refusal(priceDown)).toEqual([400, FIELD_MSG.bulkTargetInvalid]);
    expect(await refusal([["ids", A]])).toEqual([400, FIELD_MSG.bulkActionInvalid]);
    expect(
      await refusal([
        ["ids", A],
        ["change", "price-percent"],
        ["value", ""],
      ]),
    ).toEqual([400, FIELD_MSG.bulkPriceValueInvalid]);
    expect(
      await refusal([
        ["ids", A],
        ["change", "price-percent"],
        ["value", "0"],
      ]),
    ).toEqual([400, FIELD_MSG.bulkPriceValueInvalid]);
    expect(
      await refusal([
        ["ids", A],
        ["change", "category"],
      ]),
    ).toEqual([400, FIELD_MSG.categoryInvalid]);
    expect(
      await refusal([
        ["ids", A],
        ["change", "stock"],
        ["value", "2.5"],
      ]),
    ).toEqual([400, FIELD_MSG.stockInvalid]);
    expect(
      await refusal([
        ["ids", "pas-un-id"],
        ["change", "hide"],
      ]),
    ).toEqual([400, FIELD_MSG.idInvalid]);
    expect(
      await answer([
        ["intent", "bulk-preview"],
        ["ids", B],
        ["change", "stock"],
        ["value", "-1"],
      ]),
    ).toMatchObject({
      body: { bulk: "preview", ok: false, values: { ids: [B], change: "stock", value: "-1" } },
    });
    expect(server.calls).toEqual([]);
  });

  it("says the API's refusals in its words, with their status", async () => {
    const server = stubApi({ [PREVIEW]: refused(403, MSG.bulkNotOwned(2)) });
    const fields: [string, string][] = [
      ["intent", "bulk-preview"],
      ["ids", A],
      ["change", "hide"],
    ];
    expect(await answer(fields)).toMatchObject({ status: 403, body: { ok: false, message: MSG.bulkNotOwned(2) } });
    server.answer(PREVIEW, refused(400, MSG.bulkTooMany(10_000)));
    expect(await answer(fields)).toMatchObject({ status: 400, body: { message: MSG.bulkTooMany(10_000) } });
    server.answer(PREVIEW, refused(404, MSG.productNotFound));
    expect(await answer(fields)).toMatchObject({ status: 404, body: { message: MSG.productNotFound } });
    server.answer(PREVIEW, refused(401, "Session expirée."));
    expect(await answer(fields)).toMatchObject({ status: 401, body: { message: ADMIN_TEXT.authError } });
  });
});

describe("the grid's action: a bulk change", () => {
  const result = { count: 2, archived: 1, deleted: 1 };
  const fields: [string, string][] = [
    ["intent", "bulk-apply"],
    ["ids", A],
    ["ids", B],
    ["change", "delete"],
  ];

  it("makes the change and answers the server's message, with scripts", async () => {
    const server = stubApi({ [APPLY]: ok(MSG.bulkApplied(2), result) });
    expect(await answer(fields)).toEqual({
      status: 200,
      body: { bulk: "apply", ok: true, message: MSG.bulkApplied(2), result },
    });
    expect(server.sent(APPLY)).toEqual([{ ids: [A, B], action: { kind: "delete" } }]);
  });

  it("posted by the browser itself, leads back to the same grid with the message for it: a reload applies nothing twice", async () => {
    stubApi({ [APPLY]: ok(MSG.bulkApplied(2), result) });
    const led = (await answer([...fields, ["redirect", "1"]], "?q=iphone&page=2")) as {
      status: number;
      location: string;
      cookie: string;
    };
    expect([led.status, led.location]).toEqual([303, "/admin-panel/all-products?q=iphone&page=2"]);
    expect(led.cookie).toContain(`${FLASH_COOKIE}=`);
    expect(decodeURIComponent(led.cookie)).toContain(MSG.bulkApplied(2));
  });

  it("says a refusal in the API's words, whichever way it was posted", async () => {
    stubApi({ [APPLY]: refused(400, MSG.bulkPriceTooLow) });
    expect(await answer([...fields, ["redirect", "1"]])).toMatchObject({
      status: 400,
      body: { bulk: "apply", ok: false, message: MSG.bulkPriceTooLow },
    });
  });
});

describe("the grid's action: a card's form", () => {
  it("still hides a product", async () => {
    const server = stubApi({ "POST /api/update-product": ok(MSG.productUpdated) });
    expect(
      await answer([
        ["intent", "hide"],
        ["id", A],
      ]),
    ).toEqual({
      status: 200,
      body: { ok: true, intent: "hide", message: MSG.productUpdated },
    });
    expect(server.sent("POST /api/update-product")).toEqual([{ _id: A, hidden: true }]);
  });
});
