import { describe, expect, it } from "vitest";
import { displayPhone, telHref } from "./format-phone";

describe("displayPhone", () => {
  it("groups a Cameroon mobile number after its country prefix", () => {
    expect(displayPhone("237699000000")).toBe("+237 6 99 00 00 00");
    expect(displayPhone("237222123456")).toBe("+237 2 22 12 34 56");
  });
});

describe("telHref", () => {
  it("dials the international number", () => {
    expect(telHref("237699000000")).toBe("tel:+237699000000");
  });
});
