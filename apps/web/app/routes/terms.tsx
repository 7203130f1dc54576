import { RETURN_DAYS } from "@shop/shared/core";
import { Link } from "react-router";
import { pageMeta } from "../features/content/meta";
import { ProseList, ProsePage, type ProseSection } from "../features/content/prose-page";
import { ShopContactList } from "../features/content/shop-contact-list";
import { useShop } from "../features/layout/use-shop";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Conditions de vente",
    `Commande par WhatsApp, téléphone ou formulaire, prix en FCFA, paiement sans carte, livraison, retours sous ${RETURN_DAYS} jours et garantie : nos conditions de vente.`,
  );
}

export default function Terms() {
  const shop = useShop();
  const sections: ProseSection[] = [
    {
      id: "vendeur",
      title: "Le vendeur",
      content: (
        <p>
          Les produits présentés sur ce site sont vendus par {shop.name}, {shop.address}. Pour toute question avant ou
          après un achat, voir la page <Link to="/contact">Contact</Link>.
        </p>
      ),
    },
    {
      id: "commande",
      title: "Commander",
      content: (
        <>
          <p>Vous pouvez commander de trois façons :</p>
          <ProseList>
            <li>
              par WhatsApp, avec le bouton « Commander via WhatsApp » d'un produit ou « Commander sur WhatsApp » de
              votre panier ;
            </li>
            <li>par téléphone, avec le bouton « Appeler maintenant » ;</li>
            <li>
              avec le <Link to="/order">formulaire de commande</Link> du site.
            </li>
          </ProseList>
          <p>
            Votre commande est ferme quand la boutique vous a confirmé la disponibilité du produit, son prix et les
            conditions de livraison.
          </p>
        </>
      ),
    },
    {
      id: "prix",
      title: "Prix",
      content: (
        <p>
          Les prix sont indiqués en francs CFA (FCFA). Un prix barré est l'ancien prix du produit ; le prix à payer est
          celui affiché au moment de la commande et confirmé par la boutique. Les éventuels frais de livraison vous sont
          annoncés avant que la commande soit ferme.
        </p>
      ),
    },
    {
      id: "paiement",
      title: "Paiement",
      content: (
        <p>
          Il n'y a pas de paiement en ligne sur le site : aucune carte bancaire ne vous est demandée. Vous payez
          directement la boutique, en espèces, par mobile money ou par virement bancaire.
        </p>
      ),
    },
    {
      id: "livraison",
      title: "Livraison",
      content: (
        <p>
          Nous livrons à Yaoundé, dans le reste du Cameroun et à l'international. Le délai et les frais dépendent de la
          destination ; ils vous sont confirmés avec la commande. Vérifiez le produit à sa réception.
        </p>
      ),
    },
    {
      id: "retours",
      title: "Retours et échanges",
      content: (
        <p>
          Vous pouvez retourner ou échanger un produit dans un délai de {RETURN_DAYS} jours après l'avoir reçu, s'il n'a
          pas été ouvert et qu'il est en parfait état, dans son emballage d'origine. Contactez-nous avant de le
          rapporter : nous vous dirons comment procéder.
        </p>
      ),
    },
    {
      id: "garantie",
      title: "Garantie",
      content: (
        <p>
          Les produits sont couverts par une garantie dont la durée vous est indiquée à l'achat. Elle couvre les pannes
          de fonctionnement, pas les dommages dus à une chute, à un liquide ou à une réparation faite ailleurs. En cas
          de panne, contactez-nous avec votre preuve d'achat.
        </p>
      ),
    },
    {
      id: "donnees",
      title: "Vos données",
      content: (
        <p>
          Les informations que vous nous donnez pour une commande servent à la traiter et à vous livrer. Voir la{" "}
          <Link to="/privacy">politique de confidentialité</Link>.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Nous joindre",
      content: <ShopContactList shop={shop} />,
    },
  ];
  return (
    <ProsePage
      title="Conditions de vente"
      lead={
        <p>Ces conditions s'appliquent à tout achat auprès de {shop.name}, quelle que soit la façon de commander.</p>
      }
      sections={sections}
    />
  );
}
