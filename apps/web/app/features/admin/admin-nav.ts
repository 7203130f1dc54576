import type { Role } from "@shop/shared";

/**
 * The back-office's sidebar (SPEC.md §2 Admin panel, decision 019): the spec's two links first,
 * then the back-office's own screens. On a phone they form a row that scrolls sideways, in this order.
 * A `superAdminOnly` screen is not offered to an ADMIN (its loader sends them away anyway).
 */
export const ADMIN_LINKS = [
  { to: "/admin-panel/all-users", label: "Clients", badge: null },
  { to: "/admin-panel/all-products", label: "Produits", badge: null },
  // Categories as data (decision 046): every admin sees them, the SUPERADMIN changes them.
  { to: "/admin-panel/categories", label: "Catégories", badge: null },
  { to: "/admin-panel/stock", label: "Stock", badge: null },
  { to: "/admin-panel/orders", label: "Commandes", badge: "newOrders" },
  { to: "/admin-panel/payments", label: "À vérifier", badge: "paymentsToVerify" },
  { to: "/admin-panel/delivery", label: "Livraison", badge: null },
  // Sales and codes (decision 051): every admin alike.
  { to: "/admin-panel/promotions", label: "Promotions", badge: null },
  { to: "/admin-panel/messages", label: "Messages", badge: "unreadMessages" },
  { to: "/admin-panel/dashboard", label: "Tableau de bord", badge: null },
  // The admin's own second factors (decision 040): a storefront page, the same for every account.
  { to: "/security", label: "Sécurité du compte", badge: null },
  // Customers' requests, retention and the register of processing (decision 041): the owner's.
  { to: "/admin-panel/personal-data", label: "Données personnelles", badge: null, superAdminOnly: true },
  { to: "/admin-panel/journal", label: "Journal", badge: null, superAdminOnly: true },
] as const;

/** The links this role may follow, in the sidebar's order. */
export const adminLinksFor = (role: Role) =>
  ADMIN_LINKS.filter((link) => !("superAdminOnly" in link) || role === "SUPERADMIN");

/** What a badge's number counts, for screen readers ("3 nouvelles"). */
export const BADGE_WORDS = {
  newOrders: "nouvelles",
  paymentsToVerify: "paiements",
  unreadMessages: "non lus",
} as const;
