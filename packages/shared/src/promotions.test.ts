import { describe, expect, it } from "vitest";
import {
  bestSale,
  type CodeLine,
  type CodeOffer,
  codeDiscount,
  normalizeCode,
  PROMO_CODE_PATTERN,
  percentOff,
  salePrice,
  targets,
  timeLeft,
} from "./promotions.ts";

const everything = { productIds: [], variantIds: [], categories: [], brands: [] };
const line = (over: Partial<CodeLine> = {}): CodeLine => ({
  productId: "p1",
  variantId: "v1",
  category: "SAMSUNG",
  brand: "Samsung",
  unitPrice: 100_000,
  quantity: 1,
  onSale: false,
  ...over,
});
const code = (over: Partial<CodeOffer> = {}): CodeOffer => ({
  type: "percent",
  value: 10,
  minSubtotal: null,
  stacksWithSale: false,
  target: everything,
  ...over,
});

describe("codes as people type them", () => {
  it("drops spaces and upper-cases", () => {
    expect(normalizeCode(" black friday ")).toBe("BLACKFRIDAY");
    expect(normalizeCode("Noel-2026")).toBe("NOEL-2026");
    expect(PROMO_CODE_PATTERN.test(normalizeCode("radio fm 94"))).toBe(true);
    expect(PROMO_CODE_PATTERN.test("AB")).toBe(false);
    expect(PROMO_CODE_PATTERN.test("PROMO!")).toBe(false);
  });
});

describe("whole francs in the customer's favour", () => {
  it("rounds a percentage off up, so the price down", () => {
    expect(percentOff(99_999, 10)).toBe(10_000);
    expect(salePrice(99_999, { type: "percent", value: 10 })).toBe(89_999);
    expect(salePrice(2, { type: "percent", value: 10 })).toBe(1);
    expect(salePrice(1, { type: "percent", value: 10 })).toBe(1);
    expect(salePrice(150_000, { type: "percent", value: 15 })).toBe(127_500);
  });

  it("never goes below 1 franc with an amount", () => {
    expect(salePrice(5_000, { type: "amount", value: 7_000 })).toBe(1);
    expect(salePrice(50_000, { type: "amount", value: 7_000 })).toBe(43_000);
  });

  it("takes the best sale, never two", () => {
    const sales = [
      { id: "a", name: "A", type: "percent" as const, value: 10, endsAt: null },
      { id: "b", name: "B", type: "amount" as const, value: 15_000, endsAt: null },
    ];
    expect(bestSale(100_000, sales)).toMatchObject({ sale: { id: "b" }, price: 85_000 });
    expect(bestSale(300_000, sales)).toMatchObject({ sale: { id: "a" }, price: 270_000 });
    expect(bestSale(100_000, [])).toBeNull();
  });
});

describe("where a promotion applies", () => {
  it("names products, variants, categories or brands; none is the whole catalogue", () => {
    const item = { productId: "p1", variantId: "v1", category: "IPHONE 13", brand: "Apple" };
    expect(targets(everything, item)).toBe(true);
    expect(targets({ ...everything, brands: ["apple"] }, item)).toBe(true);
    expect(targets({ ...everything, categories: ["iphone 13"] }, item)).toBe(true);
    expect(targets({ ...everything, variantIds: ["v1"] }, item)).toBe(true);
    expect(targets({ ...everything, productIds: ["p2"], brands: ["Samsung"] }, item)).toBe(false);
  });
});

describe("what a code takes off a cart", () => {
  it("a percentage of the lines it applies to, rounded up", () => {
    const lines = [
      line({ unitPrice: 33_333, quantity: 3 }),
      line({ productId: "p2", brand: "Apple", unitPrice: 1_000 }),
    ];
    expect(codeDiscount(code({ target: { ...everything, brands: ["Samsung"] } }), lines)).toEqual({
      ok: true,
      discount: 10_000,
      deliveryFree: false,
      eligibleSubtotal: 99_999,
    });
  });

  it("an amount never more than the lines it applies to: the total stays above the delivery fee", () => {
    expect(codeDiscount(code({ type: "amount", value: 500_000 }), [line()])).toMatchObject({ discount: 100_000 });
  });

  it("skips lines on sale unless it adds to the sale", () => {
    const lines = [line({ onSale: true }), line({ productId: "p2", unitPrice: 20_000 })];
    expect(codeDiscount(code(), lines)).toMatchObject({ discount: 2_000, eligibleSubtotal: 20_000 });
    expect(codeDiscount(code({ stacksWithSale: true }), lines)).toMatchObject({ discount: 12_000 });
    expect(codeDiscount(code(), [line({ onSale: true })])).toEqual({ ok: false, reason: "no-line" });
  });

  it("refuses under the minimum subtotal, and offers the delivery", () => {
    expect(codeDiscount(code({ minSubtotal: 200_000 }), [line()])).toEqual({ ok: false, reason: "minimum" });
    expect(codeDiscount(code({ type: "free_delivery", value: 0 }), [line()])).toMatchObject({
      ok: true,
      discount: 0,
      deliveryFree: true,
    });
  });
});

describe("time left", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  it("in days and hours, then hours and minutes", () => {
    expect(timeLeft(new Date("2026-11-29T14:30:00Z"), now)).toBe("Plus que 2 j 4 h");
    expect(timeLeft(new Date("2026-11-27T13:20:00Z"), now)).toBe("Plus que 3 h 20 min");
    expect(timeLeft(new Date("2026-11-27T10:00:20Z"), now)).toBe("Plus que 1 min");
  });
});
