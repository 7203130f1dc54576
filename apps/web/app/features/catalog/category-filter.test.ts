import { describe, expect, it } from "vitest";
import { api } from "../../lib/api";
import { ok, stubApi } from "../../test/api";
import { filterSearch, loadFilter, readFilter, sortByPrice } from "./category-filter";

describe("category filter address", () => {
  it("reads repeated categories, ignoring those the shop does not show and duplicates", () => {
    const params = new URLSearchParams("category=SAMSUNG&category=PIXEL&category=NOKIA&category=SAMSUNG&category=");
    expect(readFilter(params, ["PIXEL", "SAMSUNG", "IPHONE 16"])).toEqual({
      categories: ["SAMSUNG", "PIXEL"],
      sort: null,
      page: 1,
    });
    // Without the shop's list (comparing two addresses), every name as the address says it.
    expect(readFilter(params).categories).toEqual(["SAMSUNG", "PIXEL", "NOKIA"]);
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

describe("loadFilter", () => {
  it("asks for the ticked categories, or every shown one when none is ticked", async () => {
    const server = stubApi({ "POST /api/filter-product": ok("", [], { total: 0, page: 1, limit: 100 }) });
    const shown = ["IPHONE 16", "SAMSUNG"];
    await loadFilter(api(), { categories: ["SAMSUNG"], sort: null, page: 1 }, shown);
    await loadFilter(api(), { categories: [], sort: null, page: 1 }, shown);
    expect(server.calls.map((c) => c.body)).toEqual([{ category: ["SAMSUNG"] }, { category: shown }]);
  });

  it("has nothing to ask when the shop shows no category", async () => {
    const server = stubApi();
    expect(await loadFilter(api(), { categories: [], sort: null, page: 1 }, [])).toEqual({ products: [], total: 0 });
    expect(server.calls).toEqual([]);
  });
});
