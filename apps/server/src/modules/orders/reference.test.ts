import { ORDER_REFERENCE_ALPHABET, ORDER_REFERENCE_PATTERN } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { REFERENCE_ATTEMPTS, randomReference, referenceLength, withFreeReference } from "./reference.ts";

describe("order references", () => {
  it("are CMD- and 4 characters of the phone-safe alphabet, matching the shared pattern", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const reference = randomReference(4);
      expect(reference).toMatch(ORDER_REFERENCE_PATTERN);
      expect(reference).toHaveLength(8);
      for (const c of reference.slice(4)) seen.add(c);
    }
    // Every character of the alphabet is drawn, and nothing else (no 0/O, 1/I/L, U/V).
    expect([...seen].sort().join("")).toBe([...ORDER_REFERENCE_ALPHABET].sort().join(""));
    expect(ORDER_REFERENCE_ALPHABET).not.toMatch(/[01OILUV]/);
  });

  it("can be drawn with 5 characters, still matching the pattern", () => {
    expect(randomReference(5)).toMatch(/^CMD-[23456789ABCDEFGHJKMNPQRSTWXYZ]{5}$/);
    expect(randomReference(5)).toMatch(ORDER_REFERENCE_PATTERN);
  });

  it("rarely repeat: 2000 draws give (almost) 2000 different references", () => {
    const drawn = new Set(Array.from({ length: 2000 }, () => randomReference(4)));
    // 29⁴ ≈ 707 000 references: about 3 collisions are expected among 2000 draws.
    expect(drawn.size).toBeGreaterThan(1980);
  });

  it("keep 4 characters for the first 4 attempts, then 5", () => {
    expect(Array.from({ length: REFERENCE_ATTEMPTS }, (_, i) => referenceLength(i))).toEqual([4, 4, 4, 4, 5, 5, 5, 5]);
  });

  it("retry with a new reference while the insert finds it taken", async () => {
    const taken = new Set(["CMD-AAAA", "CMD-BBBB"]);
    const queue = ["CMD-AAAA", "CMD-BBBB", "CMD-CCCC"];
    const tried: string[] = [];
    const stored = await withFreeReference(
      async (reference) => {
        tried.push(reference);
        return taken.has(reference) ? null : { reference };
      },
      () => queue.shift() ?? "CMD-ZZZZ",
    );
    expect(stored).toEqual({ reference: "CMD-CCCC" });
    expect(tried).toEqual(["CMD-AAAA", "CMD-BBBB", "CMD-CCCC"]);
  });

  it("ask for a fifth character after 4 collisions, and give up after 8", async () => {
    const lengths: number[] = [];
    const fifth = await withFreeReference(
      async (reference) => (reference.length === 9 ? reference : null),
      (length) => {
        lengths.push(length);
        return `CMD-${"A".repeat(length)}`;
      },
    );
    expect(fifth).toBe("CMD-AAAAA");
    expect(lengths).toEqual([4, 4, 4, 4, 5]);

    await expect(withFreeReference(async () => null, randomReference)).rejects.toThrow(/no free order reference/);
  });
});
