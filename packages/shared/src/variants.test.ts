import { describe, expect, it } from "vitest";
import { availability, lineName, overallAvailability, variantLabel } from "./variants.ts";

describe("variant names", () => {
  it("join the option values in order", () => {
    expect(variantLabel(["256 Go", "Noir"])).toBe("256 Go, Noir");
    expect(variantLabel([])).toBe("");
  });
  it("follow the product's name with a dash, or leave it alone", () => {
    expect(lineName("iPhone 15", "256 Go, Noir")).toBe("iPhone 15 — 256 Go, Noir");
    expect(lineName("Chargeur 20 W", "")).toBe("Chargeur 20 W");
  });
});

describe("what customers read of stock", () => {
  it("shows counts only at LOW_STOCK_MAX or under", () => {
    expect(availability(null)).toEqual({ stockStatus: "untracked", stockLeft: null });
    expect(availability(0)).toEqual({ stockStatus: "out", stockLeft: null });
    expect(availability(1)).toEqual({ stockStatus: "low", stockLeft: 1 });
    expect(availability(3)).toEqual({ stockStatus: "low", stockLeft: 3 });
    expect(availability(4)).toEqual({ stockStatus: "in_stock", stockLeft: null });
  });

  it("for a product, over its variants", () => {
    expect(overallAvailability([0, 0])).toEqual({ stockStatus: "out", stockLeft: null });
    expect(overallAvailability([0, 2, 1])).toEqual({ stockStatus: "low", stockLeft: 3 });
    expect(overallAvailability([2, 2])).toEqual({ stockStatus: "in_stock", stockLeft: null });
    expect(overallAvailability([null, null])).toEqual({ stockStatus: "untracked", stockLeft: null });
    expect(overallAvailability([0, null])).toEqual({ stockStatus: "in_stock", stockLeft: null });
  });
});
