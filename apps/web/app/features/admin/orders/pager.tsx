import { Link } from "react-router";

/**
 * Précédent / Suivant links and "Page n sur N" under a list; nothing when it fits on one page.
 * `hrefOf` gives the list's address for a page, keeping its filters.
 */
export function Pager({
  page,
  total,
  pageSize,
  hrefOf,
}: {
  page: number;
  total: number;
  pageSize: number;
  hrefOf: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const link = "min-h-11 rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100";
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={link} rel="prev">
          Précédent
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {page} sur {pages}
      </p>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} className={link} rel="next">
          Suivant
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
