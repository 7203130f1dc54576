/** The back-office's sidebar (SPEC.md §2 Admin panel, issue 5). */
export const ADMIN_LINKS = [
  { to: "/admin-panel/dashboard", label: "Tableau de bord", badge: null },
  { to: "/admin-panel/orders", label: "Commandes", badge: "newOrders" },
  { to: "/admin-panel/messages", label: "Messages", badge: "unreadMessages" },
  { to: "/admin-panel/all-products", label: "Produits", badge: null },
  { to: "/admin-panel/all-users", label: "Clients", badge: null },
] as const;
