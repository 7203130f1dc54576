import { useState } from "react";
import { useHydrated } from "../../../lib/use-hydrated";

/**
 * The two product feeds the server makes (decision 045), for the owner to paste into Meta
 * Commerce Manager (the WhatsApp Business catalogue, Facebook and Instagram shops) and Google
 * Merchant Center. Their paths are the server's routes (apps/server/src/modules/feeds).
 */
export const PRODUCT_FEEDS = [
  {
    key: "meta",
    path: "/feeds/meta.csv",
    label: "Catalogue WhatsApp Business, Facebook et Instagram (Meta Commerce Manager)",
    copyName: "l'adresse du flux Meta",
    hint: "Dans Meta Commerce Manager : Catalogue → Sources de données → Flux de données planifié, collez cette adresse et choisissez une mise à jour une fois par jour. Reliez ensuite ce catalogue à WhatsApp Business, à votre Page Facebook et à Instagram.",
  },
  {
    key: "google",
    path: "/feeds/google.xml",
    label: "Google Merchant Center",
    copyName: "l'adresse du flux Google",
    hint: "Dans Google Merchant Center : Produits → Ajouter des produits → À partir d'un fichier → Ajouter un lien vers le fichier, collez cette adresse et choisissez une récupération une fois par jour.",
  },
] as const;

/** A feed's absolute address under the shop's origin ("https://boutique.cm", no trailing slash). */
export const feedAddress = (origin: string, path: string) => new URL(path, origin).href;

/**
 * One line per feed: what it is for, its address as selectable text (a tap selects it all, with
 * or without scripts), 'Copier' once the scripts run where the browser has a clipboard, a polite
 * "Adresse copiée", and where to paste it. Addresses break anywhere, so a 360 px phone never
 * scrolls sideways.
 */
export function ProductFeeds({ origin }: { origin: string }) {
  return (
    <>
      <p className="text-sm text-slate-700">
        Meta et Google relisent ces adresses chaque jour : prix, stock et nouveaux produits s'y mettent à jour seuls,
        sans rien saisir deux fois.
      </p>
      <ul className="mt-3 space-y-4">
        {PRODUCT_FEEDS.map((feed) => (
          <FeedLine key={feed.key} feed={feed} address={feedAddress(origin, feed.path)} />
        ))}
      </ul>
    </>
  );
}

function FeedLine({ feed, address }: { feed: (typeof PRODUCT_FEEDS)[number]; address: string }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const canCopy = hydrated && typeof navigator !== "undefined" && Boolean(navigator.clipboard);
  const titleId = `feed-${feed.key}-title`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setStatus({ ok: true, text: "Adresse copiée" });
    } catch {
      setStatus({
        ok: false,
        text: "La copie n'a pas fonctionné : touchez l'adresse pour la sélectionner, puis copiez-la.",
      });
    }
  }
  return (
    <li className="min-w-0">
      <h3 id={titleId} className="font-semibold">
        {feed.label}
      </h3>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <code
          translate="no"
          className="block min-w-0 flex-1 basis-60 select-all rounded-md bg-slate-50 p-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-300"
        >
          {address}
        </code>
        {canCopy && (
          <button
            type="button"
            onClick={copy}
            className="min-h-11 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50"
          >
            Copier <span className="sr-only">{feed.copyName}</span>
          </button>
        )}
      </div>
      {/* Always there, so that screen readers hear what appears in it. */}
      <p role="status" className={`text-sm font-medium ${status?.ok === false ? "text-red-800" : "text-green-800"}`}>
        {status?.text}
      </p>
      <p className="mt-1 text-sm text-slate-700">{feed.hint}</p>
    </li>
  );
}
