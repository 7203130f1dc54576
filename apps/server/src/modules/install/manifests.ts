/** The brand's blue (the pages' `theme-color`) and the pages' background. */
const THEME = "#0b5cad";
const BACKGROUND = "#f8fafc";

const icons = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/** The storefront as an app on the phone's home screen (W3C Web Application Manifest). */
export const storefrontManifest = (shopName: string) => ({
  id: "/",
  name: shopName,
  short_name: shopName,
  description: "Téléphones, montres et accessoires à Yaoundé : commandez sur WhatsApp, par téléphone ou en ligne.",
  lang: "fr",
  dir: "ltr",
  start_url: "/",
  scope: "/",
  display: "standalone",
  orientation: "portrait",
  background_color: BACKGROUND,
  theme_color: THEME,
  categories: ["shopping"],
  icons,
  shortcuts: [
    { name: "Catalogue", url: "/product", icons: [icons[0]] },
    { name: "Commander", url: "/order", icons: [icons[0]] },
  ],
});

/** The back-office, installed apart on the owner's phone: its own name, scope and start page. */
export const backOfficeManifest = (shopName: string) => ({
  id: "/admin-panel",
  name: `${shopName} — Gestion`,
  short_name: "Gestion",
  description: "Les commandes, les paiements, les produits et les messages de la boutique.",
  lang: "fr",
  dir: "ltr",
  start_url: "/admin-panel/orders",
  scope: "/admin-panel",
  display: "standalone",
  background_color: BACKGROUND,
  theme_color: THEME,
  icons,
  shortcuts: [
    { name: "Commandes", url: "/admin-panel/orders", icons: [icons[0]] },
    { name: "Paiements", url: "/admin-panel/payments", icons: [icons[0]] },
  ],
});
