import { describe, expect, it } from "vitest";
import { uuid } from "../../../test/builders";
import { isFiltered, journalExportHref, journalFilters, journalHref, readJournalQuery } from "./journal-query";

const read = (search: string) => readJournalQuery(new URL(`http://shop.test/admin-panel/journal${search}`));

describe("the Journal's address", () => {
  it("reads every filter, the page and the verification", () => {
    expect(
      read(
        `?actor=${uuid(3)}&entity=order&entityId=%20CMD-7K4Q%20&action=status&from=2026-11-01&to=2026-11-30&before=120&verify=1`,
      ),
    ).toEqual({
      actor: uuid(3),
      entity: "order",
      entityId: "CMD-7K4Q",
      action: "status",
      from: "2026-11-01",
      to: "2026-11-30",
      before: 120,
      verify: true,
    });
  });

  it("takes what the form sends empty as no filter, and the bare address as everything", () => {
    const empty = { verify: false };
    expect(read("?actor=&entity=&entityId=&action=&from=&to=")).toEqual(empty);
    expect(read("")).toEqual(empty);
    expect(isFiltered(read("?actor=&entity=&action="))).toBe(false);
  });

  it("takes an unknown entity or action, or a page that is not a line, as none", () => {
    const query = read("?entity=panier&action=toString&before=-3&verify=oui");
    expect(query.entity).toBeUndefined();
    expect(query.action).toBeUndefined();
    expect(query.before).toBeUndefined();
    expect(query.verify).toBe(false);
    expect(read("?before=2.5").before).toBeUndefined();
    expect(read("?action=stock-alert-notified").action).toBe("stock-alert-notified");
  });

  it("passes a day that cannot be one to the API, which says why in French", () => {
    expect(read("?from=2026-13-45").from).toBe("2026-13-45");
  });

  it("writes only what is set, so the newest page of everything is the bare Journal", () => {
    expect(journalHref({})).toBe("/admin-panel/journal");
    expect(journalHref({ action: "update", entityId: "", verify: false })).toBe("/admin-panel/journal?action=update");
    expect(journalHref({ entity: "product", action: "update", before: 51 })).toBe(
      "/admin-panel/journal?entity=product&action=update&before=51",
    );
    expect(journalHref({ from: "2026-11-01", verify: true })).toBe("/admin-panel/journal?from=2026-11-01&verify=1");
  });

  it("gives back what it wrote", () => {
    const query = {
      actor: uuid(4),
      entity: "delivery-option" as const,
      entityId: "zone 1",
      action: "delete" as const,
      from: "2026-01-01",
      to: "2026-01-31",
      before: 9,
      verify: true,
    };
    expect(read(journalHref(query).slice("/admin-panel/journal".length))).toEqual(query);
  });

  it("keeps only the filters for the API and the export, never the page or the verification", () => {
    const query = read("?action=update&before=40&verify=1&to=2026-11-30");
    expect(journalFilters(query)).toEqual({ action: "update", to: "2026-11-30" });
    expect(journalExportHref(query)).toBe("/api/admin/journal/export?action=update&to=2026-11-30");
    expect(journalExportHref({})).toBe("/api/admin/journal/export");
  });
});
