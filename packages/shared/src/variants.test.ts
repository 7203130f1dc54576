import { describe, expect, it } from "vitest";
import { lineName, variantLabel } from "./variants.ts";

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
