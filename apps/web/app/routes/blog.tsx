import type { Category } from "@shop/shared/core";
import { Link } from "react-router";
import { pageMeta } from "../features/content/meta";
import { ProseList, ProsePage, type ProseSection } from "../features/content/prose-page";
import type { Route } from "./+types/blog";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Blog : conseils et guides",
    "Quel iPhone choisir selon sa génération, comment faire durer la batterie, reconnaître un chargeur contrefait, vérifier un téléphone avant de l'acheter.",
  );
}

const category = (name: Category) => `/product-category?category=${encodeURIComponent(name)}`;

/** Guides that stay true over time: no dates, nothing that pretends to be news. */
const ARTICLES: ProseSection[] = [
  {
    id: "choisir-iphone",
    title: "Quel iPhone choisir selon sa génération ?",
    content: (
      <>
        <p>
          Un iPhone plus ancien coûte moins cher, mais il reçoit moins longtemps les mises à jour d'iOS : ce sont elles
          qui apportent les correctifs de sécurité et permettent aux applications récentes (WhatsApp, banque, mobile
          money) de continuer à fonctionner. Les repères qui comptent :
        </p>
        <ProseList>
          <li>
            <strong>iPhone 8</strong> : petit écran, bouton d'accueil et Touch ID. Il ne reçoit plus les nouvelles
            versions d'iOS depuis iOS 17 : pour un petit budget ou un second téléphone.
          </li>
          <li>
            <strong>iPhone XR</strong> : grand écran sans bouton, Face ID, bonne autonomie. Il ne reçoit plus les
            nouvelles versions d'iOS depuis iOS 26.
          </li>
          <li>
            <strong>iPhone 11</strong> : ajoute l'ultra grand-angle et le mode Nuit. Un bon premier iPhone à prix
            raisonnable.
          </li>
          <li>
            <strong>iPhone 12 et 13</strong> : écran OLED, 5G et recharge MagSafe. Le 13 tient plus longtemps et
            commence à 128 Go de stockage.
          </li>
          <li>
            <strong>iPhone 14</strong> : proche du 13, avec la détection des accidents et de meilleures photos en faible
            lumière.
          </li>
          <li>
            <strong>iPhone 15</strong> : passe au port USB-C (le même câble que la plupart des téléphones Android), avec
            la Dynamic Island et un capteur photo de 48 Mpx.
          </li>
          <li>
            <strong>Modèles Pro Max</strong> : le plus grand écran, la plus grosse batterie et un téléobjectif, pour
            ceux qui filment et photographient beaucoup.
          </li>
        </ProseList>
        <p>
          Notre conseil : à budget égal, préférez un modèle plus récent avec moins de stockage à un modèle ancien avec
          beaucoup de stockage. Et regardez l'état de la batterie, dans Réglages, rubrique Batterie : en dessous
          d'environ 80 %, l'autonomie a nettement baissé.
        </p>
        <p>
          Voir les <Link to={category("IPHONE 11")}>iPhone 11</Link>, les{" "}
          <Link to={category("IPHONE 13")}>iPhone 13</Link>, les <Link to={category("IPHONE 15")}>iPhone 15</Link> ou
          les <Link to={category("IPHONE PROMAX")}>iPhone Pro Max</Link>.
        </p>
      </>
    ),
  },
  {
    id: "batterie",
    title: "Faire durer la batterie de son téléphone",
    content: (
      <ProseList>
        <li>
          La chaleur est la première ennemie des batteries. Ne laissez pas le téléphone au soleil ou dans une voiture
          fermée, et ne le chargez pas sous un oreiller.
        </li>
        <li>
          Inutile de vider la batterie avant de la recharger : les batteries lithium-ion n'ont pas d'« effet mémoire ».
          Des recharges courtes leur conviennent mieux que des cycles complets de 0 à 100 %.
        </li>
        <li>
          Activez la recharge optimisée (iPhone) ou la protection de la batterie (beaucoup de téléphones Android) : le
          téléphone reste moins longtemps chargé à 100 %.
        </li>
        <li>Utilisez un chargeur et un câble de qualité, adaptés à votre téléphone (voir l'article suivant).</li>
        <li>Si vous rangez un téléphone plusieurs semaines, laissez-le chargé à environ 50 %.</li>
        <li>
          Une batterie gonflée (écran qui se soulève, coque déformée) est dangereuse : arrêtez de la charger et
          faites-la remplacer.
        </li>
      </ProseList>
    ),
  },
  {
    id: "chargeur-contrefait",
    title: "Reconnaître un chargeur contrefait",
    content: (
      <>
        <p>
          Un faux chargeur coûte moins cher, mais ses protections électriques manquent souvent : il chauffe, charge
          lentement, abîme la batterie et peut prendre feu. Ce qui doit vous alerter :
        </p>
        <ProseList>
          <li>
            <strong>Le poids</strong> : un chargeur d'origine est plus lourd, parce qu'il contient plus de composants.
          </li>
          <li>
            <strong>Les inscriptions</strong> : fautes d'orthographe, texte flou ou qui s'efface, marquages de
            certification mal imprimés ou absents.
          </li>
          <li>
            <strong>Les finitions</strong> : plastique qui craque, broches mal alignées, port USB de travers.
          </li>
          <li>
            <strong>Le prix</strong> : un chargeur « d'origine » vendu au quart du prix habituel ne l'est presque
            jamais.
          </li>
          <li>
            <strong>À l'usage</strong> : un chargeur qui devient brûlant, ou un iPhone qui affiche « Cet accessoire
            n'est peut-être pas pris en charge ».
          </li>
        </ProseList>
        <p>
          Achetez vos chargeurs chez un vendeur qui les échange en cas de problème. Voir nos{" "}
          <Link to={category("ACCESSOIRES")}>accessoires</Link>.
        </p>
      </>
    ),
  },
  {
    id: "verifier-telephone",
    title: "Vérifier un téléphone avant de l'acheter",
    content: (
      <ProseList>
        <li>
          Composez <strong>*#06#</strong> : le téléphone affiche son numéro IMEI, qui doit être le même que sur la boîte
          et dans les réglages.
        </li>
        <li>
          Sur un iPhone, vérifiez que le compte iCloud de l'ancien propriétaire est déconnecté (Localiser désactivé) :
          sinon le téléphone reste bloqué par le verrouillage d'activation.
        </li>
        <li>
          Testez l'écran tactile partout, les haut-parleurs, le micro, les appareils photo, la recharge et la SIM.
        </li>
        <li>Regardez l'état de la batterie, et demandez une facture.</li>
      </ProseList>
    ),
  },
];

export default function Blog() {
  return (
    <ProsePage
      title="Conseils et guides"
      lead={
        <p>
          Des guides courts et pratiques, écrits par l'équipe de la boutique, pour bien choisir vos appareils et les
          faire durer. Une question ? <Link to="/contact">Contactez-nous</Link>.
        </p>
      }
      sections={ARTICLES}
      as="article"
      contentsLabel="Les guides"
    />
  );
}
