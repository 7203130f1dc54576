import {
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type PaymentChoice,
  type PaymentFilter,
  type PaymentMethod,
  type PaymentState,
} from "./constants.ts";
import { formatPrice } from "./money.ts";
import { deliveryLines, type MessageDelivery } from "./whatsapp.ts";

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
/** A payment attempt's state, as the back-office says it (decision 026). */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: "En attente de confirmation",
  paid: "Payé",
  failed: "Échoué",
  to_verify: "À vérifier",
  rejected: "Rejeté",
};
/** How an attempt was made: charged through the provider, or sent by hand and declared. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  mobile_money: "Paiement en ligne",
  transfer: "Transfert déclaré",
};
/** The way the customer chose to pay, on the order's page. */
export const PAYMENT_CHOICE_LABELS: Record<PaymentChoice, string> = {
  mobile_money: "Mobile Money",
  transfer: "Transfert",
  cash: "À la livraison",
};
/** The orders list's payment filter. */
export const PAYMENT_FILTER_LABELS: Record<PaymentFilter, string> = {
  online: "Payée en ligne",
  cash: "À la livraison",
  unpaid: "Non payée",
};
/** The back-office's dashboard: days in the orders chart, best sellers and newest orders shown. */
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_BEST_SELLERS = 5;
export const DASHBOARD_NEWEST_ORDERS = 5;
/** Low-stock variants the dashboard lists (decision 024). */
export const DASHBOARD_LOW_STOCK = 20;

/**
 * Which products the grid shows (decision 046): by default every product but the archived
 * ones; "shown" the storefront's, "hidden" the drafts, "archived" those deleted while ordered.
 */
export const PRODUCT_VISIBILITIES = ["shown", "hidden", "archived"] as const;
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number];
export const PRODUCT_VISIBILITY_LABELS: Record<ProductVisibility, string> = {
  shown: "Affichés",
  hidden: "Masqués",
  archived: "Archivés",
};

/** The sorts of 'Gestion des Produits' (decision 044); the default is relevance with a search, newest without. */
export const ADMIN_PRODUCT_SORTS = ["relevance", "newest", "name", "price", "price_desc", "stock"] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export const ADMIN_PRODUCT_SORT_LABELS: Record<AdminProductSort, string> = {
  relevance: "Pertinence",
  newest: "Plus récents",
  name: "Nom (A → Z)",
  price: "Prix croissant",
  price_desc: "Prix décroissant",
  stock: "Stock (le plus bas d'abord)",
};

/** What an order's status message adds while it is to be paid: its delivery and total (decision 025). */
export interface StatusMessageAmounts {
  /** The lines' total. */
  totalPrice: number;
  total: number;
  delivery: MessageDelivery | null;
}

/**
 * The back-office's message to a customer after a status change: the reference and the new
 * status; while the order is new or confirmed (not yet paid) and has a delivery, the subtotal,
 * the delivery and the total to pay too.
 */
export function orderStatusWhatsappMessage(
  reference: string,
  status: OrderStatus,
  customerName?: string,
  amounts?: StatusMessageAmounts,
): string {
  const hello = customerName?.trim() ? `Bonjour ${customerName.trim()},` : "Bonjour,";
  // A new order has not moved yet: the customer is told it arrived.
  const news = status === "nouvelle" ? "est bien reçue" : `est maintenant ${ORDER_STATUS_LABELS[status].toLowerCase()}`;
  const text = `${hello} votre commande ${reference} ${news}. Merci pour votre confiance !`;
  const delivery = amounts?.delivery;
  if (!amounts || !delivery || (status !== "nouvelle" && status !== "confirmée")) return text;
  return [
    text,
    `Sous-total : ${formatPrice(amounts.totalPrice)}`,
    ...deliveryLines(delivery),
    `Total à payer : ${formatPrice(amounts.total)}${delivery.fee === null ? " (hors livraison)" : ""}`,
  ].join("\n");
}

/**
 * WhatsApp with a prefilled text and no number: WhatsApp asks whom to send it to. For orders
 * that came by WhatsApp or phone, whose number the shop has in its chats, not in the order.
 */
export function whatsappShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
