import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { inputBase } from "../../../components/ui/field";
import { useHydrated } from "../../../lib/use-hydrated";
import type { PaymentReviewResult } from "./review-payment.server";

const buttonBase = "min-h-11 rounded-full px-5 py-2 text-sm font-semibold disabled:opacity-60";

/**
 * 'Approuver' (the order becomes 'payée') and 'Rejeter', whose reason the customer reads on
 * the payment screen: plain forms posted to the page's action, so they work without
 * JavaScript; the rejection's form opens under its summary (a <details>, no script). A reason
 * the server refused comes back under its field, the form open, the reason as typed.
 * `subject` names the payment for screen readers ("de la commande CMD-7K4Q"), since a list
 * holds several of these buttons.
 */
export function PaymentReviewActions({
  paymentId,
  reference,
  subject,
  busy,
  result,
}: {
  paymentId: string;
  /** The order's reference, echoed by the result (the queue says which order was handled). */
  reference?: string;
  subject: string;
  busy: boolean;
  /** The page's last review result, whichever payment it was about. */
  result?: PaymentReviewResult;
}) {
  const hydrated = useHydrated();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const mine = result?.id === paymentId ? result : undefined;
  const reasonError = mine?.reasonError ? mine.message : undefined;
  useEffect(() => {
    if (reasonError) reasonField.current?.focus();
  }, [reasonError]);
  const id = `reject-${paymentId}`;
  const hidden = (
    <>
      <input type="hidden" name="paymentId" value={paymentId} />
      {reference && <input type="hidden" name="reference" value={reference} />}
    </>
  );
  return (
    <div className="space-y-2">
      <Form method="post" preventScrollReset>
        {hidden}
        <button
          type="submit"
          name="intent"
          value="approve-payment"
          disabled={busy}
          className={`${buttonBase} w-full bg-emerald-700 text-white hover:bg-emerald-800 sm:w-auto`}
        >
          Approuver <span className="sr-only">le paiement {subject}</span>
        </button>
      </Form>
      <details open={reasonError ? true : undefined} className="rounded-lg ring-1 ring-slate-300">
        <summary className="min-h-11 cursor-pointer list-none px-4 py-2.5 text-sm font-semibold text-red-800">
          Rejeter… <span className="sr-only">le paiement {subject}</span>
        </summary>
        <Form
          method="post"
          preventScrollReset
          // Without JavaScript the browser checks the reason; with it, the shop's French words.
          noValidate={hydrated}
          className="space-y-3 border-t border-slate-200 px-4 py-3"
        >
          {hidden}
          <div>
            <label htmlFor={id} className="font-medium">
              Raison du rejet
            </label>
            <textarea
              ref={reasonField}
              id={id}
              name="reason"
              required
              minLength={3}
              maxLength={300}
              rows={3}
              defaultValue={mine?.reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={`${id}-hint${reasonError ? ` ${id}-error` : ""}`}
              className={`mt-1 ${inputBase}`}
            />
            <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
              Le client la lira sur sa commande (« ID de transaction introuvable », « montant incomplet »…).
            </p>
            {reasonError && (
              <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                {reasonError}
              </p>
            )}
          </div>
          <button
            type="submit"
            name="intent"
            value="reject-payment"
            disabled={busy}
            className={`${buttonBase} w-full bg-red-700 text-white hover:bg-red-800 sm:w-auto`}
          >
            Rejeter le paiement <span className="sr-only">{subject}</span>
          </button>
        </Form>
      </details>
    </div>
  );
}
