import { describe, expect, it } from "vitest";
import { categoryChoices } from "./category-choices";

describe("categoryChoices", () => {
  const categories = [
    { name: "IPHONE 11", hidden: false },
    { name: "ACCESSOIRES", hidden: false },
    { name: "IPHONE 8", hidden: true },
    { name: "GADGETS ÉLECTRONIQUES", hidden: false },
  ];

  it("sorts alphabetically as a French reader does, numbers by their value, hidden ones marked", () => {
    expect(categoryChoices(categories)).toEqual([
      { value: "ACCESSOIRES", label: "ACCESSOIRES" },
      { value: "GADGETS ÉLECTRONIQUES", label: "GADGETS ÉLECTRONIQUES" },
      { value: "IPHONE 8", label: "IPHONE 8 (masquée)" },
      { value: "IPHONE 11", label: "IPHONE 11" },
    ]);
  });

  it("keeps the current one when the list lacks it, never another silently", () => {
    expect(categoryChoices(categories, "AIRPODES").map((c) => c.value)).toEqual([
      "ACCESSOIRES",
      "AIRPODES",
      "GADGETS ÉLECTRONIQUES",
      "IPHONE 8",
      "IPHONE 11",
    ]);
    expect(categoryChoices(categories, "IPHONE 11")).toHaveLength(4);
    expect(categoryChoices([], "SAMSUNG")).toEqual([{ value: "SAMSUNG", label: "SAMSUNG" }]);
  });
});
