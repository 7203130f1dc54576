import { describe, expect, it } from "vitest";
import { anAdminPayment } from "../../../test/builders";
import { amountDiffers, paymentNotes, paymentPhone, paymentReferences, paymentTitle } from "./payment-format";

describe("a payment in the back-office's words", () => {
  it("names the operator, then how the money came", () => {
    expect(paymentTitle({ method: "transfer", operator: "mtn" })).toBe("MTN MoMo · Transfert déclaré");
    expect(paymentTitle({ method: "mobile_money", operator: "orange" })).toBe("Orange Money · Paiement en ligne");
    expect(paymentTitle({ method: "mobile_money", operator: null })).toBe("Opérateur non indiqué · Paiement en ligne");
  });

  it("writes the number as people read it, or nothing without one", () => {
    expect(paymentPhone("+237677123456")).toBe("+237 6 77 12 34 56");
    expect(paymentPhone(null)).toBeNull();
  });

  it("gives the transaction ID of a transfer and the provider's reference of an online payment", () => {
    expect(paymentReferences(anAdminPayment())).toEqual([{ term: "Transaction", value: "MP261122.1405.A12345" }]);
    expect(
      paymentReferences(
        anAdminPayment({
          method: "mobile_money",
          transactionId: null,
          provider: "notchpay",
          providerReference: "trx.abc",
        }),
      ),
    ).toEqual([{ term: "Référence Notch Pay", value: "trx.abc" }]);
    // A provider the back-office does not know by name is shown as recorded.
    expect(
      paymentReferences(anAdminPayment({ transactionId: null, provider: "campay", providerReference: "42" })),
    ).toEqual([{ term: "Référence campay", value: "42" }]);
    expect(paymentReferences(anAdminPayment({ transactionId: null }))).toEqual([]);
  });

  it("says why an online payment was flagged, and the reason of a failure or a rejection", () => {
    expect(paymentNotes(anAdminPayment())).toEqual([]);
    expect(
      paymentNotes(anAdminPayment({ flag: "Montant reçu différent du total de la commande.", state: "to_verify" })),
    ).toEqual([{ term: "Signalé", text: "Montant reçu différent du total de la commande." }]);
    expect(paymentNotes(anAdminPayment({ state: "rejected", reason: "Transaction introuvable." }))).toEqual([
      { term: "Raison du rejet", text: "Transaction introuvable." },
    ]);
    expect(paymentNotes(anAdminPayment({ state: "failed", reason: "Solde insuffisant." }))).toEqual([
      { term: "Raison", text: "Solde insuffisant." },
    ]);
  });

  it("notices an amount that is not the order's total", () => {
    expect(amountDiffers({ amount: 250_000 }, 250_000)).toBe(false);
    expect(amountDiffers({ amount: 200_000 }, 250_000)).toBe(true);
  });
});
