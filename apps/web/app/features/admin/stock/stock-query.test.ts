import { describe, expect, it } from "vitest";
import { uuid } from "../../../test/builders";
import { historyHref, pickedProduct, readHistoryQuery } from "./stock-query";

const read = (search: string) => readHistoryQuery(new URL(`http://shop.test/admin-panel/stock${search}`));
const matches = (...ns: number[]) => ns.map((n) => ({ _id: uuid(n) }));

describe("the stock history's address", () => {
  it("reads the product, the search and the page; anything but a product's id is no product", () => {
    expect(read(`?productId=${uuid(1)}&q=%20galxy%20&page=2`)).toEqual({ productId: uuid(1), q: "galxy", page: 2 });
    expect(read("?productId=42&q=").productId).toBeUndefined();
    expect(read("?productId=42&q=").q).toBeUndefined();
  });

  it("tells a submitted form (its hidden 'searched') from a link", () => {
    expect(read("?q=pixel").searched).toBeUndefined();
    expect(read("?q=pixel&searched=").searched).toBe("");
    expect(read("?q=pixel&searched=%20pixel%20").searched).toBe("pixel");
  });

  it("writes the product, the search and the page, leaving out what is not set", () => {
    expect(historyHref({})).toBe("/admin-panel/stock");
    expect(historyHref({ productId: uuid(3), q: "coque rose", page: 2 })).toBe(
      `/admin-panel/stock?productId=${uuid(3)}&q=coque+rose&page=2`,
    );
    expect(historyHref({ q: "pixel", page: 1, searched: "pix" })).toBe("/admin-panel/stock?q=pixel");
  });
});

describe("the product a search picks for the history", () => {
  it("is the link's own product when no form was sent", () => {
    expect(pickedProduct(read(`?productId=${uuid(1)}&q=pixel`), matches(2, 3))).toBe(uuid(1));
    expect(pickedProduct(read("?q=pixel"), matches(2))).toBeUndefined();
  });

  it("is the list's choice while the search is the same", () => {
    expect(pickedProduct(read(`?q=pixel&searched=pixel&productId=${uuid(3)}`), matches(2, 3))).toBe(uuid(3));
    expect(pickedProduct(read("?q=&searched=&productId="), matches(2))).toBeUndefined();
    expect(pickedProduct(read(`?q=&searched=&productId=${uuid(9)}`), [])).toBe(uuid(9));
  });

  it("is a new search's only match, whatever the list still showed", () => {
    expect(pickedProduct(read(`?q=pxel+7&searched=galaxy&productId=${uuid(1)}`), matches(7))).toBe(uuid(7));
    expect(pickedProduct(read("?q=pxel+7&searched="), matches(7))).toBe(uuid(7));
  });

  it("is none when a new search finds several products (they are then the choices) or none", () => {
    expect(pickedProduct(read(`?q=pixel&searched=galaxy&productId=${uuid(1)}`), matches(2, 3))).toBeUndefined();
    expect(pickedProduct(read("?q=introuvable&searched="), [])).toBeUndefined();
    // The search emptied: every product again.
    expect(pickedProduct(read(`?q=&searched=pixel&productId=${uuid(2)}`), matches(1, 2, 3))).toBeUndefined();
  });
});
