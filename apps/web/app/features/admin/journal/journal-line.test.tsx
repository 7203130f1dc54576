import type { JournalLine } from "@shop/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aJournalLine, uuid } from "../../../test/builders";
import { renderPage } from "../../../test/render-page";
import { changedFields, shownValue } from "./journal-format";
import { JournalLineCard } from "./journal-line";

const renderLine = (line: JournalLine, withEntity = true) =>
  renderPage(<JournalLineCard line={line} withEntity={withEntity} />, "/admin-panel/journal");

/** The value shown beside "Avant" or "Après" under a field's name. */
function shownBeside(field: string, side: "Avant" | "Après") {
  const name = screen.getByText(field, { selector: "dt" });
  const pair = within(name.parentElement!).getByText(side, { selector: "dt" });
  return pair.nextElementSibling?.textContent;
}

describe("JournalLineCard", () => {
  it("says what was done, when, by whom, from where, on which product with a link to its history", () => {
    renderLine(aJournalLine({ at: "2026-11-22T13:05:00.000Z", entityId: uuid(7) }));
    const card = screen.getByRole("article");
    expect(within(card).getByText("Modification")).toBeTruthy();
    expect(within(card).getByText("22/11/2026 à 14:05").getAttribute("datetime")).toBe("2026-11-22T13:05:00.000Z");
    expect(within(card).getByText("Super Admin (SUPERADMIN)")).toBeTruthy();
    expect(within(card).getByText("10.0.0.1")).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: `Produit ${uuid(7)}` })
        .getAttribute("href"),
    ).toBe(`/admin-panel/history/product/${uuid(7)}`);
  });

  it("links an order's line to the order's page, by its reference", () => {
    renderLine(aJournalLine({ entity: "order", entityId: "CMD-7K4Q", action: "status" }));
    expect(screen.getByText("Statut")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Commande CMD-7K4Q" }).getAttribute("href")).toBe(
      "/admin-panel/orders/CMD-7K4Q",
    );
  });

  it("shows the other kinds of thing by their id, without a link", () => {
    renderLine(aJournalLine({ entity: "user", entityId: uuid(9), action: "role" }));
    expect(screen.getByText("Rôle")).toBeTruthy();
    expect(screen.getByText(uuid(9))).toBeTruthy();
    expect(screen.getByText("Utilisateur", { exact: false })).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("leaves the thing out on its own history's page", () => {
    renderLine(aJournalLine(), false);
    expect(screen.queryByText("Objet")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("names the demo catalogue when no person made the change, and a dash for no address", () => {
    renderLine(aJournalLine({ actor: null, address: null, action: "variants" }));
    expect(screen.getByText("Catalogue de démonstration")).toBeTruthy();
    expect(screen.getByText("Variantes")).toBeTruthy();
    expect(screen.getByText("Adresse").nextElementSibling?.textContent).toBe("—");
  });

  it("folds each field's value before and after under 'Détails'", () => {
    renderLine(aJournalLine({ before: { sellingPrice: 790000 }, after: { sellingPrice: 750000 } }));
    const details = screen.getByRole("article").querySelector("details");
    expect(details?.open).toBe(false);
    expect(details?.querySelector("summary")?.textContent).toBe("Détails");
    expect(shownBeside("sellingPrice", "Avant")).toBe("790000");
    expect(shownBeside("sellingPrice", "Après")).toBe("750000");
  });

  it("shows a creation's missing 'before' as a dash and lists as JSON", () => {
    renderLine(
      aJournalLine({ action: "create", before: null, after: { productName: "Pixel 9", productImage: ["a.webp"] } }),
    );
    expect(screen.getByText("Création")).toBeTruthy();
    expect(shownBeside("productName", "Avant")).toBe("—");
    expect(shownBeside("productName", "Après")).toBe("Pixel 9");
    expect(shownBeside("productImage", "Après")).toBe('["a.webp"]');
  });

  it("has no 'Détails' when the line carries no field", () => {
    renderLine(aJournalLine({ action: "read", entity: "message", before: null, after: null }));
    expect(screen.getByText("Message lu")).toBeTruthy();
    expect(screen.queryByText("Détails")).toBeNull();
  });
});

describe("a line's fields", () => {
  it("takes every field either side names, once, in order", () => {
    expect(changedFields({ a: 1, b: "x" }, { b: "y", c: { d: true } })).toEqual([
      { name: "a", before: "1", after: "—" },
      { name: "b", before: "x", after: "y" },
      { name: "c", before: "—", after: '{"d":true}' },
    ]);
  });

  it("shows a bare value as one field, and nothing at all for two empty sides", () => {
    expect(changedFields(null, 3)).toEqual([{ name: "valeur", before: "—", after: "3" }]);
    expect(changedFields(null, null)).toEqual([]);
    expect(changedFields({}, { toString: "x" })).toEqual([{ name: "toString", before: "—", after: "x" }]);
  });

  it("shows null and empty text as a dash, booleans and numbers as written", () => {
    expect(shownValue(null)).toBe("—");
    expect(shownValue("")).toBe("—");
    expect(shownValue(false)).toBe("false");
    expect(shownValue(0)).toBe("0");
    expect(shownValue([1, 2])).toBe("[1,2]");
  });
});
