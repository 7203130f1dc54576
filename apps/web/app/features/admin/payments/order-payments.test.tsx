import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { resetToasts, Toaster } from "../../../components/ui/toast";
import { anAdminPayment, aReviewResult } from "../../../test/builders";
import { renderPage } from "../../../test/render-page";
import { OrderPayments } from "./order-payments";

afterEach(() => act(() => resetToasts()));

const attempts = () => screen.getAllByRole("article") as [HTMLElement, ...HTMLElement[]];
const termsOf = (article: HTMLElement) =>
  [...article.querySelectorAll("dt")].map((dt) => `${dt.textContent}: ${dt.nextSibling?.textContent}`);

describe("OrderPayments", () => {
  it("says how the customer chose to pay, and when nothing was tried yet", () => {
    renderPage(<OrderPayments order={{ paymentChoice: "cash", payments: [], total: 1000 }} busy={false} />);
    expect(screen.getByText("À la livraison")).toBeTruthy();
    expect(screen.getByText("Aucun paiement en ligne ni transfert déclaré.")).toBeTruthy();
  });

  it("says a choice not made yet", () => {
    renderPage(<OrderPayments order={{ paymentChoice: null, payments: [], total: 1000 }} busy={false} />);
    expect(screen.getByText("pas encore choisi")).toBeTruthy();
  });

  it("lists every attempt with its state in French, references, reason and times in Yaoundé's time", () => {
    const payments = [
      anAdminPayment({
        _id: "00000000-0000-4000-8000-000000000503",
        method: "mobile_money",
        operator: "mtn",
        transactionId: null,
        provider: "notchpay",
        providerReference: "trx.paid_1",
        state: "paid",
        createdAt: "2026-11-22T15:00:00.000Z",
        settledAt: "2026-11-22T15:01:00.000Z",
      }),
      anAdminPayment({
        _id: "00000000-0000-4000-8000-000000000502",
        operator: "orange",
        state: "rejected",
        reason: "Transaction introuvable.",
        reviewedBy: { _id: null, name: "Awa" },
        reviewedAt: "2026-11-22T14:30:00.000Z",
        settledAt: "2026-11-22T14:30:00.000Z",
      }),
      anAdminPayment({
        _id: "00000000-0000-4000-8000-000000000501",
        method: "mobile_money",
        operator: "orange",
        transactionId: null,
        provider: "notchpay",
        providerReference: "trx.failed_1",
        state: "failed",
        reason: "Solde insuffisant.",
        settledAt: "2026-11-22T13:06:00.000Z",
      }),
      anAdminPayment({ _id: "00000000-0000-4000-8000-000000000500", method: "mobile_money", state: "pending" }),
    ];
    renderPage(<OrderPayments order={{ paymentChoice: "mobile_money", payments, total: 250_000 }} busy={false} />);
    expect(screen.getByText("Mobile Money")).toBeTruthy();
    const [paid, rejected, failed, pending] = attempts() as HTMLElement[] as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(paid).getByRole("heading").textContent).toBe("MTN MoMo · Paiement en ligne");
    expect(paid.querySelector("[data-payment-state]")?.textContent).toBe("Payé");
    expect(termsOf(paid)).toEqual([
      `Montant: ${paid.querySelector("dd strong")?.textContent}`,
      "Numéro: +237 6 77 12 34 56",
      "Référence Notch Pay: trx.paid_1",
      "Demandé le: 22/11/2026 à 16:00",
      "Payé le: 22/11/2026 à 16:01",
    ]);
    expect(rejected.querySelector("[data-payment-state]")?.textContent).toBe("Rejeté");
    expect(termsOf(rejected)).toEqual(
      expect.arrayContaining([
        "Transaction: MP261122.1405.A12345",
        "Raison du rejet: Transaction introuvable.",
        "Déclaré le: 22/11/2026 à 14:05",
        "Rejeté par: Awa, le 22/11/2026 à 15:30",
      ]),
    );
    expect(failed.querySelector("[data-payment-state]")?.textContent).toBe("Échoué");
    expect(termsOf(rejected).some((t) => t.startsWith("Terminé le"))).toBe(false);
    expect(termsOf(failed)).toEqual(
      expect.arrayContaining(["Raison: Solde insuffisant.", "Terminé le: 22/11/2026 à 14:06"]),
    );
    expect(pending.querySelector("[data-payment-state]")?.textContent).toBe("En attente de confirmation");
    // Nothing to decide on any of them.
    expect(screen.queryAllByRole("button", { hidden: true })).toEqual([]);
  });

  it("offers 'Approuver' and 'Rejeter' on an attempt waiting for the shop, with its flag", () => {
    const payment = anAdminPayment({
      method: "mobile_money",
      transactionId: null,
      amount: 200_000,
      flag: "Le montant reçu ne correspond pas au total de la commande.",
    });
    renderPage(
      <OrderPayments order={{ paymentChoice: "mobile_money", payments: [payment], total: 250_000 }} busy={false} />,
    );
    const [attempt] = attempts();
    expect(attempt.querySelector("[data-payment-state]")?.textContent).toBe("À vérifier");
    expect(attempt.textContent).toContain("(différent du total de la commande)");
    expect(termsOf(attempt)).toContain("Signalé: Le montant reçu ne correspond pas au total de la commande.");
    expect(within(attempt).getByRole("button", { name: "Approuver le paiement à vérifier" })).toBeTruthy();
    expect(within(attempt).getByText(/^Rejeter…/)).toBeTruthy();
  });

  it("says what the last decision answered, and keeps a refused reason for its field", () => {
    const payment = anAdminPayment();
    const refused = aReviewResult({
      ok: false,
      decision: "approve",
      id: payment._id,
      reference: null,
      message: "Ce paiement n'est pas à vérifier.",
    });
    renderPage(
      <>
        <OrderPayments
          order={{ paymentChoice: "transfer", payments: [payment], total: 250_000 }}
          busy={false}
          result={refused}
        />
        <Toaster />
      </>,
    );
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain("Ce paiement n'est pas à vérifier.");
    expect(screen.getByText("Transfert")).toBeTruthy();
  });
});
