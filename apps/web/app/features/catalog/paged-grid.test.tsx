import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { aCardProduct, uuid } from "../../test/builders";
import { PagedGrid } from "./paged-grid";
import type { CardProduct } from "./product-card";

const product = (n: number) =>
  aCardProduct({
    _id: uuid(n),
    productName: `Produit ${n}`,
    category: "ACCESSOIRES",
    price: 10_000 + n,
    sellingPrice: 10_000 + n,
  });
const page = (p: number, size = 6) => Array.from({ length: size }, (_, i) => product((p - 1) * 6 + i + 1));

function grid(total: number, loadPage: (p: number) => Promise<CardProduct[]>) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <PagedGrid label="ACCESSOIRES" products={page(1)} total={total} loadPage={loadPage} />,
    },
  ]);
  return <Stub initialEntries={["/"]} />;
}

function renderGrid(total: number, loadPage: (p: number) => Promise<CardProduct[]>) {
  render(grid(total, loadPage));
}

describe("PagedGrid", () => {
  it("shows 6 per page with 'n / total', Précédent disabled on the first page", () => {
    renderGrid(14, async () => []);
    expect(screen.getAllByRole("listitem")).toHaveLength(6);
    expect(screen.getByText("1 / 3")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Précédent" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Suivant" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows 6 skeletons while the next page loads, then its products; Suivant disabled on the last", async () => {
    let resolve: (products: CardProduct[]) => void = () => {};
    const loadPage = vi.fn((_: number) => new Promise<CardProduct[]>((r) => (resolve = r)));
    renderGrid(8, loadPage);
    fireEvent.click(screen.getByRole("button", { name: "Suivant" }));
    expect(loadPage).toHaveBeenCalledWith(2);
    expect(screen.getByText("2 / 2")).toBeTruthy();
    expect(screen.getByRole("status").querySelectorAll("li")).toHaveLength(6);
    resolve(page(2, 2));
    await waitFor(() => expect(screen.getByText("Produit 7")).toBeTruthy());
    expect((screen.getByRole("button", { name: "Suivant" }) as HTMLButtonElement).disabled).toBe(true);
    // Going back shows the first page again without asking the server.
    fireEvent.click(screen.getByRole("button", { name: "Précédent" }));
    expect(screen.getByText("Produit 1")).toBeTruthy();
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it("says so when a page fails, and retries", async () => {
    const loadPage = vi.fn().mockRejectedValueOnce(new Error("réseau")).mockResolvedValueOnce(page(2));
    renderGrid(12, loadPage);
    fireEvent.click(screen.getByRole("button", { name: "Suivant" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Impossible de charger"));
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(screen.getByText("Produit 12")).toBeTruthy());
  });

  it("has no paging controls for a single page", () => {
    renderGrid(4, async () => []);
    expect(screen.queryByRole("button", { name: "Suivant" })).toBeNull();
  });

  it("offers neither Précédent nor Suivant in the server's HTML: other pages come with the scripts", () => {
    const html = document.createElement("div");
    html.innerHTML = renderToString(grid(14, async () => []));
    expect(html.querySelectorAll("li")).toHaveLength(6);
    expect(html.textContent).toContain("1 / 3");
    const pager = html.querySelector('nav[aria-label="Pages de ACCESSOIRES"]') as HTMLElement;
    const buttons = [...pager.querySelectorAll("button")];
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ["Précédent", true],
      ["Suivant", true],
    ]);
  });
});
