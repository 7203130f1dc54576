import { ORDER_STATUS_LABELS, type OrderStatus } from "./constants.ts";

/*
 * What only the back-office uses, in a module of its own: the storefront's bundles take
 * whole shared modules, so these rules and texts would otherwise travel to every customer's
 * page with the constants and the WhatsApp helpers.
 */

/**
 * Where an order may go from each status (decision 018): forward along the chain, skipping
 * steps when the customer pays or collects at once, or cancelled while not yet delivered.
 * Delivered and cancelled orders are final.
 */
export const ORDER_STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  nouvelle: ["confirmée", "payée", "livrée", "annulée"],
  confirmée: ["payée", "livrée", "annulée"],
  payée: ["livrée", "annulée"],
  livrée: [],
  annulée: [],
};
export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}
/** The back-office's dashboard: days in the orders chart, best sellers and newest orders shown. */
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_BEST_SELLERS = 5;
export const DASHBOARD_NEWEST_ORDERS = 5;

/** The back-office's message to a customer after a status change: the reference and the new status. */
export function orderStatusWhatsappMessage(reference: string, status: OrderStatus, customerName?: string): string {
  const hello = customerName?.trim() ? `Bonjour ${customerName.trim()},` : "Bonjour,";
  // A new order has not moved yet: the customer is told it arrived.
  const news = status === "nouvelle" ? "est bien reçue" : `est maintenant ${ORDER_STATUS_LABELS[status].toLowerCase()}`;
  return `${hello} votre commande ${reference} ${news}. Merci pour votre confiance !`;
}

/**
 * WhatsApp with a prefilled text and no number: WhatsApp asks whom to send it to. For orders
 * that came by WhatsApp or phone, whose number the shop has in its chats, not in the order.
 */
export function whatsappShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
