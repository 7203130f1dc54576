import { Link } from "react-router";
import { pageMeta } from "../features/content/meta";
import { ProseList, ProsePage, type ProseSection } from "../features/content/prose-page";
import type { Route } from "./+types/cookies";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Cookies",
    "Le site ne dépose qu'un cookie, « token », qui garde votre connexion. Aucun cookie de mesure d'audience ni de publicité.",
  );
}

/** The session's lifetime when TOKEN_TTL_DAYS is not set (apps/server/src/config.ts). */
const TOKEN_TTL_DAYS = 7;

const SECTIONS: ProseSection[] = [
  {
    id: "token",
    title: "Le cookie « token » : votre connexion",
    content: (
      <>
        <p>
          C'est le seul cookie du site. Il est déposé quand vous vous connectez à votre compte, et contient un jeton
          signé qui dit au serveur qui vous êtes, pour votre panier et votre profil. Sans lui, vous ne pourriez pas
          rester connecté.
        </p>
        <ProseList>
          <li>
            <strong>Nom</strong> : token
          </li>
          <li>
            <strong>Durée</strong> : {TOKEN_TTL_DAYS} jours ; il est effacé quand vous vous déconnectez.
          </li>
          <li>
            <strong>Lisible</strong> uniquement par notre serveur (HttpOnly) : aucun script de la page ne peut le lire.
          </li>
          <li>
            <strong>SameSite=Lax</strong> : il n'accompagne pas les requêtes qu'un autre site ferait vers le nôtre en
            arrière-plan, ce qui protège votre compte contre certaines attaques.
          </li>
          <li>
            <strong>Secure</strong> sur le site en ligne : il ne circule que sur une connexion chiffrée.
          </li>
        </ProseList>
        <p>
          Ce cookie est indispensable à la connexion : il ne demande pas votre accord. Si vous ne vous connectez pas,
          notre site ne dépose aucun cookie.
        </p>
      </>
    ),
  },
  {
    id: "aucun-autre",
    title: "Aucun autre cookie",
    content: (
      <p>
        Pas de cookie de mesure d'audience, pas de cookie publicitaire, pas de bouton de réseau social qui vous suit :
        les liens vers Facebook, Instagram, TikTok et WhatsApp sont de simples liens, qui ne chargent rien tant que vous
        ne cliquez pas.
      </p>
    ),
  },
  {
    id: "carte",
    title: "La carte de la page Contact",
    content: (
      <p>
        La carte de la page <Link to="/contact">Contact</Link> est chargée depuis OpenStreetMap, quand vous faites
        défiler la page jusqu'à elle. OpenStreetMap reçoit alors votre adresse IP, comme tout site que vous consultez,
        peut déposer ses propres cookies et applique sa propre{" "}
        <a href="https://osmfoundation.org/wiki/Privacy_Policy" target="_blank" rel="noopener noreferrer">
          politique de confidentialité
        </a>
        .
      </p>
    ),
  },
  {
    id: "effacer",
    title: "Effacer le cookie",
    content: (
      <p>
        Déconnectez-vous, ou effacez les cookies du site dans les réglages de votre navigateur. Pour le reste de vos
        données, voir la <Link to="/privacy">politique de confidentialité</Link>.
      </p>
    ),
  },
];

export default function Cookies() {
  return (
    <ProsePage
      title="Cookies"
      lead={<p>Ce site dépose un seul cookie, et seulement si vous vous connectez. Voici lequel, et pourquoi.</p>}
      sections={SECTIONS}
    />
  );
}
