import { MSG } from "@shop/shared/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../components/ui/toast";
import { ok, refused, stubApi } from "../../../test/api";
import { aProduct, aVariantStock, uuid } from "../../../test/builders";
import { ProductsScreen } from "./products-screen";

const DELETE = "POST /api/delete-product";
const product = (n: number, name: string) =>
  aProduct({
    _id: uuid(n),
    productName: name,
    brandName: "Apple",
    category: "IPHONE 13",
    productImage: [`/uploads/images/p${n}/800.webp`],
    price: 400000,
    sellingPrice: 350000,
  });
const PRODUCTS = [product(1, "iPhone 13 Mini"), product(2, "iPhone 13 Pro")];

function Where() {
  const location = useLocation();
  return <p>Adresse : {location.pathname + location.search}</p>;
}

function renderScreen(
  props: Partial<Parameters<typeof ProductsScreen>[0]> = {},
  url = "/admin-panel/all-products",
  action: (args: { request: Request }) => unknown = () => null,
) {
  const loader = vi.fn(() => null);
  const Stub = createRoutesStub([
    {
      path: "/admin-panel/all-products",
      loader,
      action,
      HydrateFallback: () => null,
      Component: () => (
        <>
          <ProductsScreen products={PRODUCTS} total={2} page={1} pages={1} error={null} {...props} />
          <Where />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={[url]} hydrationData={{ loaderData: { "0": null } }} />);
  return { loader };
}

describe("ProductsScreen", () => {
  beforeEach(() => {
    vi.spyOn(toast, "success");
    vi.spyOn(toast, "error");
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows each product with its prices and its two actions, and 'Nouveau produit'", () => {
    renderScreen();
    expect(screen.getByRole("heading", { level: 1, name: "Gestion des Produits" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nouveau produit" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(2);
    const card = screen.getAllByRole("article")[0]!;
    expect(within(card).getByRole("link", { name: "iPhone 13 Mini" }).getAttribute("href")).toBe(
      `/product/${PRODUCTS[0]!._id}`,
    );
    expect(within(card).getByText("IPHONE 13")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Modifier iPhone 13 Mini" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Supprimer iPhone 13 Mini" })).toBeTruthy();
  });

  it("asks before deleting, naming the product; 'Annuler' deletes nothing", () => {
    const server = stubApi();
    renderScreen();
    fireEvent.click(screen.getByRole("button", { name: "Supprimer iPhone 13 Pro" }));
    const dialog = screen.getByRole("dialog", { name: "Supprimer le produit" });
    expect(dialog.textContent).toContain("« iPhone 13 Pro »");
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it("deletes once confirmed: the server's message, the modal closed, the list read again", async () => {
    const server = stubApi({ [DELETE]: ok(MSG.productDeleted) });
    const { loader } = renderScreen();
    fireEvent.click(screen.getByRole("button", { name: "Supprimer iPhone 13 Pro" }));
    const before = loader.mock.calls.length;
    await act(async () =>
      fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Supprimer" })),
    );
    expect(server.sent(DELETE)).toEqual([{ _id: PRODUCTS[1]!._id }]);
    expect(toast.success).toHaveBeenCalledWith(MSG.productDeleted);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(loader.mock.calls.length).toBe(before + 1));
  });

  it("says so when the deletion is refused, with the server's message", async () => {
    stubApi({ [DELETE]: refused(403, MSG.productNotOwnedDelete) });
    renderScreen();
    fireEvent.click(screen.getByRole("button", { name: "Supprimer iPhone 13 Pro" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      `La suppression a échoué : ${MSG.productNotOwnedDelete}`,
    );
    expect(toast.error).toHaveBeenCalledWith(MSG.productNotOwnedDelete);
  });

  it("says when the deletion archived the product instead, in the server's words, until closed", async () => {
    stubApi({ [DELETE]: ok(MSG.productArchived, { archived: true }) });
    const { loader } = renderScreen();
    fireEvent.click(screen.getByRole("button", { name: "Supprimer iPhone 13 Pro" }));
    await act(async () =>
      fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Supprimer" })),
    );
    const dialog = screen.getByRole("dialog", { name: "Produit archivé" });
    expect(within(dialog).getByRole("status").textContent).toBe(MSG.productArchived);
    const back = within(dialog).getByRole("button", { name: "Retour aux produits" });
    expect(document.activeElement).toBe(back);
    const before = loader.mock.calls.length;
    await act(async () => fireEvent.click(back));
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(loader.mock.calls.length).toBe(before + 1));
  });

  it("marks what the storefront does not show, and offers to hide, show and duplicate as posted forms", () => {
    renderScreen({
      products: [
        PRODUCTS[0]!,
        { ...PRODUCTS[1]!, hidden: true },
        aProduct({ _id: uuid(3), productName: "iPhone 7", archived: true, hidden: true }),
      ],
      total: 3,
    });
    const [shown, hidden, archived] = screen.getAllByRole("article") as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(shown).queryByText("Masqué")).toBeNull();
    expect(within(hidden).getByText("Masqué")).toBeTruthy();
    expect(within(archived).getByText("Archivé")).toBeTruthy();
    expect(within(archived).queryByText("Masqué")).toBeNull();

    const hide = within(shown).getByRole("button", { name: "Masquer iPhone 13 Mini" }) as HTMLButtonElement;
    const form = hide.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/admin-panel/all-products");
    expect([hide.name, hide.value]).toEqual(["intent", "hide"]);
    expect((form.elements.namedItem("id") as HTMLInputElement).value).toBe(PRODUCTS[0]!._id);
    expect((within(hidden).getByRole("button", { name: "Afficher iPhone 13 Pro" }) as HTMLButtonElement).value).toBe(
      "show",
    );
    expect(within(shown).getByRole("button", { name: "Dupliquer iPhone 13 Mini" })).toBeTruthy();
    // Archived: off the storefront for good; it can still be copied.
    expect(within(archived).queryByRole("button", { name: /^(Masquer|Afficher|Supprimer) / })).toBeNull();
    expect(within(archived).getByRole("button", { name: "Dupliquer iPhone 7" })).toBeTruthy();
  });

  it("posts a card's form to the grid's action and says its answer in a toast", async () => {
    const posted: [string, string][] = [];
    renderScreen({}, "/admin-panel/all-products?q=iphone", async ({ request }) => {
      for (const [key, value] of await request.formData()) posted.push([key, String(value)]);
      return { ok: true, intent: "duplicate", message: MSG.productDuplicated };
    });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Dupliquer iPhone 13 Pro" })));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.productDuplicated));
    expect(posted).toEqual([
      ["id", PRODUCTS[1]!._id],
      ["intent", "duplicate"],
    ]);
    expect(screen.getByText(/^Adresse : /).textContent).toBe("Adresse : /admin-panel/all-products?q=iphone");
  });

  it("shows the answer to a form posted before the scripts", () => {
    renderScreen({ answer: { ok: false, message: MSG.productNotOwned } });
    expect(screen.getByRole("alert").textContent).toBe(MSG.productNotOwned);
  });

  it("pages in the address, with 'n / total'", () => {
    renderScreen({ page: 2, pages: 3, total: 60 });
    const pager = screen.getByRole("navigation", { name: "Pages des produits" });
    expect(within(pager).getByText("2 / 3")).toBeTruthy();
    expect(within(pager).getByRole("link", { name: "Précédent" }).getAttribute("href")).toBe(
      "/admin-panel/all-products",
    );
    expect(within(pager).getByRole("link", { name: "Suivant" }).getAttribute("href")).toBe(
      "/admin-panel/all-products?page=3",
    );
  });

  it("says when there is nothing to manage", () => {
    renderScreen({ products: [], total: 0 });
    expect(screen.getByText("Aucun produit disponible pour le moment.")).toBeTruthy();
    expect(screen.queryByText(/^0 produit/)).toBeNull();
  });

  it("shows why the list could not be read", () => {
    renderScreen({ products: [], total: 0, error: "Failed to fetch products" });
    expect(screen.getByRole("alert").textContent).toBe("Failed to fetch products");
    expect(screen.queryByText("Aucun produit disponible pour le moment.")).toBeNull();
  });

  it("counts the matches of a search, above the search form", () => {
    renderScreen({ total: 2, filters: { q: "iphne 13" } });
    expect(screen.getByRole("search", { name: "Rechercher des produits" })).toBeTruthy();
    expect(screen.getByText("2 produits pour « iphne 13 »")).toBeTruthy();
  });

  it("blames the filters when nothing matches them", () => {
    renderScreen({ products: [], total: 0, filters: { stock: "out", promo: "yes" } });
    expect(screen.getByText("0 produit")).toBeTruthy();
    expect(screen.getByText("Aucun produit ne correspond à ces filtres.")).toBeTruthy();
    expect(screen.queryByText("Aucun produit disponible pour le moment.")).toBeNull();
  });

  it("says a refused search in the API's words above an empty grid, not as an error page", () => {
    renderScreen({ products: [], total: 0, filters: { q: "x".repeat(120) }, error: "100 caractères au plus." });
    expect(screen.getByRole("alert").textContent).toBe("100 caractères au plus.");
    expect(screen.getByText("Aucun produit ne correspond à ces filtres.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Gestion des Produits" })).toBeTruthy();
  });

  it("pages with the search, the filters and the sort kept", () => {
    renderScreen({ page: 2, pages: 3, total: 60, filters: { q: "pixel", stock: "low", sort: "price" } });
    const pager = screen.getByRole("navigation", { name: "Pages des produits" });
    expect(within(pager).getByRole("link", { name: "Précédent" }).getAttribute("href")).toBe(
      "/admin-panel/all-products?q=pixel&stock=low&sort=price",
    );
    expect(within(pager).getByRole("link", { name: "Suivant" }).getAttribute("href")).toBe(
      "/admin-panel/all-products?q=pixel&stock=low&sort=price&page=3",
    );
  });

  it("opens a product's stock from the dashboard's link, and forgets the link, not the filters, on closing", async () => {
    const id = PRODUCTS[0]!._id;
    stubApi({
      [`GET /api/admin/products/${id}/stock`]: ok("", [
        aVariantStock({ productId: id, productName: "iPhone 13 Mini" }),
      ]),
    });
    await act(async () => {
      renderScreen(
        { page: 2, pages: 2, total: 30, filters: { brand: "Apple" }, stockFor: id },
        `/admin-panel/all-products?brand=Apple&page=2&stock=${id}`,
      );
    });
    const dialog = screen.getByRole("dialog", { name: "Ajuster le stock" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Fermer" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText(/^Adresse : /).textContent).toBe("Adresse : /admin-panel/all-products?brand=Apple&page=2");
  });

  it("opens the create modal from 'Nouveau produit'", () => {
    renderScreen();
    fireEvent.click(screen.getByRole("button", { name: "Nouveau produit" }));
    expect(screen.getByRole("dialog", { name: "Nouveau produit" })).toBeTruthy();
  });
});
