import type { Payment } from "@shop/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPayment } from "../../test/builders";
import { PaymentNote } from "./payment-note";

/** The last payment: a transfer declared from an Orange number, being checked, unless `overrides` say otherwise. */
const payment = (overrides: Partial<Payment>) =>
  aPayment({ method: "transfer", operator: "orange", state: "to_verify", transactionId: "MP2411.1234", ...overrides });

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
