import type { AdminVariantStock } from "@shop/shared";
import { FIELD_MSG, MSG, stockBelowZero } from "@shop/shared/core";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { aVariantStock, uuid } from "../../../test/builders";
import { StockDialog } from "./stock-dialog";

const PRODUCT_ID = uuid(1);
const STOCK = `GET /api/admin/products/${PRODUCT_ID}/stock`;
const ADJUST = "POST /api/admin/stock/adjust";
const variant = (n: number, label: string, stock: number | null) =>
  aVariantStock({ _id: uuid(100 + n), productId: PRODUCT_ID, productName: "iPhone 15", label, stock });
const BLACK = variant(1, "128 Go, Noir", 8);
const BLUE = variant(2, "256 Go, Bleu", 0);
const CASE = variant(3, "", null);

async function renderDialog(variants: AdminVariantStock[] = [BLACK, BLUE]) {
  const server = stubApi({ [STOCK]: ok("", variants) });
  const onClose = vi.fn();
  const Stub = createRoutesStub([
    {
      path: "/",
      HydrateFallback: () => null,
      Component: () => <StockDialog productId={PRODUCT_ID} onClose={onClose} />,
    },
  ]);
  // Rendered inside act: the loaded stock then replaces the Suspense fallback before the test reads.
  await act(async () => {
    render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: {} }} />);
  });
  return { onClose, server };
}

const formOf = (name: string) => screen.getByRole("form", { name });

describe("StockDialog", () => {
  it("shows every variant's exact count, its form, and the product's history", async () => {
    const { server } = await renderDialog([BLACK, BLUE, CASE]);
    expect(server.calls).toEqual([{ route: STOCK, body: undefined }]);
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(screen.getByText("iPhone 15")).toBeTruthy();
    expect(within(formOf("128 Go, Noir")).getByText("8 en stock")).toBeTruthy();
    expect(within(formOf("256 Go, Bleu")).getByText("Épuisé")).toBeTruthy();
    // A product without options: its one stock.
    expect(within(formOf("Stock du produit")).getByText("Non suivi")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Historique du stock" }).getAttribute("href")).toBe(
      `/admin-panel/stock?productId=${PRODUCT_ID}`,
    );
  });

  it("adds two units with a reason, says so in the live region, and tells the screen on closing", async () => {
    const { onClose, server } = await renderDialog();
    const form = formOf("128 Go, Noir");
    const plus = within(form).getByRole("button", { name: "Ajouter une unité : 128 Go, Noir" });
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect((within(form).getByLabelText("Ajouter ou retirer") as HTMLInputElement).value).toBe("+2");
    expect(within(form).getByText("Après : 10 en stock")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Raison"), { target: { value: "Arrivage" } });
    server.answer(ADJUST, ok(MSG.stockAdjusted, { ...BLACK, stock: 10 }));
    await act(async () => fireEvent.submit(form));
    expect(server.sent(ADJUST)).toEqual([{ variantId: BLACK._id, delta: 2, note: "Arrivage" }]);
    expect(screen.getByRole("status").textContent).toBe(`${MSG.stockAdjusted} iPhone 15 — 128 Go, Noir : 10 en stock.`);
    expect(within(form).getByText("10 en stock")).toBeTruthy();
    // The form is ready for the next change.
    expect((within(form).getByLabelText("Raison") as HTMLInputElement).value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Fermer" }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it("sets a new count; typing it clears the +/− change", async () => {
    const { server } = await renderDialog();
    const form = formOf("256 Go, Bleu");
    fireEvent.click(within(form).getByRole("button", { name: "Ajouter une unité : 256 Go, Bleu" }));
    fireEvent.change(within(form).getByLabelText("Nouveau compte"), { target: { value: "5" } });
    expect((within(form).getByLabelText("Ajouter ou retirer") as HTMLInputElement).value).toBe("");
    fireEvent.change(within(form).getByLabelText("Raison"), { target: { value: "Inventaire" } });
    server.answer(ADJUST, ok(MSG.stockAdjusted, { ...BLUE, stock: 5 }));
    await act(async () => fireEvent.submit(form));
    expect(server.sent(ADJUST)).toEqual([{ variantId: BLUE._id, stock: 5, note: "Inventaire" }]);
  });

  it("checks before sending: the reason is required and focused, a change below zero refused", async () => {
    const { server } = await renderDialog();
    const form = formOf("128 Go, Noir");
    fireEvent.change(within(form).getByLabelText("Ajouter ou retirer"), { target: { value: "-9" } });
    await act(async () => fireEvent.submit(form));
    expect(within(form).getByText(FIELD_MSG.stockNoteRequired)).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText("Ajouter ou retirer"));
    expect(within(form).getByText(stockBelowZero(8))).toBeTruthy();
    expect(within(form).getByLabelText("Raison").getAttribute("aria-invalid")).toBe("true");
    expect(server.sent(ADJUST)).toEqual([]);
  });

  it("shows the server's refusal in French (an order took units meanwhile)", async () => {
    const { onClose, server } = await renderDialog();
    const form = formOf("128 Go, Noir");
    fireEvent.change(within(form).getByLabelText("Ajouter ou retirer"), { target: { value: "-8" } });
    fireEvent.change(within(form).getByLabelText("Raison"), { target: { value: "Casse" } });
    server.answer(ADJUST, refused(409, stockBelowZero(7)));
    await act(async () => fireEvent.submit(form));
    expect(within(form).getByRole("alert").textContent).toBe(stockBelowZero(7));
    expect(screen.getByRole("status").textContent).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Fermer" }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it("says when the stock could not be loaded", async () => {
    stubApi({ [STOCK]: new TypeError("Failed to fetch") });
    const Stub = createRoutesStub([
      {
        path: "/",
        HydrateFallback: () => null,
        Component: () => <StockDialog productId={PRODUCT_ID} onClose={() => {}} />,
      },
    ]);
    await act(async () => {
      render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: {} }} />);
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "Impossible de charger le stock. Vérifiez la connexion et réessayez.",
    );
  });
});
