import { RETURN_DAYS } from "@shop/shared/core";
import { ContactCards } from "../features/content/contact-cards";
import { ContactForm } from "../features/content/contact-form";
import { Faq } from "../features/content/faq";
import { pageMeta } from "../features/content/meta";
import { OsmMap } from "../features/content/osm-map";
import { sendContact } from "../features/content/send-contact.server";
import { SUPPORT_HOURS_SENTENCE } from "../features/content/shop-hours";
import { useShop } from "../features/layout/use-shop";
import type { Route } from "./+types/contact";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Contact",
    "Appelez-nous, écrivez-nous sur WhatsApp ou par e-mail, ou passez à la boutique à Maképé, Yaoundé. Horaires, plan et réponses aux questions fréquentes.",
  );
}

/** Runs on the server, so the form works before (or without) JavaScript. */
export const action = ({ request }: Route.ActionArgs) => sendContact(request);

const FAQ = [
  {
    question: "Quels sont vos horaires d'ouverture ?",
    answer: `Nous sommes ouverts ${SUPPORT_HOURS_SENTENCE}. Vous pouvez nous écrire sur WhatsApp ou par e-mail à tout moment : nous répondons dès la réouverture.`,
  },
  {
    question: "Comment puis-je payer ?",
    answer:
      "Il n'y a pas de paiement en ligne sur le site. Vous réglez directement auprès de la boutique : en espèces, par mobile money ou par virement bancaire.",
  },
  {
    question: "Puis-je retourner un produit ?",
    answer: `Oui : les retours sont acceptés dans un délai de ${RETURN_DAYS} jours, pour les produits non ouverts et en parfait état. Contactez-nous avant de rapporter le produit.`,
  },
];

export default function Contact({ actionData }: Route.ComponentProps) {
  const shop = useShop();
  return (
    <main className="mx-auto max-w-5xl px-4 pt-6 pb-10">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Contactez-nous</h1>
      <p className="mt-2 text-slate-700">
        Une question sur un téléphone, une commande ou une garantie ? Appelez-nous, écrivez-nous sur WhatsApp ou
        envoyez-nous un message : nous vous répondons rapidement.
      </p>

      <section aria-labelledby="coordonnees" className="mt-6">
        <h2 id="coordonnees" className="sr-only">
          Nos coordonnées
        </h2>
        <ContactCards shop={shop} />
      </section>

      <div className="mt-10 grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="ecrire">
          <h2 id="ecrire" className="text-xl font-bold">
            Envoyez-nous un message
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">Tous les champs sont obligatoires.</p>
          <ContactForm result={actionData} />
        </section>
        <section aria-labelledby="plan">
          <h2 id="plan" className="text-xl font-bold">
            Nous trouver
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">{shop.address}</p>
          <OsmMap />
        </section>
      </div>

      <section aria-labelledby="faq" className="mt-10">
        <h2 id="faq" className="text-xl font-bold">
          Questions fréquentes
        </h2>
        <div className="mt-4">
          <Faq items={FAQ} />
        </div>
      </section>
    </main>
  );
}
