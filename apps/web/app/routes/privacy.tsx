import { Link } from "react-router";
import { pageMeta } from "../features/content/meta";
import { ProseList, ProsePage, type ProseSection } from "../features/content/prose-page";
import { ShopContactList } from "../features/content/shop-contact-list";
import { useShop } from "../features/layout/use-shop";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Politique de confidentialité",
    "Les données personnelles que la boutique garde (compte, panier, commandes, messages, avis, journaux), pourquoi, qui les voit et comment les faire effacer.",
  );
}

export default function Privacy() {
  const shop = useShop();
  const sections: ProseSection[] = [
    {
      id: "donnees",
      title: "Ce que nous gardons, et pourquoi",
      content: (
        <ProseList>
          <li>
            <strong>Votre compte</strong>, si vous en créez un : votre nom, votre e-mail et, si vous en ajoutez une,
            votre photo de profil, pour vous reconnaître quand vous vous connectez. Votre mot de passe n'est jamais
            enregistré tel quel : nous n'en gardons qu'une empreinte (argon2), dont on ne peut pas retrouver le mot de
            passe. La photo est réenregistrée au format WebP, sans ses métadonnées (lieu, appareil) ; elle est visible
            par qui connaît son adresse.
          </li>
          <li>
            <strong>Votre panier</strong> : les produits que vous y mettez et leurs quantités, liés à votre compte, pour
            les retrouver à votre prochaine visite.
          </li>
          <li>
            <strong>Vos commandes</strong> : votre nom, votre numéro de téléphone, votre adresse, le fichier que vous
            joignez le cas échéant, votre message et les produits commandés (avec leur prix au moment de la commande),
            pour préparer, livrer et suivre la commande.
          </li>
          <li>
            <strong>Vos messages</strong> envoyés depuis la page <Link to="/contact">Contact</Link> : nom, e-mail, objet
            et message, pour vous répondre.
          </li>
          <li>
            <strong>Vos avis</strong> sur les produits : votre note et votre commentaire, liés à votre compte, pour
            informer les autres clients.
          </li>
          <li>
            <strong>Les journaux du serveur</strong> : pour chaque page ou appel reçu, une ligne avec la date et
            l'heure, l'adresse demandée (y compris ce que vous tapez dans la recherche, qui en fait partie), le résultat
            et la durée de traitement, plus le détail technique d'une erreur s'il y en a une. Ces lignes ne contiennent
            ni votre adresse IP, ni votre navigateur, ni vos cookies. Elles servent à vérifier que le site fonctionne et
            à corriger les erreurs.
          </li>
          <li>
            <strong>Contre les essais de mots de passe</strong>, votre adresse IP est comptée en mémoire pendant une
            minute quand vous vous connectez ou créez un compte ; elle n'est pas enregistrée.
          </li>
        </ProseList>
      ),
    },
    {
      id: "acces",
      title: "Qui les voit",
      content: (
        <>
          <p>
            Seuls les administrateurs de la boutique ont accès à ces données, pour traiter vos commandes et vos messages
            et gérer les comptes. Nous ne vendons, ne louons et ne cédons vos données à personne.
          </p>
          <p>
            Si vous nous écrivez sur WhatsApp, la conversation passe par WhatsApp, qui applique ses propres règles de
            confidentialité.
          </p>
        </>
      ),
    },
    {
      id: "traceurs",
      title: "Pas de traceurs",
      content: (
        <p>
          Le site n'utilise aucun outil de mesure d'audience, aucune publicité et aucun traceur de réseau social. Le
          seul cookie est celui qui garde votre connexion : voir la page <Link to="/cookies">Cookies</Link>. La carte de
          la page Contact est chargée depuis OpenStreetMap.
        </p>
      ),
    },
    {
      id: "duree",
      title: "Combien de temps",
      content: (
        <p>
          Votre compte, votre panier et vos avis sont gardés tant que votre compte existe ; la suppression du compte
          efface aussi votre panier et vos avis. Vos commandes et vos messages sont gardés jusqu'à ce que vous nous
          demandiez de les effacer, sauf si la loi nous oblige à conserver une trace d'une vente.
        </p>
      ),
    },
    {
      id: "droits",
      title: "Voir, corriger ou effacer vos données",
      content: (
        <>
          <p>
            Vous pouvez nous demander à tout moment ce que nous gardons sur vous, le faire corriger ou le faire effacer.
            Écrivez-nous ou appelez-nous depuis le numéro ou l'e-mail de votre compte ou de votre commande :
          </p>
          <ShopContactList
            shop={shop}
            whatsappText={`Bonjour, je souhaite consulter ou faire effacer mes données personnelles chez ${shop.name}.`}
          />
        </>
      ),
    },
  ];
  return (
    <ProsePage
      title="Politique de confidentialité"
      lead={
        <p>
          {shop.name} ({shop.address}) garde le moins de données possible, et seulement pour vous servir. Voici
          exactement lesquelles.
        </p>
      }
      sections={sections}
    />
  );
}
