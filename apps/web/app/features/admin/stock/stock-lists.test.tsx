import type { StockAlert, StockMovement } from "@shop/shared";
import { restockWhatsappMessage } from "@shop/shared/core";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { MovementsList } from "./movements-list";
import { RestockList, restockHref } from "./restock-list";

function renderIn(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", HydrateFallback: () => null, Component: () => element }]);
  render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: {} }} />);
}

const ALERT: StockAlert = {
  _id: "00000000-0000-4000-8000-000000000201",
  variantId: "00000000-0000-4000-8000-000000000101",
  productId: "00000000-0000-4000-8000-000000000001",
  productName: "iPhone 15",
  label: "256 Go, Bleu",
  phone: "+237677123456",
  createdAt: "2026-03-01T10:00:00.000Z",
};

describe("RestockList", () => {
  it("gives each visitor a one-tap WhatsApp message to their number, and 'Marquer comme prévenu'", () => {
    renderIn(<RestockList alerts={[ALERT]} shopName="Boutique Test" busy={false} />);
    const card = screen.getByRole("article", { name: "iPhone 15 — 256 Go, Bleu" });
    expect(within(card).getByText("+237 6 77 12 34 56")).toBeTruthy();
    const link = within(card).getByRole("link", { name: "Prévenir sur WhatsApp le +237 6 77 12 34 56" });
    const href = new URL(link.getAttribute("href")!);
    expect(href.origin + href.pathname).toBe("https://wa.me/237677123456");
    expect(href.searchParams.get("text")).toBe(restockWhatsappMessage("Boutique Test", "iPhone 15", "256 Go, Bleu"));
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("href")).toBe(restockHref("Boutique Test", ALERT));
    const button = within(card).getByRole("button", { name: "Marquer comme prévenu : +237 6 77 12 34 56" });
    const form = button.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(new FormData(form).get("id")).toBe(ALERT._id);
  });

  it("says when nobody is waiting", () => {
    renderIn(<RestockList alerts={[]} shopName="Boutique Test" busy={false} />);
    expect(screen.getByText("Aucun client à prévenir pour le moment.")).toBeTruthy();
  });
});

const movement = (n: number, values: Partial<StockMovement>): StockMovement => ({
  _id: `00000000-0000-4000-8000-00000000030${n}`,
  variantId: ALERT.variantId,
  productId: ALERT.productId,
  productName: "iPhone 15",
  label: "256 Go, Bleu",
  delta: 1,
  stockAfter: 1,
  reason: "ajustement",
  orderReference: null,
  note: "",
  by: { _id: null, name: "Super Admin" },
  createdAt: "2026-03-01T10:00:00.000Z",
  ...values,
});

describe("MovementsList", () => {
  it("says when, what, how many, the count after, why (an order's reference a link) and who", () => {
    renderIn(
      <MovementsList
        filtered={false}
        movements={[
          movement(1, { delta: 3, stockAfter: 3, note: "Arrivage" }),
          movement(2, {
            reason: "commande",
            delta: -2,
            stockAfter: 0,
            orderReference: "CMD-AB12",
            by: { _id: null, name: "Awa" },
          }),
          movement(3, { reason: "annulation", delta: 2, stockAfter: 2, orderReference: "CMD-AB12" }),
        ]}
      />,
    );
    const [adjusted, ordered, cancelled] = screen.getAllByRole("article");
    expect(within(adjusted!).getByText("+3")).toBeTruthy();
    expect(within(adjusted!).getByText("Ajustement : Arrivage")).toBeTruthy();
    expect(within(adjusted!).getByText("3 en stock")).toBeTruthy();
    expect(within(adjusted!).getByText("Super Admin")).toBeTruthy();
    expect(within(adjusted!).getByText("01/03/2026 à 11:00")).toBeTruthy();
    expect(within(adjusted!).getByRole("link", { name: "iPhone 15 — 256 Go, Bleu" }).getAttribute("href")).toBe(
      `/admin-panel/stock?productId=${ALERT.productId}`,
    );
    expect(within(ordered!).getByText("−2")).toBeTruthy();
    expect(within(ordered!).getByText("Épuisé")).toBeTruthy();
    expect(within(ordered!).getByRole("link", { name: "CMD-AB12" }).getAttribute("href")).toBe(
      "/admin-panel/orders/CMD-AB12",
    );
    expect(within(ordered!).getByText("Awa")).toBeTruthy();
    expect(within(cancelled!).getByText(/Annulation/)).toBeTruthy();
  });

  it("says when there is nothing yet", () => {
    renderIn(<MovementsList filtered movements={[]} />);
    expect(screen.getByText("Aucun mouvement de stock pour ce produit.")).toBeTruthy();
  });
});
