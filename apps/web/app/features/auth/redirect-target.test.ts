import { describe, expect, it } from "vitest";
import { redirectTarget, withRedirect } from "./redirect-target";

describe("redirectTarget", () => {
  it("keeps a path of the shop, with its query and hash", () => {
    expect(redirectTarget("/product/0190a1b2")).toBe("/product/0190a1b2");
    expect(redirectTarget("/search?q=iphone#r")).toBe("/search?q=iphone#r");
    expect(redirectTarget("/")).toBe("/");
  });

  it("sends anything that could leave the site home", () => {
    for (const unsafe of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "product/1",
      "",
      "/\nx",
      "/\tx",
      " /product/1",
    ])
      expect(redirectTarget(unsafe), unsafe).toBe("/");
  });

  it("ignores what is not one string, and the sign-in pages themselves", () => {
    expect(redirectTarget(null)).toBe("/");
    expect(redirectTarget(undefined)).toBe("/");
    expect(redirectTarget(["/cart"])).toBe("/");
    expect(redirectTarget("/login?redirectTo=/cart")).toBe("/");
    expect(redirectTarget("/sign-up")).toBe("/");
    expect(redirectTarget(`/${"a".repeat(2001)}`)).toBe("/");
  });

  it("uses the fallback given", () => {
    expect(redirectTarget("//x", "/cart")).toBe("/cart");
  });
});

describe("withRedirect", () => {
  it("adds the target only when it is not home", () => {
    expect(withRedirect("/sign-up", "/")).toBe("/sign-up");
    expect(withRedirect("/sign-up", "/product/1?a=b")).toBe("/sign-up?redirectTo=%2Fproduct%2F1%3Fa%3Db");
  });
});
