import { pageMeta } from "../features/content/meta";
import { ProsePage } from "../features/content/prose-page";
import { ShopContactList } from "../features/content/shop-contact-list";
import { useShop } from "../features/layout/use-shop";
import { privacyApi } from "../features/privacy/privacy-api";
import { fallbackSections } from "../features/privacy/privacy-fallback";
import { noticeSections, updatedOn } from "../features/privacy/privacy-notice";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Politique de confidentialité",
    "Les données personnelles que la boutique garde, pourquoi, combien de temps, qui les voit, et comment les voir, les corriger ou les faire effacer.",
  );
}

/**
 * 'Confidentialité' is generated from the shop's register, retention settings and services
 * (GET /api/privacy-notice, decision 041). When they cannot be read the page still answers,
 * with the text that holds whatever the settings are, rather than an error.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    return { notice: await privacyApi(request).notice() };
  } catch {
    return { notice: null };
  }
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const shop = useShop();
  const { notice } = loaderData;
  const contact = (
    <ShopContactList
      shop={shop}
      whatsappText={`Bonjour, je souhaite consulter ou faire effacer mes données personnelles chez ${shop.name}.`}
    />
  );
  const name = notice?.controller.name ?? shop.name;
  const address = notice?.controller.address ?? shop.address;
  return (
    <ProsePage
      title="Politique de confidentialité"
      lead={
        <>
          <p>
            {name} ({address}) garde le moins de données possible, et seulement pour vous servir. Voici exactement
            lesquelles, combien de temps, et comment exercer vos droits.
          </p>
          {notice && (
            <p className="text-sm">
              Mise à jour le <time dateTime={notice.updatedAt}>{updatedOn(notice)}</time>.
            </p>
          )}
        </>
      }
      sections={notice ? noticeSections(notice, contact) : fallbackSections(contact)}
    />
  );
}
