import { RETURN_DAYS } from "@shop/shared/core";
import { Link } from "react-router";
import { pageMeta } from "../features/content/meta";
import { useShop } from "../features/layout/use-shop";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "À propos",
    "Boutique de téléphones et d'électronique à Yaoundé depuis 2020 : garantie, échange, livraison internationale et un service client réactif.",
  );
}

const STATS = [
  { value: "1000+", label: "Clients satisfaits" },
  { value: "500+", label: "Produits" },
  { value: "24h", label: "Support réactif" },
  { value: "3 ans", label: "D'expérience" },
];

const VALUES = [
  {
    title: "Garantie",
    text: "Nos téléphones et accessoires sont vendus avec une garantie, dont la durée vous est indiquée à l'achat.",
  },
  {
    title: "Échange",
    text: `Un produit qui ne vous convient pas ? Retour ou échange sous ${RETURN_DAYS} jours, s'il n'a pas été ouvert et reste en parfait état.`,
  },
  {
    title: "Livraison internationale",
    text: "Nous livrons à Yaoundé, dans tout le Cameroun et à l'international. Frais et délais vous sont confirmés à la commande.",
  },
  {
    title: "Service client",
    text: "Une équipe joignable par téléphone, WhatsApp et e-mail, qui connaît ses produits et répond vite.",
  },
  {
    title: "Commande simple",
    text: "Commandez par WhatsApp, par téléphone ou avec le formulaire du site : pas de paiement en ligne à faire.",
  },
  {
    title: "Prix clairs",
    text: "Tous les prix sont affichés en FCFA. Quand un produit est en promotion, vous voyez l'ancien prix et la remise.",
  },
];

const PROMISES = [
  "Vous dire la vérité sur chaque appareil : son état, sa capacité, ce qu'il peut et ne peut pas faire.",
  "Vous répondre rapidement, avant comme après l'achat.",
  "Trouver une solution quand un produit pose problème, dans le cadre de la garantie et de nos conditions de vente.",
];

export default function About() {
  const shop = useShop();
  return (
    <main className="pb-10">
      <div className="bg-brand-dark text-white">
        <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-extrabold sm:text-4xl">À propos de {shop.name}</h1>
          <p className="mt-3 max-w-2xl text-lg text-blue-50">
            Depuis 2020, nous vendons à Yaoundé des iPhone de toutes les générations, des smartphones Samsung, Pixel,
            Redmi et Huawei, des montres connectées et les accessoires qui vont avec.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="/product"
              className="rounded-full bg-white px-5 py-2.5 font-semibold text-brand-dark hover:bg-blue-50"
            >
              Voir les articles
            </Link>
            <Link
              to="/contact"
              className="rounded-full px-5 py-2.5 font-semibold text-white ring-2 ring-white hover:bg-white/10"
            >
              Nous contacter
            </Link>
          </div>
        </div>
      </div>

      <div className="mx-auto max-w-5xl px-4">
        <section aria-labelledby="chiffres" className="mt-8">
          <h2 id="chiffres" className="sr-only">
            En chiffres
          </h2>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-lg bg-white p-4 text-center ring-1 ring-slate-200"
              >
                <dt className="text-sm text-slate-600">{stat.label}</dt>
                <dd className="text-2xl font-extrabold text-brand">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="valeurs" className="mt-10">
          <h2 id="valeurs" className="text-xl font-bold">
            Ce qui compte pour nous
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
                <h3 className="font-bold">{value.title}</h3>
                <p className="mt-1 text-slate-700">{value.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="mission" className="mt-10">
          <h2 id="mission" className="text-xl font-bold">
            Notre mission
          </h2>
          <p className="mt-3 leading-relaxed text-slate-700">
            Un téléphone coûte cher et sert tous les jours : pour appeler, travailler, payer par mobile money, rester en
            contact avec la famille. Notre mission est de vous aider à choisir l'appareil qui correspond à votre usage
            et à votre budget, de vous le vendre à un prix clair, et de rester là après l'achat.
          </p>
        </section>

        <section aria-labelledby="engagements" className="mt-10">
          <h2 id="engagements" className="text-xl font-bold">
            Nos engagements
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
            {PROMISES.map((promise) => (
              <li key={promise}>{promise}</li>
            ))}
          </ol>
        </section>
      </div>
    </main>
  );
}
