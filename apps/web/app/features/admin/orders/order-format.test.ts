import { orderStatusWhatsappMessage } from "@shop/shared/back-office";
import { describe, expect, it } from "vitest";
import { customerWhatsappHref, formatShortDateTime, plural } from "./order-format";

describe("customerWhatsappHref", () => {
  it("opens WhatsApp to the customer's number with the status message", () => {
    const href = customerWhatsappHref({
      reference: "CMD-7K4Q",
      status: "confirmée",
      name: "Awa Ngono",
      phone: "+237677123456",
    });
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe("https://wa.me/237677123456");
    expect(url.searchParams.get("text")).toBe(orderStatusWhatsappMessage("CMD-7K4Q", "confirmée", "Awa Ngono"));
    expect(url.searchParams.get("text")).toBe(
      "Bonjour Awa Ngono, votre commande CMD-7K4Q est maintenant confirmée. Merci pour votre confiance !",
    );
  });

  it("lets WhatsApp ask for the chat when the order has no number", () => {
    const href = customerWhatsappHref({ reference: "CMD-7K4Q", status: "livrée", name: "Paul", phone: null });
    expect(href).toBe(
      `https://wa.me/?text=${encodeURIComponent(orderStatusWhatsappMessage("CMD-7K4Q", "livrée", "Paul"))}`,
    );
  });
});

describe("formatShortDateTime", () => {
  it("writes Yaoundé's day and time, whatever the zone of the machine", () => {
    expect(formatShortDateTime("2026-01-05T23:59:00.000Z")).toBe("06/01/2026 à 00:59");
    expect(formatShortDateTime("2026-12-31T23:00:00.000Z")).toBe("01/01/2027 à 00:00");
  });
});

describe("plural", () => {
  it("counts in French: 0 and 1 singular", () => {
    expect(plural(0, "commande")).toBe("0 commande");
    expect(plural(1, "commande")).toBe("1 commande");
    expect(plural(2, "commande")).toBe("2 commandes");
    expect(plural(3, "message non lu", "messages non lus")).toBe("3 messages non lus");
  });
});
