import { PAGED_SECTION_SIZE, SKELETONS_PAGED } from "@shop/shared/core";
import { useRef, useState } from "react";
import { SkeletonList } from "../../components/ui/skeleton";
import { useHydrated } from "../../lib/use-hydrated";
import { type CardProduct, ProductCard } from "./product-card";

export const GRID_CLASS = "grid grid-cols-2 gap-3 px-4 sm:grid-cols-3 lg:grid-cols-6";

export interface PagedGridProps {
  /** The first page, rendered on the server. */
  products: CardProduct[];
  total: number;
  /** Fetches another page (1-based) of PAGED_SECTION_SIZE products. */
  loadPage: (page: number) => Promise<CardProduct[]>;
  label: string;
}

/**
 * A paged category section (SPEC.md §4): 6 products a page, Précédent/Suivant disabled at the
 * ends, 'n / total', 6 skeleton cards while a page loads. Pages already seen are kept.
 */
export function PagedGrid({ products, total, loadPage, label }: PagedGridProps) {
  const pages = Math.max(1, Math.ceil(total / PAGED_SECTION_SIZE));
  const [page, setPage] = useState(1);
  const [seen, setSeen] = useState<Record<number, CardProduct[]>>({ 1: products });
  const [failed, setFailed] = useState(false);
  const latest = useRef(1);
  // Another page comes from the API: not offered until the scripts run (decision 027).
  const hydrated = useHydrated();

  const show = async (target: number) => {
    latest.current = target;
    setPage(target);
    setFailed(false);
    if (seen[target]) return;
    try {
      const loaded = await loadPage(target);
      setSeen((s) => ({ ...s, [target]: loaded }));
    } catch {
      if (latest.current === target) setFailed(true);
    }
  };

  const current = seen[page];
  const button =
    "rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-semibold hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <div>
      {failed ? (
        <p role="alert" className="px-4 text-sm text-slate-700">
          Impossible de charger ces produits.{" "}
          <button type="button" className="font-semibold text-brand underline" onClick={() => show(page)}>
            Réessayer
          </button>
        </p>
      ) : current ? (
        <ul className={GRID_CLASS}>
          {current.map((product) => (
            <li key={product._id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      ) : (
        <SkeletonList count={SKELETONS_PAGED} className={GRID_CLASS} />
      )}
      {pages > 1 && (
        <nav aria-label={`Pages de ${label}`} className="mt-3 flex items-center justify-center gap-4">
          <button type="button" className={button} disabled={!hydrated || page <= 1} onClick={() => show(page - 1)}>
            Précédent
          </button>
          <span className="text-sm tabular-nums" aria-live="polite">
            {page} / {pages}
          </span>
          <button type="button" className={button} disabled={!hydrated || page >= pages} onClick={() => show(page + 1)}>
            Suivant
          </button>
        </nav>
      )}
    </div>
  );
}
