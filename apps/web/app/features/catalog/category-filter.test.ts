import { describe, expect, it } from "vitest";
import { filterSearch, readFilter, sortByPrice } from "./category-filter";

describe("category filter address", () => {
  it("reads repeated categories, ignoring unknown ones and duplicates", () => {
    const state = readFilter(new URLSearchParams("category=SAMSUNG&category=PIXEL&category=NOKIA&category=SAMSUNG"));
    expect(state).toEqual({ categories: ["SAMSUNG", "PIXEL"], sort: null, page: 1 });
  });

  it("reads the sort and the page, falling back on bad values", () => {
    expect(readFilter(new URLSearchParams("sort=dsc&page=3"))).toMatchObject({ sort: "dsc", page: 3 });
    expect(readFilter(new URLSearchParams("sort=prix&page=-2"))).toMatchObject({ sort: null, page: 1 });
    expect(readFilter(new URLSearchParams("page=abc"))).toMatchObject({ page: 1 });
  });

  it("writes the address back, accents and spaces encoded", () => {
    const search = filterSearch({ categories: ["GADGETS ÉLECTRONIQUES", "APPLE WATCH"], sort: "asc", page: 1 });
    expect(search).toBe("?category=GADGETS+%C3%89LECTRONIQUES&category=APPLE+WATCH&sort=asc");
    expect(readFilter(new URLSearchParams(search)).categories).toEqual(["GADGETS ÉLECTRONIQUES", "APPLE WATCH"]);
  });
});

describe("sortByPrice", () => {
  const list = [
    { id: "a", sellingPrice: 300 },
    { id: "b", sellingPrice: 100 },
    { id: "c", sellingPrice: 300 },
    { id: "d", sellingPrice: 200 },
  ];
  it("'Prix croissant' sorts ascending, keeping the given order for equal prices", () => {
    expect(sortByPrice(list, "asc").map((p) => p.id)).toEqual(["b", "d", "a", "c"]);
  });
  it("'Prix - du haut au bas' sorts descending", () => {
    expect(sortByPrice(list, "dsc").map((p) => p.id)).toEqual(["a", "c", "d", "b"]);
  });
  it("no sort keeps the server's order and never changes the input", () => {
    expect(sortByPrice(list, null).map((p) => p.id)).toEqual(["a", "b", "c", "d"]);
    expect(list.map((p) => p.id)).toEqual(["a", "b", "c", "d"]);
  });
});
