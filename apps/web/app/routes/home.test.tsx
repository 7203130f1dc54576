import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { CategorySectionData } from "../features/catalog/category-section";
import Home from "./home";

function renderHome(sections: CategorySectionData[]) {
  const Stub = createRoutesStub([
    // The loader's answer as the page receives it; the component is the real one.
    { path: "/", Component: Home as never, loader: () => ({ sections }), HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

const card = (n: number) => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  productName: `Produit ${n}`,
  category: "SAMSUNG" as const,
  price: 100_000,
  sellingPrice: 90_000,
  sellingPriceMax: 90_000,
  stockStatus: "untracked" as const,
  stockLeft: null,
});

describe("home page", () => {
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
});
