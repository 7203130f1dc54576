import { cartWhatsappMessage, whatsappLink } from "@shop/shared/core";
import { describe, expect, it, vi } from "vitest";
import { anOrder, anOrderLine } from "../../test/builders";
import { recordThenOpenWhatsapp } from "./whatsapp-order";

const order = anOrder({
  reference: "CMD-7K4Q",
  lines: [anOrderLine({ productId: null, productName: "iPhone 13", unitPrice: 275_000, quantity: 2 })],
});
const url = whatsappLink("237677000000", cartWhatsappMessage("CMD-7K4Q", order.lines));

describe("recordThenOpenWhatsapp", () => {
  it("goes to WhatsApp in this tab when the browser gives no new tab", async () => {
    const assign = vi.fn();
    const browser = { open: vi.fn(() => null), location: { assign } } as unknown as Window;
    await expect(recordThenOpenWhatsapp("237677000000", async () => order, browser)).resolves.toBe(order);
    expect(assign).toHaveBeenCalledWith(url);
  });

  it("records nothing twice and opens nothing when recording fails without a tab", async () => {
    const assign = vi.fn();
    const browser = { open: vi.fn(() => null), location: { assign } } as unknown as Window;
    const refused = new Error("refusé");
    await expect(recordThenOpenWhatsapp("237677000000", () => Promise.reject(refused), browser)).rejects.toBe(refused);
    expect(assign).not.toHaveBeenCalled();
  });
});
