import type { Product } from "@shop/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { stockText } from "../../components/ui/stock-status";
import { aProduct } from "../../test/builders";
import { ProductCard, toCardProduct } from "./product-card";

const PRODUCT = aProduct({
  productName: "iPhone 15",
  brandName: "Apple",
  category: "IPHONE 15",
  productImage: ["/uploads/images/a/800.webp"],
  price: 430_000,
  sellingPrice: 395_000,
  options: [{ name: "Stockage", values: ["128 Go", "256 Go"] }],
  sellingPriceMax: 560_000,
  stockStatus: "in_stock",
});

function renderCard(product: Product) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <ProductCard product={toCardProduct(product)} /> }]);
  render(<Stub initialEntries={["/"]} />);
  return screen.getByRole("article");
}

describe("stock words", () => {
  it("are 'En stock' (not tracked too), 'Plus que N en stock', 'Épuisé'", () => {
    expect(stockText("in_stock", null)).toBe("En stock");
    expect(stockText("untracked", null)).toBe("En stock");
    expect(stockText("low", 2)).toBe("Plus que 2 en stock");
    expect(stockText("out", null)).toBe("Épuisé");
  });
});

describe("ProductCard", () => {
  it("reads 'à partir de' the lowest price when the variants' prices differ, and its stock", () => {
    const card = renderCard(PRODUCT);
    expect(card.textContent).toMatch(/à partir de\s*395\u202f000\u00a0FCFA/);
    expect(within(card).getByText("En stock")).toBeTruthy();
  });

  it("shows a running sale's name beside its price (decision 051), and nothing without one", () => {
    const sale = {
      promotionId: "s",
      name: "Black Friday",
      endsAt: "2030-01-01T00:00:00Z",
      discountType: "percent",
      value: 10,
    } as const;
    const onSale = renderCard(aProduct({ productName: "Galaxy A15", price: 100_000, sellingPrice: 90_000, sale }));
    expect(within(onSale).getByText("Black Friday")).toBeTruthy();
    expect(onSale.textContent).toMatch(/90\u202f000\u00a0FCFA.*100\u202f000\u00a0FCFA/);
    cleanup();
    expect(within(renderCard(PRODUCT)).queryByText("Black Friday")).toBeNull();
  });

  it("adds from the card (the server picks the cheapest variant that can be bought)", () => {
    const card = renderCard(PRODUCT);
    const add = within(card).getByRole("button", { name: "Ajouter au panier : iPhone 15" }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
  });

  it("has no 'à partir de' for one price, and adds a product without options to the cart", () => {
    const card = renderCard({ ...PRODUCT, options: [], sellingPriceMax: 395_000, stockStatus: "untracked" });
    expect(card.textContent).not.toContain("à partir de");
    expect(within(card).getByText("En stock")).toBeTruthy();
    const add = within(card).getByRole("button", { name: "Ajouter au panier : iPhone 15" }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
  });

  it("says 'Plus que N en stock' when few are left", () => {
    const card = renderCard({ ...PRODUCT, stockStatus: "low", stockLeft: 2 });
    expect(within(card).getByText("Plus que 2 en stock")).toBeTruthy();
  });

  it("says 'Épuisé' and cannot be added when sold out", () => {
    const card = renderCard({ ...PRODUCT, options: [], sellingPriceMax: 395_000, stockStatus: "out" });
    expect(within(card).getByText("Épuisé")).toBeTruthy();
    const add = within(card).getByRole("button", { name: "Ajouter au panier : iPhone 15" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
  });
});
