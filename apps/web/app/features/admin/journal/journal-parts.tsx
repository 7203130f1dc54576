import type { JournalLine, JournalVerdict } from "@shop/shared";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format-date";
import { JournalLineCard } from "./journal-line";

/** What "Vérifier le journal" found: intact (and how many lines), or the first line broken. */
export function VerdictNotice({ verdict }: { verdict: JournalVerdict }) {
  const checkpoint = verdict.checkpoint;
  if (verdict.intact) {
    return (
      <p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-green-900 ring-1 ring-green-200">
        <strong>Journal intact</strong> : {verdict.lines} {verdict.lines > 1 ? "lignes vérifiées" : "ligne vérifiée"}.
        {checkpoint?.line && checkpoint.at
          ? ` Fin du journal confirmée par le point de contrôle gardé hors de la base (ligne n° ${checkpoint.line}, ${formatDateTime(checkpoint.at)}).`
          : null}
      </p>
    );
  }
  return (
    <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
      {verdict.firstBroken !== null
        ? `Journal modifié : la ligne n° ${verdict.firstBroken} a été changée ou supprimée.`
        : checkpoint?.state === "forged"
          ? "Journal suspect : son point de contrôle hors de la base a été modifié."
          : "Journal modifié : une ligne a été changée ou supprimée."}
      {checkpoint?.state === "broken" ? " Les dernières lignes ont pu être supprimées ensemble." : null}
    </p>
  );
}

/** Lines newest first, or what to say when there is none. */
export function JournalLines({
  lines,
  empty,
  withEntity = true,
}: {
  lines: readonly JournalLine[];
  empty: string;
  withEntity?: boolean;
}) {
  if (lines.length === 0) {
    return <p className="rounded-lg bg-white p-6 text-center font-semibold ring-1 ring-slate-200">{empty}</p>;
  }
  return (
    <ol className="space-y-3">
      {lines.map((line) => (
        <li key={line._id}>
          <JournalLineCard line={line} withEntity={withEntity} />
        </li>
      ))}
    </ol>
  );
}

const pageLink =
  "inline-flex min-h-11 items-center rounded-full px-4 py-2.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100";

/**
 * The Journal pages back from a line, not by number (lines keep coming at the top): "Plus
 * anciens" goes on from the last line shown, "Plus récents" back to the newest.
 */
export function JournalPager({ newest, older }: { newest: string | null; older: string | null }) {
  if (!newest && !older) return null;
  return (
    <nav aria-label="Pages du journal" className="mt-4 flex flex-wrap items-center justify-between gap-2">
      {newest ? (
        <Link to={newest} className={pageLink}>
          Plus récents
        </Link>
      ) : (
        <span />
      )}
      {older ? (
        <Link to={older} className={pageLink} rel="next">
          Plus anciens
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
