import { describe, expect, it } from "vitest";
import { IPHONE_OPTIONS, IPHONE_VARIANTS, iphone } from "../../test/iphone-variants";
import {
  chosenVariant,
  defaultVariant,
  nearestVariant,
  onlyVariantChanged,
  optionChoices,
  photosOf,
  variantSearch,
} from "./variant-choice";

const states = (chosen: ReturnType<typeof iphone>) =>
  optionChoices(IPHONE_OPTIONS, IPHONE_VARIANTS, chosen).map((group) => ({
    name: group.name,
    values: Object.fromEntries(group.values.map((v) => [v.value, `${v.state}${v.selected ? "*" : ""}`])),
  }));

describe("the default choice", () => {
  it("is the cheapest that can be bought, the first of equal prices (as addtocart picks)", () => {
    expect(defaultVariant(IPHONE_VARIANTS)?.label).toBe("128 Go, Noir");
  });

  it("passes over a sold-out variant even when it is cheaper", () => {
    const [first, ...rest] = IPHONE_VARIANTS;
    const cheapOut = { ...first!, sellingPrice: 1_000, stockStatus: "out" as const, stockLeft: null };
    expect(defaultVariant([cheapOut, ...rest])?.label).toBe("128 Go, Bleu");
  });

  it("is the cheapest when every one is sold out, and nothing for no variant", () => {
    const out = IPHONE_VARIANTS.map((v) => ({ ...v, stockStatus: "out" as const, stockLeft: null }));
    expect(defaultVariant(out)?.label).toBe("128 Go, Noir");
    expect(defaultVariant([])).toBeUndefined();
  });
});

describe("the choice of the address (?variant=)", () => {
  it("is the variant it names, or the default one for none or an unknown one", () => {
    expect(chosenVariant(IPHONE_VARIANTS, iphone("256 Go", "Bleu")._id)?.label).toBe("256 Go, Bleu");
    expect(chosenVariant(IPHONE_VARIANTS, null)?.label).toBe("128 Go, Noir");
    expect(chosenVariant(IPHONE_VARIANTS, "pas-un-id")?.label).toBe("128 Go, Noir");
  });

  it("is written as ?variant=<id>", () => {
    expect(variantSearch("abc")).toBe("?variant=abc");
  });

  it("changing alone does not reload the product", () => {
    const at = (s: string) => new URL(s, "http://boutique.cm");
    expect(onlyVariantChanged(at("/product/1"), at("/product/1?variant=a"))).toBe(true);
    expect(onlyVariantChanged(at("/product/1?variant=a"), at("/product/1?variant=b"))).toBe(true);
    expect(onlyVariantChanged(at("/product/1?variant=a"), at("/product/2?variant=a"))).toBe(false);
    expect(onlyVariantChanged(at("/product/1?variant=a"), at("/product/1?variant=a"))).toBe(false);
    expect(onlyVariantChanged(at("/product/1?variant=a"), at("/product/1?variant=a&x=1"))).toBe(false);
  });
});

