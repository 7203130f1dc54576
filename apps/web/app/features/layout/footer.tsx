import type { ShopIdentity } from "@shop/shared";
import { whatsappLink } from "@shop/shared/core";
import { Link } from "react-router";
import { displayPhone, telHref } from "../../lib/format-phone";
import { Newsletter } from "./newsletter";

const LINKS = [
  { to: "/", label: "Accueil" },
  { to: "/product", label: "Boutique" },
  { to: "/about", label: "À Propos" },
  { to: "/contact", label: "Contact" },
  { to: "/order", label: "Commander" },
  { to: "/order-status", label: "Suivi de commande" },
  { to: "/blog", label: "Blog" },
  { to: "/privacy", label: "Confidentialité" },
  { to: "/terms", label: "Conditions" },
  { to: "/cookies", label: "Cookies" },
  { to: "/offline", label: "Données hors ligne" },
];

export function Footer({ shop }: { shop: ShopIdentity }) {
  return (
    <footer className="mt-12 bg-slate-900 text-slate-200 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <section>
          <h2 className="text-lg font-bold text-white">{shop.name}</h2>
          <p className="mt-2 text-sm">Support 24/7</p>
          <address className="mt-2 space-y-1 text-sm not-italic">
            <p>{shop.address}</p>
            <p>
              <a className="underline" href={telHref(shop.phone)}>
                {displayPhone(shop.phone)}
              </a>
            </p>
            <p>
              <a className="underline" href={`mailto:${shop.email}`}>
                {shop.email}
              </a>
            </p>
          </address>
        </section>
        <nav aria-label="Liens du pied de page">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link className="hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-6">
          <Newsletter />
          <section aria-label="Réseaux sociaux" className="flex gap-4 text-sm">
            {shop.social.facebook && <a href={shop.social.facebook}>Facebook</a>}
            {shop.social.instagram && <a href={shop.social.instagram}>Instagram</a>}
            {shop.social.tiktok && <a href={shop.social.tiktok}>TikTok</a>}
            <a href={whatsappLink(shop.whatsapp)}>WhatsApp</a>
          </section>
        </div>
      </div>
    </footer>
  );
}
