import { describe, expect, it } from "vitest";
import { formatPrice } from "./money.ts";
import { normaliseCameroonPhone, productWhatsappMessage, whatsappLink } from "./whatsapp.ts";

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
