import { ORDER_STATUS_TRANSITIONS } from "@shop/shared/back-office";
import { ORDER_STATUS_LABELS, type OrderStatus } from "@shop/shared/core";
import { Form } from "react-router";

/** What each button does, in words: the status it gives the order. */
export const STATUS_ACTION_LABELS: Record<OrderStatus, string> = {
  nouvelle: "Remettre en nouvelle",
  confirmée: "Confirmer la commande",
  payée: "Marquer comme payée",
  livrée: "Marquer comme livrée",
  annulée: "Annuler la commande",
};

/** Why a final status is asked twice, and the button that says yes. */
const FINAL_CONFIRMATIONS: Partial<Record<OrderStatus, string>> = {
  livrée: "Oui, marquer comme livrée",
  annulée: "Oui, annuler la commande",
};
const FINAL_WARNINGS: Partial<Record<OrderStatus, string>> = {
  livrée: "« Livrée » est définitif : le statut ne pourra plus être changé. Le client a bien reçu sa commande ?",
  annulée:
    "Une commande annulée ne peut plus être reprise : il faudrait en enregistrer une nouvelle. Annuler quand même ?",
};

/** A status nothing can follow (livrée, annulée): reaching it is asked twice. */
export const isFinalStatus = (status: OrderStatus) => ORDER_STATUS_TRANSITIONS[status].length === 0;

/** The statuses an order may go to from `from` (decision 018), the final ones apart. */
export function statusChoices(from: OrderStatus) {
  const next = ORDER_STATUS_TRANSITIONS[from];
  return { direct: next.filter((s) => !isFinalStatus(s)), confirm: next.filter(isFinalStatus) };
}

const buttonBase = "min-h-11 rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-60";

/**
 * The status buttons of an order: a plain form posted to the page's action, so it works
 * without JavaScript. A final status opens a confirmation first (a <details>, no script).
 */
export function StatusActions({ status, busy }: { status: OrderStatus; busy: boolean }) {
  const { direct, confirm } = statusChoices(status);
  if (direct.length === 0 && confirm.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        Le statut « {ORDER_STATUS_LABELS[status]} » est définitif : il ne peut plus être changé.
      </p>
    );
  }
  return (
    <Form method="post" preventScrollReset className="space-y-3">
      {direct.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {direct.map((next) => (
            <button
              key={next}
              type="submit"
              name="status"
              value={next}
              disabled={busy}
              className={`${buttonBase} bg-brand text-white hover:bg-brand-dark`}
            >
              {STATUS_ACTION_LABELS[next]}
            </button>
          ))}
        </div>
      )}
      {confirm.map((next) => (
        <details key={next} className="group rounded-lg ring-1 ring-slate-300">
          <summary
            className={`cursor-pointer list-none px-4 py-2.5 text-sm font-semibold ${
              next === "annulée" ? "text-red-800" : "text-slate-900"
            }`}
          >
            {STATUS_ACTION_LABELS[next]}…
          </summary>
          <div className="space-y-3 border-t border-slate-200 px-4 py-3">
            <p className="text-sm text-slate-800">{FINAL_WARNINGS[next]}</p>
            <button
              type="submit"
              name="status"
              value={next}
              disabled={busy}
              className={`${buttonBase} ${
                next === "annulée" ? "bg-red-700 hover:bg-red-800" : "bg-slate-800 hover:bg-slate-900"
              } text-white`}
            >
              {FINAL_CONFIRMATIONS[next]}
            </button>
          </div>
        </details>
      ))}
    </Form>
  );
}
