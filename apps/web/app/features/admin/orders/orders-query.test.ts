import { describe, expect, it } from "vitest";
import { ordersHref, pageOf, readOrdersQuery } from "./orders-query";

const read = (search: string) => readOrdersQuery(new URL(`http://shop.test/admin-panel/orders${search}`));

describe("the orders list's address", () => {
  it("reads the status, the search and the page", () => {
    expect(read("?status=confirm%C3%A9e&q=%20Awa%20&page=3")).toEqual({ status: "confirmée", q: "Awa", page: 3 });
  });

  it("reads the payment filter beside the status and the search", () => {
    expect(read("?payment=online&status=livr%C3%A9e&q=Awa")).toEqual({
      status: "livrée",
      payment: "online",
      q: "Awa",
      page: 1,
    });
    expect(read("?payment=cash").payment).toBe("cash");
    expect(read("?payment=unpaid").payment).toBe("unpaid");
  });

  it("takes an unknown status as no filter and a wrong page as page 1", () => {
    expect(read("?status=perdue&page=-2")).toEqual({ status: undefined, q: "", page: 1 });
    expect(read("?payment=bitcoin").payment).toBeUndefined();
    expect(pageOf("2.5")).toBe(1);
    expect(pageOf("abc")).toBe(1);
    expect(pageOf(null)).toBe(1);
  });

  it("writes only what filters, so the first page of everything is the bare list", () => {
    expect(ordersHref({})).toBe("/admin-panel/orders");
    expect(ordersHref({ status: "payée", q: "677 12", page: 1 })).toBe(
      "/admin-panel/orders?status=pay%C3%A9e&q=677+12",
    );
    expect(ordersHref({ q: "CMD-7K4Q", page: 2 })).toBe("/admin-panel/orders?q=CMD-7K4Q&page=2");
    expect(ordersHref({ status: "nouvelle", payment: "unpaid", q: "Awa" })).toBe(
      "/admin-panel/orders?status=nouvelle&payment=unpaid&q=Awa",
    );
  });

  it("gives back what it wrote", () => {
    const query = { status: "annulée" as const, payment: "cash" as const, q: "Mbarga", page: 4 };
    expect(read(ordersHref(query).slice("/admin-panel/orders".length))).toEqual(query);
  });
});
