import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub, useLocation, useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductsFilters } from "./products-filters";
import { productsQueryOf } from "./products-query";

const BRANDS = ["Apple", "Google", "Samsung"];
/** The shop's categories (decision 046), in the storefront's order: a new one, a hidden one. */
const CATEGORIES = [
  { name: "IPHONE 16", hidden: false },
  { name: "IPHONE 13", hidden: false },
  { name: "PIXEL", hidden: false },
  { name: "IPHONE 8", hidden: true },
];

/** The products screen's use of the form: its filters are the address's. */
function Page() {
  const [params] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <ProductsFilters filters={productsQueryOf(params)} brands={BRANDS} categories={CATEGORIES} />
      <p>Adresse : {location.pathname + location.search}</p>
    </>
  );
}

function renderAt(url: string) {
  const Stub = createRoutesStub([{ path: "/admin-panel/all-products", Component: Page }]);
  render(<Stub initialEntries={[url]} />);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const address = () => screen.getByText(/^Adresse : /).textContent?.slice("Adresse : ".length);
const folded = () => screen.getByText(/^Filtres et tri/).closest("details") as HTMLDetailsElement;

describe("ProductsFilters", () => {
  it("is a GET search form of this page, so it filters without JavaScript too", () => {
    renderAt("/admin-panel/all-products");
    const form = screen.getByRole("search", { name: "Rechercher des produits" });
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/admin-panel/all-products");
    expect(within(form).getByRole("searchbox", { name: "Rechercher un produit" }).getAttribute("name")).toBe("q");
    expect(
      ["category", "brand", "stock", "promo", "visibility", "sort"].map((name) =>
        form.querySelector(`[name="${name}"]`),
      ),
    ).not.toContain(null);
  });

  it("offers the categories, this admin's brands, the stock states, the promotion, the visibility and the sorts in French", () => {
    renderAt("/admin-panel/all-products");
    const options = (label: string) => Array.from((field(label) as HTMLSelectElement).options).map((o) => o.text);
    expect(options("Catégorie")).toEqual(["Toutes", "IPHONE 8 (masquée)", "IPHONE 13", "IPHONE 16", "PIXEL"]);
    expect(options("Visibilité")).toEqual(["Toutes", "Affichés", "Masqués", "Archivés"]);
    expect(options("Marque")).toEqual(["Toutes", ...BRANDS]);
    expect(options("Stock")).toEqual(["Tous", "En stock", "Stock bas", "Épuisé", "Non suivi"]);
    expect(options("Promotion")).toEqual(["Tous les prix", "En promotion", "Prix normal"]);
    expect(options("Trier par")).toEqual([
      "Pertinence",
      "Plus récents",
      "Nom (A → Z)",
      "Prix croissant",
      "Prix décroissant",
      "Stock (le plus bas d'abord)",
    ]);
  });

  it("folds the filters away until one is set; a search alone leaves them folded", () => {
    renderAt("/admin-panel/all-products?q=pixel");
    expect(folded().open).toBe(false);
    expect(screen.getByText("Filtres et tri")).toBeTruthy();
    expect(field("Rechercher un produit").value).toBe("pixel");
    expect(field("Trier par").value).toBe("relevance");
    expect(screen.getByRole("link", { name: "Effacer les filtres" }).getAttribute("href")).toBe(
      "/admin-panel/all-products",
    );
  });

  it("has nothing to clear on the bare grid", () => {
    renderAt("/admin-panel/all-products");
    expect(folded().open).toBe(false);
    expect(screen.queryByRole("link", { name: "Effacer les filtres" })).toBeNull();
  });

  it("shows the address's filters, open, with their count", () => {
    renderAt(
      "/admin-panel/all-products?category=PIXEL&brand=google&stock=low&promo=no&visibility=hidden&sort=price&page=3",
    );
    expect(folded().open).toBe(true);
    expect(screen.getByText("Filtres et tri (5)")).toBeTruthy();
    expect(field("Visibilité").value).toBe("hidden");
    expect(field("Catégorie").value).toBe("PIXEL");
    // The brand as this admin wrote it, whatever the link's case.
    expect(field("Marque").value).toBe("Google");
    expect(field("Stock").value).toBe("low");
    expect(field("Promotion").value).toBe("no");
    expect(field("Trier par").value).toBe("price");
  });

  it("keeps a linked brand this admin no longer sells as the choice", () => {
    renderAt("/admin-panel/all-products?brand=Nokia");
    expect(field("Marque").value).toBe("Nokia");
  });

  it("goes to the address of what is asked, without the empty fields, from page 1", async () => {
    renderAt("/admin-panel/all-products?brand=Apple&page=4");
    fireEvent.change(field("Rechercher un produit"), { target: { value: "  iphne 13 " } });
    fireEvent.change(field("Stock"), { target: { value: "out" } });
    fireEvent.change(field("Promotion"), { target: { value: "yes" } });
    fireEvent.change(field("Visibilité"), { target: { value: "archived" } });
    fireEvent.change(field("Trier par"), { target: { value: "price_desc" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Filtrer" })));
    expect(address()).toBe(
      "/admin-panel/all-products?q=iphne+13&brand=Apple&stock=out&promo=yes&visibility=archived&sort=price_desc",
    );
    // The form is drawn again from the new address.
    expect(field("Rechercher un produit").value).toBe("iphne 13");
    expect(screen.getByText("Filtres et tri (4)")).toBeTruthy();
  });

  it("clears every filter with its link", async () => {
    renderAt("/admin-panel/all-products?q=pixel&stock=out");
    await act(async () => fireEvent.click(screen.getByRole("link", { name: "Effacer les filtres" })));
    expect(address()).toBe("/admin-panel/all-products");
    expect(field("Rechercher un produit").value).toBe("");
    expect(field("Stock").value).toBe("");
    expect(screen.queryByRole("link", { name: "Effacer les filtres" })).toBeNull();
  });
});
