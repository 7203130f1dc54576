import { Link } from "react-router";
import { formatShortDateTime, plural } from "../orders/order-format";
import { AnswerForm } from "./answer-form";
import type { AnswerResult } from "./personal-data-action.server";
import { formatDay } from "./personal-data-format";
import { archiveHref, orderHref } from "./personal-data-paths";
import type { PrivacyRequestView } from "./personal-data-view.server";

const STATUS_CLASS: Record<PrivacyRequestView["status"], string> = {
  received: "bg-amber-100 text-amber-950 ring-amber-300",
  answered: "bg-green-100 text-green-900 ring-green-300",
  refused: "bg-slate-100 text-slate-800 ring-slate-300",
};

/** Shown for what an erasure removed. */
const ERASED = "Effacé";

/**
 * One customer's request: what they ask, about which order, who and when, by when the shop
 * must answer (late ones marked in words, not only in colour); then the copy of their data to
 * download (an access request) and the answer's form, or, once answered, when, by whom and what.
 */
export function RequestCard({
  request,
  busy,
  result,
}: {
  request: PrivacyRequestView;
  busy: boolean;
  result?: AnswerResult;
}) {
  const headingId = `request-${request._id}`;
  const open = request.status === "received";
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-lg bg-white p-4 ring-1 ${request.overdue ? "ring-2 ring-red-700" : "ring-slate-200"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 font-bold break-words">
          {request.kindLabel}
        </h3>
        <p className="flex flex-wrap gap-1">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_CLASS[request.status] ?? STATUS_CLASS.received}`}
          >
            {request.statusLabel}
          </span>
          {request.overdue && (
            <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold text-white">En retard</span>
          )}
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">Commande</dt>
        <dd>
          <Link to={orderHref(request.reference)} className="font-mono font-semibold text-brand underline">
            {request.reference}
          </Link>
          {request.ordersCount > 1 && (
            <span className="text-slate-700">
              {" "}
              (et {plural(request.ordersCount - 1, "autre commande", "autres commandes")} avec ce numéro)
            </span>
          )}
        </dd>
        <dt className="text-slate-700">Nom</dt>
        <dd className="min-w-0 break-words">{request.name ?? ERASED}</dd>
        <dt className="text-slate-700">Téléphone</dt>
        <dd>
          {request.phone ? (
            <a href={`tel:${request.phone}`} className="text-brand underline">
              {request.phone}
            </a>
          ) : (
            ERASED
          )}
        </dd>
        <dt className="text-slate-700">Reçue le</dt>
        <dd>
          <time dateTime={request.createdAt}>{formatShortDateTime(request.createdAt)}</time>
        </dd>
      </dl>
      {request.message && (
        <div className="mt-2">
          <p className="text-sm text-slate-700">Message du client :</p>
          <p className="whitespace-pre-line break-words">{request.message}</p>
        </div>
      )}
      {open ? (
        <p className={`mt-2 font-semibold ${request.overdue ? "text-red-800" : ""}`}>
          À répondre avant le <time dateTime={request.dueAt}>{formatDay(request.dueAt)}</time>
        </p>
      ) : (
        <div className="mt-2 rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
          <p>
            {request.status === "refused" ? "Refusée" : "Répondue"}
            {request.answeredAt && (
              <>
                {" "}
                le <time dateTime={request.answeredAt}>{formatShortDateTime(request.answeredAt)}</time>
              </>
            )}
            {request.answeredBy && <> par {request.answeredBy}</>}
          </p>
          {request.answer && (
            <p className="mt-1 whitespace-pre-line break-words">
              <span className="font-medium">Réponse : </span>
              {request.answer}
            </p>
          )}
        </div>
      )}
      {request.kind === "access" && request.status !== "refused" && (
        <p className="mt-3">
          {/* A plain link: the browser downloads the zip with the session's cookie, no script. */}
          <a
            href={archiveHref(request._id)}
            download
            className="inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold text-brand ring-1 ring-slate-300 hover:bg-slate-100"
          >
            Télécharger ses données<span className="sr-only"> ({request.reference})</span>
          </a>
        </p>
      )}
      {open && <AnswerForm request={request} busy={busy} result={result} />}
    </article>
  );
}
