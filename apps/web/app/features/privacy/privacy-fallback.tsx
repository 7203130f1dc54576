import type { ReactNode } from "react";
import { Link } from "react-router";
import { ProseList, type ProseSection } from "../content/prose-page";
import { NoTrackers } from "./privacy-notice";

/**
 * 'Confidentialité' when the shop's register cannot be read (the API down or not yet
 * answering): what is true whatever the settings say, without a figure the settings own.
 */
export function fallbackSections(contact: ReactNode): ProseSection[] {
  return [
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
            <strong>Vos connexions</strong> : l'appareil et l'adresse internet depuis lesquels vous vous êtes connecté,
            pour que vous puissiez repérer et fermer une connexion qui n'est pas la vôtre (
            <Link to="/devices">Mes appareils</Link>).
          </li>
          <li>
            <strong>Votre panier</strong> : les produits que vous y mettez et leurs quantités, liés à votre compte, pour
            les retrouver à votre prochaine visite.
          </li>
          <li>
            <strong>Vos commandes</strong> : votre nom, votre numéro de téléphone, votre adresse, le fichier que vous
            joignez le cas échéant, votre message, les produits commandés (avec leur prix au moment de la commande) et
            vos paiements, pour préparer, livrer et suivre la commande.
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
            et la durée de traitement, plus le détail technique d'une erreur s'il y en a une. Elles servent à vérifier
            que le site fonctionne et à corriger les erreurs.
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
            confidentialité. Si vous payez par Mobile Money, votre numéro et le montant passent par notre prestataire de
            paiement.
          </p>
        </>
      ),
    },
    { id: "traceurs", title: "Pas de traceurs", content: <NoTrackers /> },
    {
      id: "duree",
      title: "Combien de temps",
      content: (
        <p>
          Votre compte, votre panier et vos avis sont gardés tant que votre compte existe ; la suppression du compte les
          efface. Le reste a chacun sa durée de conservation, fixée par la boutique, passée laquelle il est effacé
          chaque nuit. Les commandes livrées ou annulées restent dix ans au moins, pour la comptabilité.
        </p>
      ),
    },
    {
      id: "droits",
      title: "Voir, corriger ou effacer vos données",
      content: (
        <>
          <p>
            Avec un compte, tout se fait dans <Link to="/my-data">Mes données</Link> : voir et télécharger vos données,
            les corriger, arrêter nos promotions, supprimer votre compte. Sans compte, faites votre demande sur la page{" "}
            <Link to="/order-status">Suivi de commande</Link>, avec la référence d'une commande et votre numéro.
          </p>
          <p>
            Vous pouvez aussi nous écrire ou nous appeler depuis le numéro ou l'e-mail de votre compte ou de votre
            commande :
          </p>
          {contact}
        </>
      ),
    },
  ];
}
