import type { JournalLine } from "@shop/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatShortDateTime } from "../orders/order-format";
import { ABSENT, actionLabel, actorLabel, changedFields, entityHref, entityLabel } from "./journal-format";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** What a line changed: each field with its value before and after, one under the other. */
function Changes({ line }: { line: JournalLine }) {
  const fields = changedFields(line.before, line.after);
  if (fields.length === 0) return null;
  return (
    <details className="mt-2">
      <summary className="min-h-11 cursor-pointer py-2.5 font-semibold text-brand">Détails</summary>
      <dl className="space-y-2">
        {fields.map((field) => (
          <div key={field.name} className="rounded-md bg-slate-50 p-2 ring-1 ring-slate-200">
            <dt className="font-mono text-sm font-semibold break-all">{field.name}</dt>
            <dd>
              <dl className="mt-1 grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
                <dt className="text-slate-600">Avant</dt>
                <dd className="break-words">{field.before}</dd>
                <dt className="text-slate-600">Après</dt>
                <dd className="break-words">{field.after}</dd>
              </dl>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * One line of the audit log, as a card a phone reads without scrolling sideways: what was done,
 * when, by whom (as they were then), on what (with a way to it), from which address, and, folded,
 * each field before and after. `withEntity` is off where the page is that thing's history.
 */
export function JournalLineCard({ line, withEntity = true }: { line: JournalLine; withEntity?: boolean }) {
  const href = entityHref(line);
  const what = (
    <>
      {entityLabel(line.entity)} <span className="font-mono break-all">{line.entityId}</span>
    </>
  );
  return (
    <article className="min-w-0 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-bold">{actionLabel(line.action)}</p>
        <p className="text-sm text-slate-700">
          <time dateTime={line.at}>{formatShortDateTime(line.at)}</time>
        </p>
      </div>
      <dl className="mt-2 space-y-1 text-sm">
        <Row term="Personne">{actorLabel(line.actor)}</Row>
        {withEntity && (
          <Row term="Objet">
            {href ? (
              <Link to={href} className="inline-block py-1 font-semibold text-brand underline">
                {what}
              </Link>
            ) : (
              what
            )}
          </Row>
        )}
        <Row term="Adresse">{line.address ?? ABSENT}</Row>
      </dl>
      <Changes line={line} />
    </article>
  );
}