describe("what each value would do", () => {
  it("marks the chosen values, the combinations sold, sold out, and not sold", () => {
    expect(states(iphone("256 Go", "Noir"))).toEqual([
      { name: "Stockage", values: { "128 Go": "sold", "256 Go": "sold*", "512 Go": "sold" } },
      { name: "Couleur", values: { Noir: "sold*", Bleu: "soldOut", Rose: "unavailable" } },
    ]);
    expect(states(iphone("128 Go", "Rose"))).toEqual([
      { name: "Stockage", values: { "128 Go": "sold*", "256 Go": "unavailable", "512 Go": "unavailable" } },
      { name: "Couleur", values: { Noir: "sold", Bleu: "sold", Rose: "sold*" } },
    ]);
  });

  it("leads a sold combination to its variant, a sold-out one too (it stays selectable)", () => {
    const colours = optionChoices(IPHONE_OPTIONS, IPHONE_VARIANTS, iphone("256 Go", "Noir"))[1]!.values;
    expect(colours.find((v) => v.value === "Bleu")?.target?.label).toBe("256 Go, Bleu");
  });

  it("leads a combination not sold to the nearest one sold", () => {
    // 512 Go chosen: Rose exists only in 128 Go.
    const colours = optionChoices(IPHONE_OPTIONS, IPHONE_VARIANTS, iphone("512 Go", "Noir"))[1]!.values;
    expect(colours.find((v) => v.value === "Rose")).toMatchObject({ state: "unavailable" });
    expect(colours.find((v) => v.value === "Rose")?.target?.label).toBe("128 Go, Rose");
    // Rose chosen: 512 Go exists only in Noir.
    const capacities = optionChoices(IPHONE_OPTIONS, IPHONE_VARIANTS, iphone("128 Go", "Rose"))[0]!.values;
    expect(capacities.find((v) => v.value === "512 Go")?.target?.label).toBe("512 Go, Noir");
  });

  it("prefers keeping the earlier option, then a variant that can be bought", () => {
    const options = [
      { name: "Stockage", values: ["128 Go", "256 Go"] },
      { name: "Couleur", values: ["Noir", "Bleu"] },
      { name: "État", values: ["Neuf", "Reconditionné"] },
    ];
    const v = (values: string[], out = false) => ({
      ...iphone("128 Go", "Noir"),
      _id: values.join("-"),
      optionValues: values,
      label: values.join(", "),
      stockStatus: out ? ("out" as const) : ("in_stock" as const),
    });
    const variants = [
      v(["128 Go", "Noir", "Neuf"]),
      v(["256 Go", "Bleu", "Neuf"]),
      v(["128 Go", "Bleu", "Reconditionné"]),
      v(["128 Go", "Noir", "Reconditionné"], true),
    ];
    // From 128/Noir/Neuf to Reconditionné: both keep 128 Go, 128/Noir keeps Noir too but is sold out;
    // keeping more values wins over availability.
    expect(nearestVariant(variants, ["128 Go", "Noir", "Neuf"], 2, "Reconditionné")?.label).toBe(
      "128 Go, Noir, Reconditionné",
    );
    // From 256/Bleu/Neuf to Reconditionné: 128/Bleu keeps the colour.
    expect(nearestVariant(variants, ["256 Go", "Bleu", "Neuf"], 2, "Reconditionné")?.label).toBe(
      "128 Go, Bleu, Reconditionné",
    );
    // Same values kept: the one that can be bought.
    const tie = [v(["128 Go", "Noir", "Reconditionné"], true), v(["128 Go", "Bleu", "Reconditionné"])];
    expect(nearestVariant(tie, ["256 Go", "Rouge", "Neuf"], 2, "Reconditionné")?.label).toBe(
      "128 Go, Bleu, Reconditionné",
    );
    expect(optionChoices(options, variants, variants[0])[0]!.values[1]).toMatchObject({ state: "unavailable" });
  });

  it("leads nowhere for a value no variant is sold in", () => {
    const options = [{ name: "Couleur", values: ["Noir", "Vert"] }];
    const variants = [{ ...iphone("128 Go", "Noir"), optionValues: ["Noir"] }];
    const [green] = optionChoices(options, variants, variants[0])[0]!.values.slice(1);
    expect(green).toMatchObject({ value: "Vert", state: "unavailable", target: undefined });
  });

  it("offers no choice for a product without options", () => {
    expect(optionChoices([], [{ ...iphone("128 Go", "Noir"), optionValues: [] }], undefined)).toEqual([]);
  });
});

describe("the photos", () => {
  it("are the variant's own, else the product's", () => {
    expect(photosOf(["/p.webp"], { images: ["/v.webp"] })).toEqual(["/v.webp"]);
    expect(photosOf(["/p.webp"], { images: [] })).toEqual(["/p.webp"]);
    expect(photosOf(["/p.webp"], undefined)).toEqual(["/p.webp"]);
  });
});
