import { FIELD_MSG, MSG, stockBelowZero } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { type AdjustValues, checkAdjust, countAfter, EMPTY_ADJUST, stepped, wholeOf } from "./adjust-values";
import { countUnchanged, STOCK_TEXT } from "./stock-format";

const values = (v: Partial<AdjustValues>): AdjustValues => ({ ...EMPTY_ADJUST, ...v });

describe("wholeOf", () => {
  it("reads whole numbers as typed on a phone, signs and spaces included", () => {
    expect(wholeOf("+2")).toBe(2);
    expect(wholeOf("-1")).toBe(-1);
    expect(wholeOf("−3")).toBe(-3);
    expect(wholeOf(" 12 ")).toBe(12);
    expect(wholeOf("1 000")).toBe(1000);
    expect(wholeOf("0")).toBe(0);
  });
  it("refuses what is not a whole number", () => {
    for (const text of ["", "+", "1.5", "2,5", "abc", "1e3", "++2", "12345678"]) expect(wholeOf(text)).toBeNull();
  });
});

describe("stepped (the − and + buttons)", () => {
  it("counts from what the field says, signed, and clears at zero", () => {
    expect(stepped(EMPTY_ADJUST, 1).delta).toBe("+1");
    expect(stepped(values({ delta: "+1" }), 1).delta).toBe("+2");
    expect(stepped(values({ delta: "+1" }), -1).delta).toBe("");
    expect(stepped(EMPTY_ADJUST, -1).delta).toBe("-1");
    expect(stepped(values({ delta: "abc" }), 1).delta).toBe("+1");
  });
});

describe("countAfter (the form's preview)", () => {
  it("adds the change to the count, or takes the new count", () => {
    expect(countAfter(8, values({ delta: "+2" }))).toBe(10);
    expect(countAfter(8, values({ delta: "-8" }))).toBe(0);
    expect(countAfter(8, values({ count: "3" }))).toBe(3);
    expect(countAfter(null, values({ count: "5" }))).toBe(5);
  });
  it("says nothing when it cannot be said", () => {
    expect(countAfter(8, EMPTY_ADJUST)).toBeUndefined();
    expect(countAfter(8, values({ delta: "-9" }))).toBeUndefined();
    expect(countAfter(null, values({ delta: "+2" }))).toBeUndefined();
    expect(countAfter(8, values({ count: "-1" }))).toBeUndefined();
  });
});

describe("checkAdjust", () => {
  it("sends a change with its reason, trimmed", () => {
    expect(checkAdjust(8, values({ delta: "+2", note: " Arrivage " }))).toEqual({
      ok: true,
      input: { delta: 2, note: "Arrivage" },
    });
    expect(checkAdjust(8, values({ delta: "−8", note: "Casse" }))).toEqual({
      ok: true,
      input: { delta: -8, note: "Casse" },
    });
  });

  it("sends a new count, which also starts tracking an untracked stock", () => {
    expect(checkAdjust(8, values({ count: "12", note: "Inventaire" }))).toEqual({
      ok: true,
      input: { stock: 12, note: "Inventaire" },
    });
    expect(checkAdjust(null, values({ count: "0", note: "Inventaire" }))).toEqual({
      ok: true,
      input: { stock: 0, note: "Inventaire" },
    });
  });

  it("asks for a reason, whatever else is right", () => {
    expect(checkAdjust(8, values({ delta: "+2", note: "  " }))).toEqual({
      ok: false,
      errors: { note: FIELD_MSG.stockNoteRequired },
    });
  });

  it("asks for a change or a count, in the server's words", () => {
    expect(checkAdjust(8, values({ note: "Arrivage" }))).toEqual({
      ok: false,
      errors: { delta: FIELD_MSG.stockAdjustOneOf },
    });
    expect(checkAdjust(8, EMPTY_ADJUST)).toEqual({
      ok: false,
      errors: { delta: FIELD_MSG.stockAdjustOneOf, note: FIELD_MSG.stockNoteRequired },
    });
  });

  it("refuses a change below zero, of zero, not a number, or on an untracked count", () => {
    const refused = (current: number | null, delta: string) =>
      checkAdjust(current, values({ delta, note: "x" })) as { ok: false; errors: Record<string, string> };
    expect(refused(2, "-3").errors.delta).toBe(stockBelowZero(2));
    expect(refused(2, "0").errors.delta).toBe(FIELD_MSG.stockDeltaZero);
    expect(refused(2, "deux").errors.delta).toBe(STOCK_TEXT.deltaInvalid);
    expect(refused(null, "+2").errors.delta).toBe(MSG.stockUntracked);
  });

  it("refuses a count that is not a whole number from 0, or the same as now", () => {
    const refused = (current: number | null, count: string) =>
      checkAdjust(current, values({ count, note: "x" })) as { ok: false; errors: Record<string, string> };
    expect(refused(4, "-1").errors.count).toBe(STOCK_TEXT.countInvalid);
    expect(refused(4, "2.5").errors.count).toBe(STOCK_TEXT.countInvalid);
    expect(refused(4, "4").errors.count).toBe(countUnchanged(4));
  });

  it("takes the count the admin typed over a change (typing one clears the other in the form)", () => {
    expect(checkAdjust(4, values({ delta: "+1", count: "9", note: "x" }))).toEqual({
      ok: true,
      input: { stock: 9, note: "x" },
    });
  });
});
