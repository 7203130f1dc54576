import type { AdminOrderSummary } from "@shop/shared";
import { orderStatusWhatsappMessage, type StatusMessageAmounts, whatsappShareLink } from "@shop/shared/back-office";
import { SHOP_TIME_ZONE, whatsappLink } from "@shop/shared/core";

/** How an order reached the shop, as the back-office says it. */
export const CHANNEL_LABELS: Record<AdminOrderSummary["channel"], string> = {
  whatsapp: "WhatsApp",
  phone: "Téléphone",
  form: "Formulaire",
};

const day = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});
const time = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: SHOP_TIME_ZONE });

/**
 * "22/11/2026 à 14:05", in Yaoundé's time whatever the server's or the phone's zone, so the
 * server's HTML and the browser's render agree.
 */
export function formatShortDateTime(iso: string): string {
  const date = new Date(iso);
  return `${day.format(date)} à ${time.format(date)}`;
}

/** "1 commande", "3 commandes". */
export const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count > 1 ? words : word}`;

/** The amounts a status message gives, when the order carries them (the order page's, not the list's). */
export const amountsOf = (order: Partial<StatusMessageAmounts>): StatusMessageAmounts | undefined =>
  order.totalPrice !== undefined && order.total !== undefined && order.delivery !== undefined
    ? { totalPrice: order.totalPrice, total: order.total, delivery: order.delivery }
    : undefined;

/** "+237677123456" → "237677123456", the digits wa.me and tel: take. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, "");

/**
 * WhatsApp to the customer with the order's status, to their number; an order from the cart's
 * WhatsApp or phone buttons has none (the shop has it in its chats), so WhatsApp then asks
 * whom to send it to.
 */
export function customerWhatsappHref(
  order: Pick<AdminOrderSummary, "reference" | "status" | "name" | "phone"> & Partial<StatusMessageAmounts>,
) {
  const text = orderStatusWhatsappMessage(order.reference, order.status, order.name, amountsOf(order));
  return order.phone ? whatsappLink(phoneDigits(order.phone), text) : whatsappShareLink(text);
}
