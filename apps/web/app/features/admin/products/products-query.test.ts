import { describe, expect, it } from "vitest";
import { uuid } from "../../../test/builders";
import {
  exportHref,
  filterCount,
  isFiltered,
  productsFilters,
  productsHref,
  readProductsQuery,
} from "./products-query";

const read = (search: string) => readProductsQuery(new URL(`http://shop.test/admin-panel/all-products${search}`));

describe("the products grid's address", () => {
  it("reads the search, every filter, the sort and the page", () => {
    expect(
      read(
        "?q=%20iphne%2013%20&category=IPHONE%2013&brand=apple&stock=low&promo=yes&visibility=hidden&sort=price_desc&page=3",
      ),
    ).toEqual({
      q: "iphne 13",
      category: "IPHONE 13",
      brand: "apple",
      stock: "low",
      promo: "yes",
      visibility: "hidden",
      sort: "price_desc",
      page: 3,
    });
  });

  it("takes what the form sends empty as no filter, and the bare address as everything, newest first", () => {
    const everything = {
      q: undefined,
      category: undefined,
      brand: undefined,
      stock: undefined,
      promo: undefined,
      visibility: undefined,
      sort: undefined,
      page: 1,
    };
    expect(read("?q=&category=&brand=&stock=&promo=&visibility=&sort=")).toEqual(everything);
    expect(read("")).toEqual(everything);
    expect(isFiltered(read("?q=%20%20&stock="))).toBe(false);
  });

  it("takes an unknown state, promotion, visibility or sort, or a page that is not one, as none", () => {
    const query = read("?stock=beaucoup&promo=peut-etre&visibility=supprimes&sort=couleur&page=-2");
    expect(query).toMatchObject({
      stock: undefined,
      promo: undefined,
      visibility: undefined,
      sort: undefined,
      page: 1,
    });
    expect(read("?page=2.5").page).toBe(1);
    expect(read("?page=10001").page).toBe(1);
  });

  it("leaves the dashboard's `stock=<product id>` (which opens its stock) out of the filters", () => {
    expect(read(`?stock=${uuid(7)}`).stock).toBeUndefined();
    expect(productsHref(read(`?stock=${uuid(7)}&q=pixel`))).toBe("/admin-panel/all-products?q=pixel");
  });

  it("passes a text the API will refuse (too long) on, for it to say why in French", () => {
    const long = "a".repeat(150);
    expect(read(`?q=${long}`).q).toBe(long);
  });

  it("takes relevance, the default sort, as no sort", () => {
    expect(read("?sort=relevance").sort).toBeUndefined();
    expect(productsHref({ q: "galaxy", sort: "relevance" })).toBe("/admin-panel/all-products?q=galaxy");
  });

  it("writes only what is set, so page 1 of everything is the bare grid", () => {
    expect(productsHref({})).toBe("/admin-panel/all-products");
    expect(productsHref({ page: 1, q: "", brand: undefined })).toBe("/admin-panel/all-products");
    expect(productsHref({ q: "coque rose", promo: "no", page: 2 })).toBe(
      "/admin-panel/all-products?q=coque+rose&promo=no&page=2",
    );
    expect(productsHref({ category: "IPHONE 13", stock: "out", sort: "stock" })).toBe(
      "/admin-panel/all-products?category=IPHONE+13&stock=out&sort=stock",
    );
  });

  it("gives back what it wrote", () => {
    const query = {
      q: "écouteurs sans fil",
      category: "AIRPODES",
      brand: "Samsung & Co",
      stock: "untracked" as const,
      promo: "yes" as const,
      visibility: "archived" as const,
      sort: "name" as const,
      page: 4,
    };
    expect(read(productsHref(query).slice("/admin-panel/all-products".length))).toEqual(query);
  });

  it("keeps only the search, filters and sort for the API, never the page", () => {
    const query = read("?brand=Apple&page=5&sort=price&promo=");
    expect(productsFilters(query)).toEqual({ brand: "Apple", sort: "price" });
  });

  it("counts the filters (not the search nor the sort) for the folded 'Filtres et tri'", () => {
    expect(filterCount(read("?q=pixel&sort=price"))).toBe(0);
    expect(isFiltered(read("?q=pixel"))).toBe(true);
    expect(isFiltered(read("?sort=price"))).toBe(false);
    expect(filterCount(read("?category=PIXEL&brand=Google&stock=low&promo=yes"))).toBe(4);
    expect(filterCount(read("?visibility=archived"))).toBe(1);
    expect(isFiltered(read("?visibility=shown"))).toBe(true);
  });

  it("exports what the grid shows, on every page: its search and filters, not its page or sort", () => {
    expect(exportHref(read("?q=iphone&category=IPHONE%2013&visibility=hidden&sort=price&page=4"))).toBe(
      "/api/admin/products/export.csv?q=iphone&category=IPHONE+13&visibility=hidden",
    );
    expect(exportHref(read(""))).toBe("/api/admin/products/export.csv");
  });
});
