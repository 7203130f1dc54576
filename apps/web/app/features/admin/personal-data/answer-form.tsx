import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { inputBase } from "../../../components/ui/field";
import { useHydrated } from "../../../lib/use-hydrated";
import { Modal } from "../modal";
import { plural } from "../orders/order-format";
import type { AnswerResult } from "./personal-data-action.server";
import type { PrivacyRequestView } from "./personal-data-view.server";

const buttonBase = "min-h-11 w-full rounded-full px-5 py-2 text-sm font-semibold disabled:opacity-60 sm:w-auto";

/**
 * The owner's answer to a request: a note, then "carried out" or "refused" (the note then
 * says why). A plain form posted to the page's action, so it works without JavaScript. An
 * erasure cannot be undone: with JavaScript a dialog asks first; without it, a box to tick
 * ("Je confirme l'effacement"), which the server checks too. A refusal of the server comes
 * back under its field, the note as typed.
 */
export function AnswerForm({
  request,
  busy,
  result,
}: {
  request: PrivacyRequestView;
  busy: boolean;
  /** The page's last answer, whichever request it was about. */
  result?: AnswerResult;
}) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const note = useRef<HTMLTextAreaElement>(null);
  const mine = result?.id === request._id && !result.ok ? result : undefined;
  const erasure = request.kind === "erasure";
  const id = `answer-${request._id}`;
  // A result came back: the dialog's question has its answer (the request goes, or the error shows).
  useEffect(() => {
    if (result) setConfirming(false);
  }, [result]);
  useEffect(() => {
    if (mine?.noteError) note.current?.focus();
  }, [mine]);
  const subject = <span className="sr-only"> : {`${request.kindLabel}, ${request.reference}`}</span>;
  const described = [`${id}-hint`, mine?.noteError && `${id}-error`].filter(Boolean).join(" ");
  return (
    <Form
      method="post"
      preventScrollReset
      // Without JavaScript the browser checks the box; with it, the dialog asks and the shop's French words say the rest.
      noValidate={hydrated}
      aria-label={`Répondre : ${request.kindLabel} (${request.reference})`}
      className="mt-3 space-y-3 border-t border-slate-200 pt-3"
    >
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="id" value={request._id} />
      <input type="hidden" name="kind" value={request.kind} />
      <div>
        <label htmlFor={id} className="font-medium">
          Note
        </label>
        <textarea
          ref={note}
          id={id}
          name="note"
          maxLength={1000}
          rows={3}
          defaultValue={mine?.note}
          aria-invalid={mine?.noteError ? true : undefined}
          aria-describedby={described}
          className={`mt-1 ${inputBase}`}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          Ce que vous avez fait (copie envoyée, données corrigées…) ; obligatoire pour refuser : la raison du refus.
        </p>
        {mine?.noteError && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {mine.noteError}
          </p>
        )}
      </div>
      {erasure && !hydrated && (
        <div>
          <label className="flex min-h-11 items-center gap-3 font-medium">
            <input
              type="checkbox"
              name="confirm"
              value="1"
              required
              aria-invalid={mine?.confirmError ? true : undefined}
              className="size-5 accent-red-700"
            />
            Je confirme l'effacement
          </label>
          {mine?.confirmError && <p className="mt-1 text-sm font-medium text-red-700">{mine.confirmError}</p>}
        </div>
      )}
      {mine && !mine.noteError && !mine.confirmError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {mine.message}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {erasure && hydrated ? (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={busy}
            className={`${buttonBase} bg-red-700 text-white hover:bg-red-800`}
          >
            Effacer ses données{subject}
          </button>
        ) : (
          <button
            type="submit"
            name="outcome"
            value="done"
            disabled={busy}
            className={`${buttonBase} text-white ${erasure ? "bg-red-700 hover:bg-red-800" : "bg-emerald-700 hover:bg-emerald-800"}`}
          >
            {erasure ? "Effacer ses données" : "Marquer comme traitée"}
            {subject}
          </button>
        )}
        <button
          type="submit"
          name="outcome"
          value="refused"
          formNoValidate
          disabled={busy}
          className={`${buttonBase} text-slate-900 ring-1 ring-slate-400 hover:bg-slate-100`}
        >
          Refuser{subject}
        </button>
      </div>
      {confirming && (
        <Modal title="Effacer ses données ?" onClose={() => setConfirming(false)}>
          <p>
            {request.ordersCount > 0
              ? `${plural(request.ordersCount, "commande")} passée${request.ordersCount > 1 ? "s" : ""} avec ce numéro ${request.ordersCount > 1 ? "seront anonymisées" : "sera anonymisée"} : nom, numéro, adresse, message et fichiers effacés.`
              : "Le nom, le numéro, l'adresse, le message et les fichiers de ses commandes seront effacés."}{" "}
            Les montants restent pour la comptabilité.
          </p>
          <p className="mt-2 font-semibold">On ne peut pas revenir en arrière.</p>
          {/* Inside the form: the dialog's button sends the note with the confirmation. */}
          <input type="hidden" name="confirm" value="1" />
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <button
              type="submit"
              name="outcome"
              value="done"
              disabled={busy}
              className={`${buttonBase} bg-red-700 text-white hover:bg-red-800`}
            >
              {busy ? "Effacement…" : "Oui, effacer ses données"}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className={`${buttonBase} text-slate-900 ring-1 ring-slate-400 hover:bg-slate-100`}
            >
              Annuler
            </button>
          </div>
        </Modal>
      )}
    </Form>
  );
}
