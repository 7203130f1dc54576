import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HomeSections } from "../features/home/sections";
import { aCardProduct, uuid } from "../test/builders";
import { stubIntersectionObserver } from "../test/intersection-observer";
import Home from "./home";

function renderHome(sections: HomeSections["sections"], later: HomeSections["later"] = []) {
  const Stub = createRoutesStub([
    // The loader's answer as the page receives it; the component is the real one.
    { path: "/", Component: Home as never, loader: () => ({ home: { sections, later } }), HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

const card = (n: number) => aCardProduct({ _id: uuid(n), productName: `Produit ${n}` });

describe("home page", () => {
  // The later sections wait for the visitor to come near; here, never.
  beforeEach(() => {
    stubIntersectionObserver();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says so when the shop has no product yet", async () => {
    renderHome([]);
    expect(await screen.findByText("Aucun produit disponible pour le moment.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Les Meilleurs Articles" })).toBeTruthy();
  });

  it("shows one section per category, a row or a paged grid", async () => {
    renderHome([
      { category: "IPHONE 13", kind: "row", products: [card(1), card(2)], total: 2 },
      { category: "SAMSUNG", kind: "paged", products: [card(3)], total: 9 },
    ]);
    expect(await screen.findByRole("region", { name: "IPHONE 13" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "SAMSUNG" }).textContent).toContain("1 / 2");
    expect(screen.queryByText("Aucun produit disponible pour le moment.")).toBeNull();
  });

  it("renders the first sections' cards, and the others' headings with skeletons until they load", async () => {
    renderHome(
      [{ category: "IPHONE 13", kind: "row", products: [card(1)], total: 1 }],
      [
        { category: "SAMSUNG", kind: "paged" },
        { category: "IPHONE 12", kind: "row" },
      ],
    );
    const later = await screen.findByRole("region", { name: "SAMSUNG" });
    expect(later.getAttribute("aria-busy")).toBe("true");
    expect(later.querySelectorAll("li")).toHaveLength(6);
    expect(screen.getByRole("region", { name: "IPHONE 12" }).querySelectorAll("li")).toHaveLength(13);
    expect(screen.getByRole("link", { name: "Voir tout: SAMSUNG" }).getAttribute("href")).toBe(
      "/product-category?category=SAMSUNG",
    );
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });
});
