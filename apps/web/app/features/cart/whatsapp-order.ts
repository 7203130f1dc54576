import type { Order } from "@shop/shared";
import { orderWhatsappLink } from "@shop/shared/core";

/**
 * Records the order, then opens WhatsApp with its reference in a new tab (decision 016).
 * Browsers let a page open a tab only during the click itself, and recording takes a network
 * round trip: so the tab is opened at once, empty, and sent to WhatsApp once the order is
 * recorded. Without a tab (the browser refused it) this tab goes to WhatsApp; when recording
 * fails, the empty tab is closed and the error goes to the caller.
 */
export async function recordThenOpenWhatsapp(
  whatsapp: string,
  record: () => Promise<Order>,
  browser: Pick<Window, "open" | "location"> = window,
): Promise<Order> {
  const tab = browser.open("", "_blank");
  try {
    if (tab) {
      tab.document.title = "WhatsApp";
      tab.document.body.textContent = "Enregistrement de votre commande…";
    }
  } catch {
    // Only a courtesy for slow networks: the tab works without it.
  }
  let order: Order;
  try {
    order = await record();
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = orderWhatsappLink(whatsapp, order);
  if (tab && !tab.closed) {
    // The shop's chat must not be able to reach back into this page.
    tab.opener = null;
    tab.location.href = url;
  } else {
    browser.location.assign(url);
  }
  return order;
}
