import { pageMeta } from "../features/content/meta";
import { SavedData } from "../features/offline/saved-data";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/offline";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Données hors ligne",
      "Ce que la boutique garde sur votre téléphone pour s'ouvrir sans réseau, et comment l'effacer.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

/**
 * «Données hors ligne» (decision 034): what the shop keeps on the phone, why, what it never
 * keeps, and the button that clears it.
 */
export default function OfflinePage() {
  const hydrated = useHydrated();
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Données hors ligne</h1>
      <p>
        Pour s'ouvrir sans réseau et vous faire économiser vos données, la boutique garde sur ce téléphone les pages et
        les photos que vous avez vues, et les fichiers du site. Une page ouverte sans réseau dit depuis quand elle est
        enregistrée : ses prix et son stock peuvent avoir changé.
      </p>
      <p>
        Rien de privé n'y est gardé : ni votre panier, ni vos commandes, ni votre compte. Une commande passée sans
        réseau attend ici qu'il revienne, puis part d'elle-même.
      </p>
      {hydrated ? <SavedData /> : <p>Cette page a besoin de JavaScript pour lire l'espace utilisé.</p>}
    </main>
  );
}
