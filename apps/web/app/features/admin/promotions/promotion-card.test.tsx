import type { AdminPromotion } from "@shop/shared";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PromotionCard } from "./promotion-card";
import { PromotionForm } from "./promotion-form";
import { NEW_PROMOTION } from "./promotion-form-values";

const aCode: AdminPromotion = {
  _id: "11111111-1111-4111-8111-111111111111",
  kind: "code",
  name: "Radio Yaoundé",
  code: "RADIO",
  discountType: "percent",
  value: 10,
  startsAt: "2026-11-27T07:00:00.000Z",
  endsAt: null,
  productIds: [],
  variantIds: [],
  categories: [],
  brands: [],
  minSubtotal: null,
  maxUses: 20,
  maxUsesPerCustomer: null,
  stacksWithSale: false,
  uses: 3,
  pausedAt: null,
  state: "running",
  summary: { orders: 3, units: 5, revenue: 450_000, discount: 50_000 },
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};

function renderAt(element: ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin-panel/promotions", Component: () => element }]);
  render(<Stub initialEntries={["/admin-panel/promotions"]} />);
}

/** The card's actions: links and buttons, with the intent each button posts. */
const actions = () =>
  [...document.querySelectorAll("a, button")].map((el) =>
    el.tagName === "A"
      ? el.textContent
      : `${el.textContent}=${el.closest("form")?.querySelector<HTMLInputElement>("[name=intent]")?.value}`,
  );

describe("PromotionCard", () => {
  it("shows a running code: its chip, state, uses and figures, and what can be done", () => {
    renderAt(<PromotionCard promotion={aCode} busy={false} />);
    expect(screen.getByText("RADIO").className).toContain("font-mono");
    expect(screen.getByText("en cours")).toBeTruthy();
    expect(screen.getByText("Utilisations : 3 / 20")).toBeTruthy();
    expect([...document.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual([
      "Commandes",
      "Unités",
      "Chiffre d'affaires",
      "Réduction accordée",
    ]);
    expect(actions()).toEqual(["Modifier", "Mettre en pause=pause", "Terminer maintenant=end"]);
  });

  it("offers to resume a paused one", () => {
    renderAt(<PromotionCard promotion={{ ...aCode, state: "paused" }} busy={false} />);
    expect(actions()).toEqual(["Modifier", "Reprendre=resume", "Terminer maintenant=end"]);
  });

  it("offers nothing for an ended one, not even to edit it", () => {
    renderAt(<PromotionCard promotion={{ ...aCode, kind: "sale", code: null, state: "ended" }} busy={false} />);
    expect(actions()).toEqual([]);
    expect(screen.queryByText(/Utilisations/)).toBeNull();
  });
});

describe("PromotionForm", () => {
  it("labels every field and places an error beside its own", () => {
    renderAt(<PromotionForm values={NEW_PROMOTION} errors={{ code: "Code invalide." }} busy={false} />);
    for (const label of [
      "Nom",
      "Code",
      "Réduction",
      "Valeur",
      "Début",
      "Fin",
      "Marques",
      "Catégories",
      "Montant minimum du panier (FCFA)",
      "Nombre total d'utilisations",
      "Utilisations par client",
      "Cumulable avec les soldes",
      "Soldes",
      "Code promo",
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByLabelText("Début").getAttribute("type")).toBe("datetime-local");
    expect(screen.getByLabelText("Code").getAttribute("aria-describedby")).toContain("error");
    expect(screen.getByText("Code invalide.")).toBeTruthy();
  });
});
