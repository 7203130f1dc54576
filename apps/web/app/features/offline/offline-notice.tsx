import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format-date";

/** Put in the page by the service worker when it answers from the phone (apps/web/sw). */
const SAVED_AT_META = 'meta[name="shop-saved-at"]';

export interface OfflineState {
  offline: boolean;
  /** When what is shown was fetched: the page's save on the phone, or its load. */
  since: Date;
  /** The page came from the phone's memory, not the network. */
  fromPhone: boolean;
}

/**
 * Whether the visitor sees the shop from memory: a page the service worker served from the
 * phone (its marker), or a network gone since the page loaded (the browser's `offline`).
 */
export function useOfflineState(): OfflineState | null {
  const [state, setState] = useState<OfflineState | null>(null);
  useEffect(() => {
    const saved = document.querySelector<HTMLMetaElement>(SAVED_AT_META)?.content;
    const savedAt = saved ? new Date(saved) : null;
    const loadedAt = new Date(performance.timeOrigin);
    const update = () => {
      const offline = !navigator.onLine || savedAt !== null;
      setState(offline ? { offline, since: savedAt ?? loadedAt, fromPhone: savedAt !== null } : null);
    };
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  // Prices and stock are marked as possibly out of date while it shows (app.css).
  useEffect(() => {
    const root = document.documentElement;
    if (state) root.dataset.offline = "";
    else delete root.dataset.offline;
  }, [state]);
  return state;
}

/**
 * 'Vous êtes hors ligne': what is shown comes from memory, since when, and that prices and
 * stock may have changed. A page from the phone offers to load it again once the network is
 * back.
 */
export function OfflineNotice() {
  const state = useOfflineState();
  if (!state) return null;
  return (
    <section
      aria-labelledby="offline-title"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 print:hidden"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="offline-title" className="font-bold">
          Vous êtes hors ligne
        </h2>
        <p role="status">
          {state.fromPhone ? "Page enregistrée sur votre téléphone le " : "Page affichée depuis le "}
          <time dateTime={state.since.toISOString()}>{formatDateTime(state.since.toISOString())}</time>. Les prix et le
          stock ont pu changer depuis.
        </p>
        <Link to="/offline" className="font-semibold underline">
          Données hors ligne
        </Link>
        {state.fromPhone && navigator.onLine && (
          <button type="button" className="font-semibold underline" onClick={() => window.location.reload()}>
            Recharger la page
          </button>
        )}
      </div>
    </section>
  );
}
