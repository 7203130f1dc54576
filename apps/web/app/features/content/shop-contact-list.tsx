import type { ShopIdentity } from "@shop/shared";
import { whatsappLink } from "@shop/shared/core";
import { displayPhone, telHref } from "../../lib/format-phone";

/** WhatsApp, phone and e-mail links to the shop, for the pages that end with "write to us". */
export function ShopContactList({ shop, whatsappText }: { shop: ShopIdentity; whatsappText?: string }) {
  const whatsapp = whatsappLink(shop.whatsapp, whatsappText);
  return (
    <ul className="space-y-1">
      <li>
        WhatsApp :{" "}
        <a href={whatsapp} target="_blank" rel="noopener noreferrer">
          {displayPhone(shop.whatsapp)}
        </a>
      </li>
      <li>
        Téléphone : <a href={telHref(shop.phone)}>{displayPhone(shop.phone)}</a>
      </li>
      <li>
        E-mail : <a href={`mailto:${shop.email}`}>{shop.email}</a>
      </li>
    </ul>
  );
}
