import { describe, expect, it } from "vitest";
import { CATEGORIES, CATEGORIES_SORTED, isCategory } from "./categories.ts";
import { imageAt, imageSources, imageSrcSet } from "./images.ts";

describe("categories", () => {
  it("has the spec's 17 categories, and an alphabetical copy for the admin", () => {
    expect(CATEGORIES).toHaveLength(17);
    expect(new Set(CATEGORIES_SORTED)).toEqual(new Set(CATEGORIES));
    expect(CATEGORIES_SORTED[0]).toBe("ACCESSOIRES");
    expect(CATEGORIES_SORTED.indexOf("IPHONE 8")).toBeLessThan(CATEGORIES_SORTED.indexOf("IPHONE 11"));
    expect(isCategory("SAMSUNG")).toBe(true);
    expect(isCategory("samsung")).toBe(false);
  });
});

describe("image sources", () => {
  it("derives every stored width of one of our images", () => {
    const url = "/uploads/images/0b9f3c1e-0000-4000-8000-000000000001/800.webp";
    expect(imageSources(url).map((s) => s.width)).toEqual([400, 800, 1600]);
    expect(imageSrcSet(url)).toBe(
      "/uploads/images/0b9f3c1e-0000-4000-8000-000000000001/400.webp 400w, /uploads/images/0b9f3c1e-0000-4000-8000-000000000001/800.webp 800w, /uploads/images/0b9f3c1e-0000-4000-8000-000000000001/1600.webp 1600w",
    );
  });

  it("offers a range of widths, or one width's file", () => {
    const url = "/uploads/images/0b9f3c1e-0000-4000-8000-000000000001/800.webp";
    expect(imageSrcSet(url, 800, 1600)).toBe(
      "/uploads/images/0b9f3c1e-0000-4000-8000-000000000001/800.webp 800w, /uploads/images/0b9f3c1e-0000-4000-8000-000000000001/1600.webp 1600w",
    );
    expect(imageSrcSet(url, 400, 800)).not.toContain("1600");
    expect(imageAt(url, 1600)).toBe("/uploads/images/0b9f3c1e-0000-4000-8000-000000000001/1600.webp");
  });

  it("leaves an outside URL alone", () => {
    expect(imageAt("https://res.example.com/a.jpg", 400)).toBe("https://res.example.com/a.jpg");
    expect(imageSources("https://res.example.com/a.jpg")).toEqual([]);
    expect(imageSrcSet("https://res.example.com/a.jpg")).toBeUndefined();
  });
});
