import { describe, expect, it } from "vitest";
import { formatPrice } from "./money.ts";
import {
  cartWhatsappMessage,
  normaliseCameroonPhone,
  orderReferenceWhatsappMessage,
  passwordResetWhatsappMessage,
  productWhatsappMessage,
  restockWhatsappMessage,
  whatsappLink,
} from "./whatsapp.ts";

describe("Cameroon phone numbers", () => {
  it.each([
    ["677123456", "237677123456"],
    ["6 77 12 34 56", "237677123456"],
    ["+237 677-12-34-56", "237677123456"],
    ["00237677123456", "237677123456"],
    ["237 222 23 45 67", "237222234567"],
  ])("normalises %s", (input, expected) => {
    expect(normaliseCameroonPhone(input)).toBe(expected);
  });

  it.each(["", "12345", "+33612345678", "237577123456", "67712345a", "2376771234567"])("refuses %s", (input) => {
    expect(normaliseCameroonPhone(input)).toBeNull();
  });
});

describe("WhatsApp", () => {
  it("builds the product page's message exactly as the spec words it", () => {
    expect(productWhatsappMessage("iPhone 13", 275000)).toBe(
      `Bonjour, je suis intéressé par le produit iPhone 13 (${formatPrice(275000)}). Pouvez-vous m'en dire plus ?`,
    );
  });

  it("encodes the text in a wa.me link", () => {
    expect(whatsappLink("237677123456", "Bonjour & merci ?")).toBe(
      "https://wa.me/237677123456?text=Bonjour%20%26%20merci%20%3F",
    );
  });

  it("opens a plain chat when there is no text", () => {
    expect(whatsappLink("237677123456")).toBe("https://wa.me/237677123456");
    expect(whatsappLink("237677123456", "")).toBe("https://wa.me/237677123456");
  });
});

