import type { ShopIdentity } from "@shop/shared";
import { whatsappLink } from "@shop/shared/core";
import type { ReactNode } from "react";
import { displayPhone, telHref } from "../../lib/format-phone";
import { SUPPORT_HOURS } from "./shop-hours";

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <div className="mt-1 text-base">{children}</div>
    </li>
  );
}

const link = "font-semibold text-brand underline break-words";

/**
 * Phone, e-mail, WhatsApp, address and hours. The original never rendered the three links (a
 * property-name mismatch); here they come from the shop's configured identity.
 */
export function ContactCards({ shop }: { shop: ShopIdentity }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Card title="Téléphone">
        <a className={link} href={telHref(shop.phone)}>
          {displayPhone(shop.phone)}
        </a>
      </Card>
      <Card title="E-mail">
        <a className={link} href={`mailto:${shop.email}`}>
          {shop.email}
        </a>
      </Card>
      <Card title="WhatsApp">
        <a className={link} href={whatsappLink(shop.whatsapp)} target="_blank" rel="noopener noreferrer">
          Écrire au {displayPhone(shop.whatsapp)}
        </a>
      </Card>
      <Card title="Adresse">
        <address className="not-italic">
          Yaoundé, quartier Maképé
          <br />
          <span className="text-sm text-slate-600">{shop.address}</span>
        </address>
      </Card>
      <Card title="Horaires du support">
        <ul>
          {SUPPORT_HOURS.map((slot) => (
            <li key={slot.days}>
              {slot.days} {slot.hours}
            </li>
          ))}
        </ul>
      </Card>
    </ul>
  );
}
