import { type BulkProductsInput, bulkProductsInput } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { uuid } from "../../../test/builders";
import { bulkCandidate, bulkHiddenFields, filterFields, numberOf, readBulkForm } from "./bulk-form-values";

const formOfFields = (fields: readonly [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};

/** The confirmation's hidden fields, posted and read back as the action reads them. */
const roundTrip = (input: BulkProductsInput) =>
  bulkProductsInput.parse(bulkCandidate(readBulkForm(formOfFields(bulkHiddenFields(input)))));

describe("the bulk form's fields", () => {
  it.each<[string, unknown]>([
    [
      "a price by a percentage",
      { ids: [uuid(1), uuid(2)], action: { kind: "price", mode: "percent", value: -12.5, field: "selling" } },
    ],
    [
      "an amount on both prices",
      { ids: [uuid(1)], action: { kind: "price", mode: "amount", value: 5000, field: "both" } },
    ],
    [
      "a category, over a filter",
      { filter: { q: "galaxy", brand: "Samsung", promo: "yes" }, action: { kind: "category", category: "SAMSUNG" } },
    ],
    ["a count", { ids: [uuid(3)], action: { kind: "stock", stock: 0 } }],
    ["a count no longer tracked", { ids: [uuid(3)], action: { kind: "stock", stock: null } }],
    ["a deletion over the whole catalogue", { filter: {}, action: { kind: "delete" } }],
    ["hiding", { ids: [uuid(4)], action: { kind: "hide" } }],
  ])("post the change previewed again as it was checked: %s", (_, body) => {
    const input = bulkProductsInput.parse(body);
    expect(roundTrip(input)).toEqual(input);
  });

  it("carry the grid's filter without its sort", () => {
    expect(filterFields({ q: "pixel", stock: "low", sort: "price", visibility: "hidden" })).toEqual([
      ["filter.q", "pixel"],
      ["filter.stock", "low"],
      ["filter.visibility", "hidden"],
    ]);
  });

  it("read numbers as French types them", () => {
    expect(numberOf("-10")).toBe(-10);
    expect(numberOf("\u221210")).toBe(-10);
    expect(numberOf("12,5")).toBe(12.5);
    expect(numberOf(" 5\u202f000 ")).toBe(5000);
    expect(numberOf("")).toBeUndefined();
    expect(numberOf("dix")).toBeNaN();
  });
});
