import { describe, expect, it } from "vitest";
import { cartTotals, discountPercent, formatPrice } from "./money.ts";

describe("money", () => {
  it("formats whole francs in fr-CH XAF", () => {
    expect(formatPrice(1250000)).toBe("1\u202f250\u202f000\u00a0FCFA");
    expect(formatPrice(990)).toBe("990\u00a0FCFA");
    expect(formatPrice(5000)).toContain("5");
    expect(formatPrice(5000)).not.toContain(",");
  });

  it("computes the spec's discount: round((1 - selling/price) × 100)", () => {
    expect(discountPercent(100000, 75000)).toBe(25);
    expect(discountPercent(300000, 275000)).toBe(8);
    expect(discountPercent(3, 2)).toBe(33);
    expect(discountPercent(100000, 100000)).toBe(0);
    expect(discountPercent(100000, 120000)).toBe(0);
    expect(discountPercent(0, 10)).toBe(0);
  });

  it("totals quantities and quantity × sellingPrice", () => {
    expect(cartTotals([])).toEqual({ quantity: 0, price: 0 });
    expect(
      cartTotals([
        { quantity: 2, sellingPrice: 150000 },
        { quantity: 1, sellingPrice: 5000 },
      ]),
    ).toEqual({ quantity: 3, price: 305000 });
  });
});
