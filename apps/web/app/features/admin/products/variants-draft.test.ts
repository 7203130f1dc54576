import { FIELD_MSG, MAX_PRODUCT_OPTIONS, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import {
  cheapestPrices,
  checkVariants,
  combinations,
  type Edit,
  editDraft,
  loadedDraft,
  newDraft,
  type OptionDraft,
  shownRows,
  splitValues,
  VARIANT_TEXT,
  type VariantsDraft,
  variantsInput,
  withCounts,
} from "./variants-draft";

const DEFAULTS = { price: "500000", sellingPrice: "450000" };
const edit = (draft: VariantsDraft, ...edits: Edit[]) => edits.reduce((d, e) => editDraft(d, e, DEFAULTS), draft);
const option = (name: string, values: string[], key = name): OptionDraft => ({ key, name, values });
const labels = (draft: VariantsDraft) =>
  shownRows(draft).map((r) => `${r.optionValues.join("/")}${r.sold ? "" : " (non vendue)"}`);

/** A new product with Stockage (64 Go, 128 Go) and Couleur (Noir, Blanc), typed as the admin would. */
function phoneDraft(): VariantsDraft {
  let draft = edit(newDraft(), { type: "addOption" }, { type: "addOption" });
  const [storage, colour] = draft.options.map((o) => o.key) as [string, string];
  draft = edit(
    draft,
    { type: "renameOption", key: storage, name: "Stockage" },
    { type: "addValues", key: storage, values: ["64 Go", "128 Go"] },
    { type: "renameOption", key: colour, name: "Couleur" },
    { type: "addValues", key: colour, values: splitValues("Noir, Blanc") },
  );
  return draft;
}

describe("combinations", () => {
  it("makes every combination of the options' values in their order, and one without options", () => {
    expect(combinations([])).toEqual([[]]);
    expect(combinations([option("Stockage", ["64 Go", "128 Go"]), option("Couleur", ["Noir", "Blanc"])])).toEqual([
      ["64 Go", "Noir"],
      ["64 Go", "Blanc"],
      ["128 Go", "Noir"],
      ["128 Go", "Blanc"],
    ]);
    // An option still without values makes no combination yet.
    expect(combinations([option("Stockage", ["64 Go"]), option("Couleur", [])])).toEqual([["64 Go"]]);
  });
});

describe("splitValues", () => {
  it("takes values typed at once, separated by commas, without empty or repeated ones", () => {
    expect(splitValues(" 64 Go,128  Go ,, 64 go; 256 Go")).toEqual(["64 Go", "128 Go", "256 Go"]);
    expect(splitValues("  ")).toEqual([]);
  });
});

describe("editing a new product's options", () => {
  it("starts with one stock, not tracked", () => {
    const draft = newDraft();
    expect(shownRows(draft)).toEqual([expect.objectContaining({ optionValues: [], sold: true, tracked: false })]);
  });

  it("sells every combination of the options, priced at the product's prices, counted", () => {
    const draft = phoneDraft();
    expect(labels(draft)).toEqual(["64 Go/Noir", "64 Go/Blanc", "128 Go/Noir", "128 Go/Blanc"]);
    for (const row of shownRows(draft)) {
      expect(row).toMatchObject({ price: "500000", sellingPrice: "450000", tracked: true, stock: "" });
    }
  });

  it("keeps a combination's row when its value goes and comes back, and one not sold stays so", () => {
    let draft = phoneDraft();
    const colour = draft.options[1]!.key;
    draft = edit(
      draft,
      { type: "setRow", values: ["128 Go", "Blanc"], change: { sold: false } },
      { type: "setRow", values: ["64 Go", "Blanc"], change: { stock: "4", price: "520000" } },
      { type: "removeValue", key: colour, value: "Blanc" },
    );
    expect(labels(draft)).toEqual(["64 Go/Noir", "128 Go/Noir"]);
    draft = edit(draft, { type: "addValues", key: colour, values: ["noir", "Rouge"] });
    // "noir" is "Noir" already: only Rouge is new.
    expect(draft.options[1]!.values).toEqual(["Noir", "Rouge"]);
    draft = edit(draft, { type: "addValues", key: colour, values: ["Blanc"] });
    expect(labels(draft)).toEqual([
      "64 Go/Noir",
      "64 Go/Rouge",
      "64 Go/Blanc",
      "128 Go/Noir",
      "128 Go/Rouge",
      "128 Go/Blanc (non vendue)",
    ]);
    expect(shownRows(draft)[2]).toMatchObject({ stock: "4", price: "520000" });
  });

  it("prices a new combination like the row it extends", () => {
    let draft = edit(newDraft(), { type: "addOption" });
    const storage = draft.options[0]!.key;
    draft = edit(draft, { type: "addValues", key: storage, values: ["64 Go"] });
    draft = edit(draft, {
      type: "setRow",
      values: ["64 Go"],
      change: { price: "300000", sellingPrice: "280000", stock: "3" },
    });
    draft = edit(draft, { type: "addOption" });
    const colour = draft.options[1]!.key;
    draft = edit(draft, { type: "addValues", key: colour, values: ["Noir", "Blanc"] });
    expect(shownRows(draft).map((r) => [r.price, r.sellingPrice, r.stock])).toEqual([
      ["300000", "280000", ""],
      ["300000", "280000", ""],
    ]);
  });

  it("has at most MAX_PRODUCT_OPTIONS options; removing one makes the rows follow", () => {
    let draft = newDraft();
    for (let i = 0; i < MAX_PRODUCT_OPTIONS + 1; i++) draft = edit(draft, { type: "addOption" });
    expect(draft.options).toHaveLength(MAX_PRODUCT_OPTIONS);
    draft = phoneDraft();
    draft = edit(draft, { type: "removeOption", key: draft.options[1]!.key });
    expect(labels(draft)).toEqual(["64 Go", "128 Go"]);
    draft = edit(draft, { type: "removeOption", key: draft.options[0]!.key });
    expect(labels(draft)).toEqual([""]);
  });

  it("chooses a variant's photos among the product's, on and off", () => {
    let draft = phoneDraft();
    draft = edit(
      draft,
      { type: "toggleImage", values: ["64 Go", "Noir"], image: "saved-0" },
      { type: "toggleImage", values: ["64 Go", "Noir"], image: "new-2" },
      { type: "toggleImage", values: ["64 Go", "Noir"], image: "saved-0" },
    );
    expect(shownRows(draft)[0]!.images).toEqual(["new-2"]);
  });
});

const DETAILS = {
  options: [
    { name: "Stockage", values: ["128 Go", "256 Go"] },
    { name: "Couleur", values: ["Noir", "Bleu"] },
  ],
  variants: [
    {
      _id: "v1",
      optionValues: ["128 Go", "Noir"],
      price: 430000,
      sellingPrice: 395000,
      images: ["http://shop.cm/uploads/images/a/800.webp"],
    },
    {
      _id: "v2",
      optionValues: ["128 Go", "Bleu"],
      price: 430000,
      sellingPrice: 395000,
      images: ["https://cdn.example/x.jpg"],
    },
    { _id: "v3", optionValues: ["256 Go", "Noir"], price: 470000, sellingPrice: 470000, images: [] },
  ],
};
const STOCK = [
  { _id: "v1", stock: 8 },
  { _id: "v2", stock: 0 },
  { _id: "v3", stock: null },
];

describe("a product's variants loaded in the form", () => {
  const loaded = () => loadedDraft(DETAILS as never, STOCK, new Map([["/uploads/images/a/800.webp", "saved-0"]]));

  it("shows the variants sold with their exact counts, the other combinations not sold", () => {
    const draft = loaded();
    expect(labels(draft)).toEqual(["128 Go/Noir", "128 Go/Bleu", "256 Go/Noir", "256 Go/Bleu (non vendue)"]);
    const [black, blue, big] = shownRows(draft);
    expect(black).toMatchObject({
      _id: "v1",
      price: "430000",
      tracked: true,
      stock: "8",
      stockSeen: 8,
      images: ["saved-0"],
    });
    expect(blue).toMatchObject({
      _id: "v2",
      tracked: true,
      stock: "0",
      stockSeen: 0,
      images: ["https://cdn.example/x.jpg"],
    });
    expect(big).toMatchObject({ _id: "v3", tracked: false, stock: "", stockSeen: null });
  });

  it("sends the variants sold, with the counts the form was opened with", () => {
    const draft = edit(loaded(), { type: "setRow", values: ["128 Go", "Noir"], change: { stock: "10" } });
    const input = variantsInput(draft, { price: 1, sellingPrice: 1 }, (ref) =>
      ref === "saved-0" ? "/uploads/images/a/800.webp" : ref.startsWith("http") ? ref : null,
    );
    expect(input).toEqual({
      options: DETAILS.options,
      variants: [
        {
          _id: "v1",
          stockSeen: 8,
          optionValues: ["128 Go", "Noir"],
          price: 430000,
          sellingPrice: 395000,
          stock: 10,
          images: ["/uploads/images/a/800.webp"],
        },
        {
          _id: "v2",
          stockSeen: 0,
          optionValues: ["128 Go", "Bleu"],
          price: 430000,
          sellingPrice: 395000,
          stock: 0,
          images: ["https://cdn.example/x.jpg"],
        },
        {
          _id: "v3",
          stockSeen: null,
          optionValues: ["256 Go", "Noir"],
          price: 470000,
          sellingPrice: 470000,
          stock: null,
          images: [],
        },
      ],
    });
    expect(cheapestPrices(input)).toEqual({ price: 430000, sellingPrice: 395000 });
  });

  it("reads the counts again after an order changed one (409), keeping the rest of the form", () => {
    let draft = edit(loaded(), { type: "setRow", values: ["128 Go", "Noir"], change: { price: "440000" } });
    draft = withCounts(draft, [{ _id: "v1", stock: 7 }]);
    expect(shownRows(draft)[0]).toMatchObject({ price: "440000", stock: "7", stockSeen: 7 });
  });

  it("keeps the one variant of a product without options as its first combination when it gains some", () => {
    let draft = loadedDraft(
      { options: [], variants: [{ ...DETAILS.variants[2]!, _id: "only", optionValues: [] }] } as never,
      [{ _id: "only", stock: 5 }],
      new Map(),
    );
    draft = edit(draft, { type: "addOption" });
    draft = edit(draft, { type: "addValues", key: draft.options[0]!.key, values: ["64 Go", "128 Go"] });
    const [first, second] = shownRows(draft);
    expect(first).toMatchObject({ _id: "only", stockSeen: 5, stock: "5", tracked: true, price: "500000" });
    expect(second).toMatchObject({ stock: "", tracked: true });
    expect(second!._id).toBeUndefined();
    // Back without options: the variant is the product's one stock again, kept by one row only.
    draft = edit(draft, { type: "removeOption", key: draft.options[0]!.key });
    expect(shownRows(draft)).toEqual([expect.objectContaining({ _id: "only", optionValues: [] })]);
    const input = variantsInput(draft, { price: 9000, sellingPrice: 8000 }, () => null);
    expect(input.variants).toEqual([
      { _id: "only", stockSeen: 5, optionValues: [], price: 9000, sellingPrice: 8000, stock: 5, images: [] },
    ]);
  });
});

describe("checkVariants", () => {
  it("finds nothing wrong with a complete form", () => {
    let draft = phoneDraft();
    for (const row of shownRows(draft))
      draft = edit(draft, { type: "setRow", values: row.optionValues, change: { stock: "2" } });
    expect(checkVariants(draft)).toEqual({});
  });

  it("asks options for a name, once each, and values", () => {
    let draft = edit(newDraft(), { type: "addOption" }, { type: "addOption" });
    draft = edit(
      draft,
      { type: "renameOption", key: draft.options[0]!.key, name: "Couleur" },
      { type: "renameOption", key: draft.options[1]!.key, name: " couleur " },
    );
    expect(checkVariants(draft)).toMatchObject({
      "option-0-values": VARIANT_TEXT.optionValuesRequired,
      "option-1-name": FIELD_MSG.optionNameDuplicate,
    });
    expect(checkVariants(edit(newDraft(), { type: "addOption" }))["option-0-name"]).toBe(
      VARIANT_TEXT.optionNameRequired,
    );
  });

  it("asks each sold variant for prices and a count (or 'Non suivi'), and at least one sold", () => {
    let draft = phoneDraft();
    draft = edit(
      draft,
      { type: "setRow", values: ["64 Go", "Noir"], change: { price: "abc", stock: "3" } },
      { type: "setRow", values: ["64 Go", "Blanc"], change: { sellingPrice: "600000", stock: "-1" } },
      { type: "setRow", values: ["128 Go", "Noir"], change: { tracked: false } },
      { type: "setRow", values: ["128 Go", "Blanc"], change: { sold: false } },
    );
    expect(checkVariants(draft)).toEqual({
      "variant-0-price": FIELD_MSG.priceInvalid,
      "variant-1-sellingPrice": MSG.sellingAbovePrice,
      "variant-1-stock": VARIANT_TEXT.stockInvalid,
    });
    for (const row of shownRows(draft))
      draft = edit(draft, { type: "setRow", values: row.optionValues, change: { sold: false } });
    expect(checkVariants(draft).variants).toBe(VARIANT_TEXT.noneSold);
    expect(checkVariants(edit(newDraft(), { type: "setRow", values: [], change: { tracked: true } }))).toEqual({
      "variant-0-stock": VARIANT_TEXT.stockRequired,
    });
  });
});
