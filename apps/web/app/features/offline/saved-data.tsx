import { useCallback, useEffect, useState } from "react";
import { mayHoldKeptOrders } from "./kept-on-phone";
import { loadKeptOrders } from "./load-kept-orders";

/** The caches of the service worker (apps/web/sw/strategies.ts): all named `shop-…`. */
const OURS = /^shop-/;

interface Usage {
  /** Bytes the browser counts for the shop on this phone (caches, IndexedDB…), when it says. */
  bytes: number | null;
  pages: number;
  photos: number;
  files: number;
}

async function readUsage(): Promise<Usage> {
  // `has` first: opening a cache that is not there would make it.
  const count = async (name: string) =>
    (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0;
  const [estimate, pages, photos, files] = await Promise.all([
    navigator.storage?.estimate?.().catch(() => null) ?? null,
    count("shop-pages"),
    count("shop-photos"),
    count("shop-assets"),
  ]);
  return { bytes: estimate?.usage ?? null, pages, photos, files };
}

const megabytes = (bytes: number) =>
  `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(bytes / 1_000_000)} Mo`;

/**
 * What the shop keeps on this phone, and a button that clears it (decision 034). Orders
 * waiting for the network are kept: clearing never loses one.
 */
export function SavedData() {
  const [usage, setUsage] = useState<Usage | null>(null);
  const [supported, setSupported] = useState(true);
  const [cleared, setCleared] = useState(false);
  const [waiting, setWaiting] = useState(0);

  const refresh = useCallback(() => {
    void readUsage().then(setUsage, () => setUsage(null));
    void (async () => {
      if (!(await mayHoldKeptOrders())) return;
      const orders = await (await loadKeptOrders()).keptOrders();
      setWaiting(orders.filter((o) => o.state === "waiting").length);
    })().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!("caches" in window) || !("serviceWorker" in navigator)) setSupported(false);
    else refresh();
  }, [refresh]);

  const clear = async () => {
    for (const name of await caches.keys()) if (OURS.test(name)) await caches.delete(name);
    setCleared(true);
    refresh();
  };

  if (!supported) return <p>Ce navigateur ne garde rien de la boutique pour une visite sans réseau.</p>;
  if (!usage) return <p aria-busy="true">Lecture de l'espace utilisé…</p>;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <dt className="font-semibold">Espace utilisé</dt>
        <dd data-testid="storage-used">{usage.bytes === null ? "inconnu" : megabytes(usage.bytes)}</dd>
        <dt className="font-semibold">Pages enregistrées</dt>
        <dd data-testid="saved-pages">{usage.pages}</dd>
        <dt className="font-semibold">Photos</dt>
        <dd>{usage.photos}</dd>
        <dt className="font-semibold">Fichiers du site</dt>
        <dd>{usage.files}</dd>
        <dt className="font-semibold">Commandes en attente de réseau</dt>
        <dd>{waiting}</dd>
      </dl>
      <button
        type="button"
        onClick={() => void clear()}
        className="rounded-full border-2 border-brand px-5 py-2 font-semibold text-brand hover:bg-brand/5"
      >
        Effacer les données enregistrées
      </button>
      <p role="status" className="text-sm text-slate-700">
        {cleared
          ? `Données effacées.${waiting ? " Vos commandes en attente de réseau sont gardées : elles partiront au retour du réseau." : ""}`
          : ""}
      </p>
    </div>
  );
}