describe("order messages", () => {
  it("lists every line, the totals, thanks and the reference", () => {
    const text = cartWhatsappMessage("CMD-7K4Q", [
      { productName: "iPhone 13", quantity: 2, unitPrice: 275000 },
      { productName: "AirPods Pro", quantity: 1, unitPrice: 95000 },
    ]);
    expect(text).toBe(
      [
        "Bonjour, je souhaite commander (référence CMD-7K4Q) :",
        `1. iPhone 13 - Quantité : 2 - Prix : ${formatPrice(275000)}`,
        `2. AirPods Pro - Quantité : 1 - Prix : ${formatPrice(95000)}`,
        "Quantité totale : 3",
        `Prix total : ${formatPrice(645000)}`,
        "Merci !",
      ].join("\n"),
    );
  });

  it("names each line's variant after its product", () => {
    const text = cartWhatsappMessage("CMD-7K4Q", [
      { productName: "iPhone 15", variantLabel: "256 Go, Noir", quantity: 1, unitPrice: 650000 },
      { productName: "Chargeur 20 W", variantLabel: "", quantity: 1, unitPrice: 15000 },
    ]);
    expect(text.split("\n").slice(1, 3)).toEqual([
      `1. iPhone 15 — 256 Go, Noir - Quantité : 1 - Prix : ${formatPrice(650000)}`,
      `2. Chargeur 20 W - Quantité : 1 - Prix : ${formatPrice(15000)}`,
    ]);
  });

  it("gives the subtotal, the delivery with its landmark, and a total that includes the fee", () => {
    const line = { productName: "iPhone 15", variantLabel: "256 Go, Noir", quantity: 1, unitPrice: 470000 };
    const zone = {
      kind: "zone" as const,
      name: "Zone 2",
      delay: "24 h",
      neighbourhood: "Bastos",
      city: null,
      fee: 1500,
      free: false,
      landmark: "En face de la pharmacie du Golf",
    };
    expect(cartWhatsappMessage("CMD-7K4Q", [line], zone).split("\n")).toEqual([
      "Bonjour, je souhaite commander (référence CMD-7K4Q) :",
      `1. iPhone 15 — 256 Go, Noir - Quantité : 1 - Prix : ${formatPrice(470000)}`,
      "Quantité totale : 1",
      `Sous-total : ${formatPrice(470000)}`,
      `Livraison : Bastos (Zone 2 — 24 h) : ${formatPrice(1500)}`,
      "Point de repère : En face de la pharmacie du Golf",
      `Prix total : ${formatPrice(471500)}`,
      "Merci !",
    ]);
    const free = cartWhatsappMessage("CMD-7K4Q", [line], { ...zone, fee: 0, free: true });
    expect(free).toContain("Livraison : Bastos (Zone 2 — 24 h) : offerte");
    const pickup = {
      ...zone,
      kind: "pickup" as const,
      name: "Retrait en boutique",
      delay: "",
      neighbourhood: null,
      fee: 0,
      landmark: "",
    };
    expect(cartWhatsappMessage(null, [line], pickup).split("\n").slice(3, 6)).toEqual([
      `Sous-total : ${formatPrice(470000)}`,
      "Livraison : Retrait en boutique : gratuite",
      `Prix total : ${formatPrice(470000)}`,
    ]);
    const shipped = {
      ...pickup,
      kind: "shipping" as const,
      name: "Expédition hors Yaoundé",
      city: "Douala",
      fee: null,
    };
    expect(cartWhatsappMessage(null, [line], shipped).split("\n").slice(4, 6)).toEqual([
      "Livraison : Expédition hors Yaoundé : Douala : à confirmer",
      `Prix total : ${formatPrice(470000)} (hors livraison)`,
    ]);
  });

  it("names each discount before the delivery, and a total the code's francs came off (decision 051)", () => {
    const line = { productName: "Galaxy A15", quantity: 2, unitPrice: 90_000 };
    const pickup = {
      kind: "pickup" as const,
      name: "Retrait en boutique",
      delay: "",
      neighbourhood: null,
      city: null,
      fee: 0,
      free: false,
      landmark: "",
    };
    const sale = { kind: "sale" as const, name: "Black Friday", code: null, amount: 20_000, deliveryFree: false };
    const code = { kind: "code" as const, name: "Radio", code: "RADIOFM94", amount: 5_000, deliveryFree: false };
    expect(cartWhatsappMessage("CMD-7K4Q", [line], pickup, [sale, code]).split("\n").slice(2)).toEqual([
      "Quantité totale : 2",
      `Sous-total : ${formatPrice(180_000)}`,
      `Soldes « Black Friday » : -${formatPrice(20_000)} (déjà déduits des prix)`,
      `Code promo RADIOFM94 : -${formatPrice(5_000)}`,
      "Livraison : Retrait en boutique : gratuite",
      `Prix total : ${formatPrice(175_000)}`,
      "Merci !",
    ]);
    const freeDelivery = { ...code, code: "LIVRAISON", amount: 1_500, deliveryFree: true };
    const text = cartWhatsappMessage(null, [line], null, [freeDelivery]);
    expect(text).toContain("Code promo LIVRAISON : livraison offerte");
    expect(text).toContain(`Prix total : ${formatPrice(180_000)}`);
  });

  it("lists the cart without a reference before the order is recorded", () => {
    const text = cartWhatsappMessage(null, [{ productName: "iPhone 13", quantity: 1, unitPrice: 275000 }]);
    expect(text.split("\n")[0]).toBe("Bonjour, je souhaite commander :");
    expect(text).toContain("Quantité totale : 1");
  });

  it("tells a visitor who asked that the variant is back", () => {
    expect(restockWhatsappMessage("Maképé Phones", "iPhone 15", "256 Go, Noir")).toBe(
      "Bonjour, bonne nouvelle de Maképé Phones : « iPhone 15 — 256 Go, Noir » est de nouveau en stock. Vous pouvez le commander dès maintenant.",
    );
  });

  it("gives the form's reference", () => {
    expect(orderReferenceWhatsappMessage("CMD-7K4Q")).toContain("CMD-7K4Q");
  });

  it("sends a reset link with the lifetime the shop configured", () => {
    const url = "https://makepe.cm/reset-password?token=abc";
    expect(passwordResetWhatsappMessage("Maképé Phones", "Awa", url, 1800)).toBe(
      `Bonjour Awa, voici le lien pour choisir un nouveau mot de passe sur Maképé Phones : ${url} (valable 30 minutes, une seule fois).`,
    );
    expect(passwordResetWhatsappMessage("Maképé Phones", "Awa", url, 3600)).toContain(
      "(valable 1 heure, une seule fois)",
    );
  });
});
