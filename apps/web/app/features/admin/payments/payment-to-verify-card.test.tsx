import { formatPrice } from "@shop/shared/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPaymentToVerify, aReviewResult, uuid } from "../../../test/builders";
import { renderPage } from "../../../test/render-page";
import { PaymentToVerifyCard } from "./payment-to-verify-card";

const renderCard = (element: React.ReactNode) => renderPage(element, "/admin-panel/payments");

/** The action's answer to a rejection whose reason ("no") was too short, for that payment. */
const reasonRefused = (id: string, reference: string | null) =>
  aReviewResult({
    ok: false,
    decision: "reject",
    id,
    reference,
    message: "Donnez la raison du rejet (3 caractères au moins) : le client la lira.",
    reason: "no",
    reasonError: true,
  });

describe("PaymentToVerifyCard", () => {
  it("shows the order, the amount, the operator, the number, the transaction ID, when, and the screenshot", () => {
    renderCard(
      <PaymentToVerifyCard
        payment={aPaymentToVerify({ screenshotUrl: "/api/admin/payments/p1/screenshot" })}
        busy={false}
      />,
    );
    const card = screen.getByRole("article", { name: "CMD-7K4Q" });
    expect(within(card).getByRole("link", { name: "CMD-7K4Q" }).getAttribute("href")).toBe(
      "/admin-panel/orders/CMD-7K4Q",
    );
    expect(card.textContent).toContain("Awa Ngono");
    expect(card.textContent).toContain("Confirmée");
    const terms = [...card.querySelectorAll("dt")].map((dt) => `${dt.textContent}: ${dt.nextSibling?.textContent}`);
    expect(terms).toEqual([
      `Montant: ${formatPrice(250_000)}`,
      "Moyen: MTN MoMo · Transfert déclaré",
      "Numéro: +237 6 77 12 34 56",
      "Transaction: MP261122.1405.A12345",
      // 13:05 UTC is 14:05 in Yaoundé.
      "Déclaré le: 22/11/2026 à 14:05",
    ]);
    const screenshot = within(card).getByRole("link", { name: "Voir la capture d'écran (nouvel onglet)" });
    expect(screenshot.getAttribute("href")).toBe("/api/admin/payments/p1/screenshot");
    expect(screenshot.getAttribute("target")).toBe("_blank");
    expect(screenshot.getAttribute("rel")).toContain("noopener");
  });

  it("flags an online payment that did not match, its amount apart from the total", () => {
    renderCard(
      <PaymentToVerifyCard
        payment={aPaymentToVerify({
          method: "mobile_money",
          operator: "orange",
          amount: 200_000,
          transactionId: null,
          provider: "notchpay",
          providerReference: "trx.test_42",
          flag: "Le montant reçu ne correspond pas au total de la commande.",
          settledAt: "2026-11-22T14:00:00.000Z",
        })}
        busy={false}
      />,
    );
    const card = screen.getByRole("article", { name: "CMD-7K4Q" });
    expect(card.textContent).toContain(`${formatPrice(200_000)} (différent du total de la commande)`);
    expect(card.textContent).toContain("Orange Money · Paiement en ligne");
    expect(card.textContent).toContain("Référence Notch Pay");
    expect(card.textContent).toContain("trx.test_42");
    expect(card.textContent).toContain("Reçu le22/11/2026 à 15:00");
    expect(card.textContent).toContain("Signalé : Le montant reçu ne correspond pas au total de la commande.");
    expect(within(card).queryByRole("link", { name: /capture/ })).toBeNull();
  });

  it("approves with one tap, posting the payment and its order", async () => {
    const payment = aPaymentToVerify();
    const posted = renderCard(<PaymentToVerifyCard payment={payment} busy={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Approuver le paiement de la commande CMD-7K4Q" }));
    await waitFor(() =>
      expect(posted).toEqual([{ paymentId: payment._id, reference: "CMD-7K4Q", intent: "approve-payment" }]),
    );
  });

  it("rejects with a reason, behind 'Rejeter…'", async () => {
    const payment = aPaymentToVerify();
    const posted = renderCard(<PaymentToVerifyCard payment={payment} busy={false} />);
    const details = screen.getByText(/^Rejeter…/).closest("details")!;
    expect(details.open).toBe(false);
    const reason = within(details).getByLabelText("Raison du rejet");
    expect(reason.hasAttribute("required")).toBe(true);
    expect(reason.getAttribute("aria-describedby")).toBe(`reject-${payment._id}-hint`);
    fireEvent.change(reason, { target: { value: "Transaction introuvable chez MTN." } });
    fireEvent.click(within(details).getByRole("button", { name: /^Rejeter le paiement/, hidden: true }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          paymentId: payment._id,
          reference: "CMD-7K4Q",
          reason: "Transaction introuvable chez MTN.",
          intent: "reject-payment",
        },
      ]),
    );
  });

  it("gives back a refused reason under its field, the form open, the reason as typed and focused", () => {
    const payment = aPaymentToVerify();
    const result = reasonRefused(payment._id, "CMD-7K4Q");
    renderCard(<PaymentToVerifyCard payment={payment} busy={false} result={result} />);
    const details = screen.getByText(/^Rejeter…/).closest("details")!;
    expect(details.open).toBe(true);
    const reason = within(details).getByLabelText("Raison du rejet") as HTMLTextAreaElement;
    expect(reason.value).toBe("no");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`reject-${payment._id}-error`)?.textContent).toBe(result.message);
    expect(reason.getAttribute("aria-describedby")).toContain(`reject-${payment._id}-error`);
    expect(document.activeElement).toBe(reason);
  });

  it("leaves another payment's refused reason to that payment", () => {
    const result = reasonRefused(uuid(999), null);
    renderCard(<PaymentToVerifyCard payment={aPaymentToVerify()} busy={false} result={result} />);
    expect(screen.getByText(/^Rejeter…/).closest("details")!.open).toBe(false);
    expect(screen.queryByText(result.message)).toBeNull();
  });

  it("keeps its buttons off while a decision is on its way", () => {
    renderCard(<PaymentToVerifyCard payment={aPaymentToVerify()} busy />);
    for (const button of screen.getAllByRole("button", { hidden: true })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
