import { describe, expect, it } from "vitest";
import { anAdminPrivacyRequest } from "../../../test/builders";
import { removedCounts } from "./personal-data-format";
import { readShow, requestsHref } from "./personal-data-paths";
import { requestView, retentionFields } from "./personal-data-view.server";

describe("the screen's views of the API's data", () => {
  it("names a request's kind and status in French", () => {
    expect(requestView(anAdminPrivacyRequest({ kind: "erasure", status: "refused" }))).toMatchObject({
      kind: "erasure",
      kindLabel: "Effacer mes données",
      statusLabel: "Refusée",
    });
  });

  it("gives each duration, in the contract's order, its words, bounds and value", () => {
    const fields = retentionFields({
      orderFilesDays: 90,
      contactMessagesDays: 200,
      sessionAddressesDays: 90,
      abandonedCartsDays: 180,
      closedOrdersYears: 12,
      inactiveAccountsYears: 3,
    });
    expect(fields.map((f) => f.name)).toEqual([
      "orderFilesDays",
      "contactMessagesDays",
      "sessionAddressesDays",
      "abandonedCartsDays",
      "closedOrdersYears",
      "inactiveAccountsYears",
    ]);
    expect(fields[4]).toEqual({
      name: "closedOrdersYears",
      label: "Commandes livrées ou annulées (années, 10 au moins pour la comptabilité)",
      min: 10,
      max: 30,
      value: 12,
    });
  });

  it("names what the clean-up removed, and a name it does not know as it is", () => {
    expect(removedCounts({ screenshots: 2, later: 1 })).toEqual([
      { name: "screenshots", label: "Captures de transfert", count: 2 },
      { name: "later", label: "later", count: 1 },
    ]);
  });

  it("reads the list asked for from the address: to answer unless 'all'", () => {
    expect(readShow(new URL("http://shop.test/admin-panel/personal-data"))).toBe("open");
    expect(readShow(new URL("http://shop.test/admin-panel/personal-data?show=all"))).toBe("all");
    expect(readShow(new URL("http://shop.test/admin-panel/personal-data?show=nimporte"))).toBe("open");
    expect(requestsHref("all")).toBe("/admin-panel/personal-data?show=all");
    expect(requestsHref("open")).toBe("/admin-panel/personal-data");
  });
});
