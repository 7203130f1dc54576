import { describe, expect, it } from "vitest";
import { canChangeOrderStatus, orderStatusWhatsappMessage, whatsappShareLink } from "./back-office.ts";
import { formatPrice } from "./money.ts";

describe("the back-office's WhatsApp messages", () => {
  it("tells a customer the new status of their order, by name when there is one", () => {
    expect(orderStatusWhatsappMessage("CMD-7K4Q", "confirmée", " Awa ")).toBe(
      "Bonjour Awa, votre commande CMD-7K4Q est maintenant confirmée. Merci pour votre confiance !",
    );
    expect(orderStatusWhatsappMessage("CMD-7K4Q", "livrée")).toBe(
      "Bonjour, votre commande CMD-7K4Q est maintenant livrée. Merci pour votre confiance !",
    );
    expect(orderStatusWhatsappMessage("CMD-7K4Q", "nouvelle", "Awa")).toBe(
      "Bonjour Awa, votre commande CMD-7K4Q est bien reçue. Merci pour votre confiance !",
    );
  });

  it("opens WhatsApp without a number, so the shop picks the chat", () => {
    expect(whatsappShareLink("a b&c")).toBe("https://wa.me/?text=a%20b%26c");
  });
});

describe("order status changes", () => {
  it("go forward, possibly skipping steps, or to annulée until delivered", () => {
    expect(canChangeOrderStatus("nouvelle", "confirmée")).toBe(true);
    expect(canChangeOrderStatus("nouvelle", "payée")).toBe(true);
    expect(canChangeOrderStatus("payée", "annulée")).toBe(true);
    expect(canChangeOrderStatus("confirmée", "nouvelle")).toBe(false);
    expect(canChangeOrderStatus("payée", "payée")).toBe(false);
    expect(canChangeOrderStatus("livrée", "annulée")).toBe(false);
    expect(canChangeOrderStatus("annulée", "nouvelle")).toBe(false);
  });

  it("gives the subtotal, the delivery and the total to pay while the order is to be paid", () => {
    const amounts = {
      totalPrice: 470000,
      total: 471500,
      delivery: {
        kind: "zone" as const,
        name: "Zone 2",
        delay: "24 h",
        neighbourhood: "Bastos",
        city: null,
        fee: 1500,
        free: false,
        landmark: "Pharmacie du Golf",
      },
    };
    expect(orderStatusWhatsappMessage("CMD-7K4Q", "confirmée", "Awa", amounts).split("\n")).toEqual([
      "Bonjour Awa, votre commande CMD-7K4Q est maintenant confirmée. Merci pour votre confiance !",
      `Sous-total : ${formatPrice(470000)}`,
      `Livraison : Bastos (Zone 2 — 24 h) : ${formatPrice(1500)}`,
      "Point de repère : Pharmacie du Golf",
      `Total à payer : ${formatPrice(471500)}`,
    ]);
    // Paid, delivered or cancelled: the status alone.
    expect(orderStatusWhatsappMessage("CMD-7K4Q", "payée", "Awa", amounts)).not.toContain("Total");
    expect(orderStatusWhatsappMessage("CMD-7K4Q", "nouvelle", "Awa", { ...amounts, delivery: null })).not.toContain(
      "Total",
    );
  });
});
