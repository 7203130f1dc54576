/** The header's and mobile menu's links (SPEC.md §2 Shared layout). */
export const NAV_LINKS = [
  { to: "/", label: "Accueil" },
  { to: "/product", label: "Articles" },
  { to: "/about", label: "À Propos" },
  { to: "/contact", label: "Contact" },
] as const;

export const ADMIN_DASHBOARD = "/admin-panel/all-products";
