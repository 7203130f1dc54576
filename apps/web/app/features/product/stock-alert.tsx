import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Field, inputClass } from "../../components/ui/field";
import { SubmitButton } from "../../components/ui/submit-button";

export const STOCK_ALERT_INTENT = "stock-alert";

/** What the product page's action answers to 'Prévenez-moi', for the variant it was asked for. */
export type StockAlertResult =
  | { intent: typeof STOCK_ALERT_INTENT; variantId: string; ok: true; message: string }
  | {
      intent: typeof STOCK_ALERT_INTENT;
      variantId: string;
      ok: false;
      message: string;
      phone: string;
      /** The number's own error (the shared cameroonPhone schema's words), if that is what was refused. */
      phoneError?: string;
    };

/**
 * 'Prévenez-moi' on a sold-out choice: a Cameroonian number, sent to the page's action, so it
 * works before (or without) JavaScript too; then the shop's confirmation, or why not. The
 * number is judged by the API (the shared cameroonPhone schema and its French words): the
 * message tables stay out of the page's scripts for a form few visitors fill.
 * `answered` is the action's answer when the page was posted without JavaScript.
 */
export function StockAlert({
  variantId,
  name,
  answered,
}: {
  variantId: string;
  /** "iPhone 15 — 256 Go, Bleu". */
  name: string;
  answered?: StockAlertResult;
}) {
  const fetcher = useFetcher<StockAlertResult>({ key: `${STOCK_ALERT_INTENT}-${variantId}` });
  const result = fetcher.data ?? (answered?.variantId === variantId ? answered : undefined);
  const failed = result && !result.ok ? result : undefined;
  const phoneError = failed?.phoneError;
  const input = useRef<HTMLInputElement>(null);
  const sending = fetcher.state !== "idle";

  // A refused number takes the focus, its error read with it.
  useEffect(() => {
    if (failed?.phoneError) input.current?.focus();
  }, [failed]);

  return (
    <section aria-labelledby="stock-alert-title" className="mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id="stock-alert-title" className="font-bold">
        Être prévenu du retour en stock
      </h2>
      <div role="status" className="empty:hidden">
        {result?.ok && (
          <p className="mt-2 rounded-md bg-green-50 p-3 font-medium text-green-800 ring-1 ring-green-200">
            {result.message}
          </p>
        )}
      </div>
      {!result?.ok && (
        <fetcher.Form method="post" preventScrollReset className="mt-2 space-y-3">
          <p className="text-sm text-slate-700">
            « {name} » est épuisé. Laissez votre numéro : nous vous écrirons sur WhatsApp dès son retour.
          </p>
          <input type="hidden" name="intent" value={STOCK_ALERT_INTENT} />
          <input type="hidden" name="variantId" value={variantId} />
          <Field
            id="stock-alert-phone"
            name="phone"
            label="Votre numéro de téléphone"
            hint="Par exemple 6 77 12 34 56"
            error={phoneError}
          >
            {(props) => (
              <input
                {...props}
                ref={input}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                maxLength={30}
                defaultValue={failed?.phone}
                className={inputClass}
              />
            )}
          </Field>
          {failed && !phoneError && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {failed.message}
            </p>
          )}
          <SubmitButton busy={sending} busyLabel="Envoi…">
            Prévenez-moi
          </SubmitButton>
        </fetcher.Form>
      )}
    </section>
  );
}
