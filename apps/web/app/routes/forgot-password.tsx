import { whatsappLink } from "@shop/shared/core";
import { Link } from "react-router";
import { pageMeta } from "../features/content/meta";
import { SUPPORT_HOURS_SENTENCE } from "../features/content/shop-hours";
import { useShop } from "../features/layout/use-shop";
import { displayPhone, telHref } from "../lib/format-phone";
import type { Route } from "./+types/forgot-password";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Mot de passe oublié",
    "Vous avez oublié votre mot de passe ? Contactez la boutique par WhatsApp ou par téléphone pour le réinitialiser.",
  );
}

/**
 * A placeholder, as the spec asks (no form): the reset is done by the shop, which can check who
 * is asking. The WhatsApp message is prefilled so the visitor only adds the account's e-mail.
 */
export default function ForgotPassword() {
  const shop = useShop();
  const whatsapp = whatsappLink(
    shop.whatsapp,
    `Bonjour, j'ai oublié le mot de passe de mon compte ${shop.name}. L'e-mail de mon compte est : `,
  );
  return (
    <main className="mx-auto max-w-md px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Mot de passe oublié</h1>
      <p className="mt-3 leading-relaxed text-slate-700">
        La réinitialisation du mot de passe ne se fait pas encore en ligne. Contactez-nous en indiquant l'e-mail de
        votre compte : après avoir vérifié qu'il s'agit bien de vous, nous réinitialisons votre mot de passe.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-full bg-green-700 px-5 py-3 text-center font-semibold text-white hover:bg-green-800"
        >
          Écrire sur WhatsApp
        </a>
        <a
          href={telHref(shop.phone)}
          className="rounded-full border-2 border-brand px-5 py-3 text-center font-semibold text-brand hover:bg-brand/5"
        >
          Appeler le {displayPhone(shop.phone)}
        </a>
      </div>
      <p className="mt-3 text-sm text-slate-600">Nous répondons {SUPPORT_HOURS_SENTENCE}.</p>
      <p className="mt-8">
        <Link to="/login" className="font-semibold text-brand underline">
          Retour à la connexion
        </Link>
      </p>
    </main>
  );
}
