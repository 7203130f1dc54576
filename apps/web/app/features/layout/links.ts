/** The header's and mobile menu's links (SPEC.md §2 Shared layout). */
export const NAV_LINKS = [
  { to: "/", label: "Accueil" },
  { to: "/product", label: "Articles" },
  { to: "/about", label: "À Propos" },
  { to: "/contact", label: "Contact" },
] as const;

export const ADMIN_DASHBOARD = "/admin-panel/all-products";

/** A signed-in customer's orders (and anyone's, by reference and phone). */
export const MY_ORDERS = { to: "/order-status", label: "Mes commandes" } as const;

/** Where the signed-in account is connected, to sign a lost or shared device out. */
export const MY_DEVICES = { to: "/devices", label: "Mes appareils" } as const;

/** The account's second factors and recovery codes (decision 040). */
export const MY_SECURITY = { to: "/security", label: "Sécurité du compte" } as const;

/** Everything the shop keeps about the account: to correct, download or erase (decision 041). */
export const MY_DATA = { to: "/my-data", label: "Mes données" } as const;
