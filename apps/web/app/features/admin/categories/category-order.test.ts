import { describe, expect, it } from "vitest";
import { movedOrder, stepOf } from "./category-order";

describe("movedOrder", () => {
  const ids = ["a", "b", "c", "d"];

  it("swaps a category with its neighbour and gives the whole new order", () => {
    expect(movedOrder(ids, "c", -1)).toEqual(["a", "c", "b", "d"]);
    expect(movedOrder(ids, "a", 1)).toEqual(["b", "a", "c", "d"]);
    expect(ids).toEqual(["a", "b", "c", "d"]);
  });

  it("has nothing to move past an end, nor for an id it does not know", () => {
    expect(movedOrder(ids, "a", -1)).toBeNull();
    expect(movedOrder(ids, "d", 1)).toBeNull();
    expect(movedOrder(ids, "z", 1)).toBeNull();
    expect(movedOrder([], "a", 1)).toBeNull();
  });

  it("reads the buttons' directions", () => {
    expect(stepOf("up")).toBe(-1);
    expect(stepOf("down")).toBe(1);
    expect(stepOf("")).toBe(1);
  });
});
