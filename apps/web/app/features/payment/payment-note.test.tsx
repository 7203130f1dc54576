import type { Payment } from "@shop/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PaymentNote } from "./payment-note";

const payment = (overrides: Partial<Payment>): Payment => ({
  _id: "a1b2c3d4-0000-4000-8000-000000000009",
  method: "transfer",
  operator: "orange",
  phone: "+237699000000",
  amount: 30_000,
  currency: "XAF",
  state: "to_verify",
  reason: null,
  transactionId: "MP2411.1234",
  createdAt: "2026-11-24T10:00:00.000Z",
  settledAt: null,
  ...overrides,
});

describe("the status page's note on the last payment", () => {
  it("says a transfer is being checked, and gives the shop's reason for a rejected one", () => {
    const { rerender } = render(<PaymentNote payment={payment({})} />);
    expect(screen.getByRole("status").textContent).toContain("en cours de vérification par la boutique");
    rerender(<PaymentNote payment={payment({ state: "rejected", reason: "Aucun transfert reçu." })} />);
    expect(screen.getByRole("status").textContent).toContain("rejeté par la boutique : Aucun transfert reçu.");
    rerender(
      <PaymentNote payment={payment({ method: "mobile_money", state: "failed", reason: "Paiement refusé." })} />,
    );
    expect(screen.getByRole("status").textContent).toContain("n'a pas abouti : Paiement refusé.");
  });

  it("says nothing for a paid order or one never paid online", () => {
    const { container, rerender } = render(<PaymentNote payment={payment({ state: "paid" })} />);
    expect(container.innerHTML).toBe("");
    rerender(<PaymentNote payment={null} />);
    expect(container.innerHTML).toBe("");
  });
});
