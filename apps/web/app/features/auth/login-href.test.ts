import { describe, expect, it } from "vitest";
import { formOf } from "../../test/forms";
import { loginHref } from "./login-href";
import { pendingAdd } from "./pending-add";

const PRODUCT = "00000000-0000-4000-8000-000000000001";
const VARIANT = "00000000-0000-4000-8000-000000000002";

describe("loginHref", () => {
  it("asks only to come back, slashes readable, the rest of the address encoded", () => {
    expect(loginHref(`/product/${PRODUCT}`)).toBe(`/login?redirectTo=/product/${PRODUCT}`);
    expect(loginHref("/search?q=iphone 13&page=2")).toBe("/login?redirectTo=/search%3Fq%3Diphone+13%26page%3D2");
  });

  it("carries the product to add, and its variant when one was chosen", () => {
    expect(loginHref("/cart", { productId: PRODUCT })).toBe(`/login?redirectTo=/cart&add=${PRODUCT}`);
    expect(loginHref("/cart", { productId: PRODUCT, variantId: VARIANT })).toBe(
      `/login?redirectTo=/cart&add=${PRODUCT}&variant=${VARIANT}`,
    );
  });

  it("names no variant without a product", () => {
    expect(loginHref("/cart", { productId: "", variantId: VARIANT })).toBe("/login?redirectTo=/cart");
  });

  it("gives back what pendingAdd reads", () => {
    const href = loginHref("/cart", { productId: PRODUCT, variantId: VARIANT });
    expect(pendingAdd(new URL(href, "https://boutique.test").searchParams)).toEqual({
      productId: PRODUCT,
      variantId: VARIANT,
    });
  });
});

describe("pendingAdd", () => {
  it("reads a product, and its variant, from a form or an address", () => {
    expect(pendingAdd(formOf({ add: PRODUCT }))).toEqual({ productId: PRODUCT });
    expect(pendingAdd(new URLSearchParams({ add: "abc_123", variant: "v-9" }))).toEqual({
      productId: "abc_123",
      variantId: "v-9",
    });
  });

  it("is nothing without a product, even with a variant", () => {
    expect(pendingAdd(formOf({}))).toBeUndefined();
    expect(pendingAdd(formOf({ variant: VARIANT }))).toBeUndefined();
    expect(pendingAdd(formOf({ add: "" }))).toBeUndefined();
  });

  it("refuses anything but a plain id", () => {
    for (const add of ["../admin", "a b", "<script>", "a".repeat(65), "id?x=1", "é"]) {
      expect(pendingAdd(formOf({ add })), add).toBeUndefined();
    }
    const file = new FormData();
    file.set("add", new Blob([PRODUCT]), "id.txt");
    expect(pendingAdd(file)).toBeUndefined();
    expect(pendingAdd(formOf({ add: "a".repeat(64) }))).toEqual({ productId: "a".repeat(64) });
  });

  it("drops a variant that is not a plain id, and keeps the product", () => {
    expect(pendingAdd(formOf({ add: PRODUCT, variant: "x/../y" }))).toEqual({ productId: PRODUCT });
  });
});
