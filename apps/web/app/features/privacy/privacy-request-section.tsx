import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Field, inputClass } from "../../components/ui/field";
import { ResultNotice } from "../../components/ui/result-notice";
import { SubmitButton } from "../../components/ui/submit-button";
import { firstInvalid } from "../../lib/form-values";
import {
  PRIVACY_REQUEST_FIELDS,
  PRIVACY_REQUEST_INTENT,
  type PrivacyRequestField,
  type PrivacyRequestResult,
  type PrivacyRequestWords,
} from "./privacy-request-form";

/** The section's anchor: a form posted without scripts comes back scrolled to it. */
export const PRIVACY_REQUEST_ANCHOR = "vos-donnees";

/** The id of a field on the page; a kind's first radio button stands for the group. */
const fieldId = (field: PrivacyRequestField) => (field === "kind" ? "privacy-kind-0" : `privacy-${field}`);

/**
 * 'Vos données personnelles', under an order the customer found on the status page: a request
 * to the shop (a copy, a correction, an erasure, no more promotions) made without an account,
 * the order's reference and number proving who asks (decision 041). A plain form posted to
 * the page's action; the answer is said here, in the API's words, and takes the focus.
 */
export function PrivacyRequestSection({
  reference,
  phone,
  words,
  result,
}: {
  /** The order's reference and the number it was found with, as the look-up had them. */
  reference: string;
  phone: string;
  words: PrivacyRequestWords;
  result: PrivacyRequestResult | undefined;
}) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === PRIVACY_REQUEST_INTENT;
  const notice = useRef<HTMLDivElement>(null);
  const refused = result && !result.ok ? result : undefined;
  const errors = refused?.fieldErrors ?? {};
  useEffect(() => {
    if (!result) return;
    const first = result.ok ? undefined : firstInvalid(PRIVACY_REQUEST_FIELDS, result.fieldErrors);
    (first ? document.getElementById(fieldId(first)) : notice.current)?.focus();
  }, [result]);
  return (
    <section aria-labelledby={PRIVACY_REQUEST_ANCHOR} className="mt-8 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id={PRIVACY_REQUEST_ANCHOR} className="scroll-mt-28 text-xl font-bold">
        Vos données personnelles
      </h2>
      <p className="mt-2 text-slate-700">
        Vous pouvez nous demander une copie de ce que nous gardons sur vous, le faire corriger ou effacer, ou ne plus
        recevoir nos promotions ni nos rappels. La demande vaut pour les commandes passées avec ce numéro. Nous vous
        répondons dans les {words.days} jours, par WhatsApp ou par téléphone.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Effacées, vos commandes restent dans notre comptabilité sans votre nom, votre numéro ni votre adresse ; une
        commande en cours doit d'abord être livrée ou annulée. Avec un compte, tout se fait dans{" "}
        <Link to="/my-data" className="font-semibold text-brand underline">
          Mes données
        </Link>
        .
      </p>
      <div ref={notice} tabIndex={-1} className="outline-none">
        <ResultNotice result={result} />
      </div>
      {/* Drawn anew once received, its choices cleared for another request. */}
      <Form
        key={result?.ok ? result.receiptId : "request"}
        method="post"
        action={`${pathname}#${PRIVACY_REQUEST_ANCHOR}`}
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value={PRIVACY_REQUEST_INTENT} />
        <input type="hidden" name="reference" value={reference} />
        <input type="hidden" name="phone" value={phone} />
        <fieldset aria-describedby={errors.kind ? "privacy-kind-error" : undefined}>
          <legend className="font-medium">Votre demande</legend>
          <div className="mt-2 space-y-2">
            {words.kinds.map((kind, i) => (
              <label
                key={kind.value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md p-3 ring-1 ring-slate-300 has-checked:bg-brand/5 has-checked:ring-2 has-checked:ring-brand"
              >
                <input
                  id={`privacy-kind-${i}`}
                  type="radio"
                  name="kind"
                  value={kind.value}
                  required
                  defaultChecked={refused?.values.kind === kind.value}
                  aria-invalid={errors.kind ? true : undefined}
                  className="size-5 shrink-0 accent-brand"
                />
                <span>{kind.label}</span>
              </label>
            ))}
          </div>
          {errors.kind && (
            <p id="privacy-kind-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.kind}
            </p>
          )}
        </fieldset>
        <Field
          id={fieldId("message")}
          name="message"
          label="Précisez (ce qu'il faut corriger, par exemple)"
          hint="Facultatif, 1000 caractères au plus."
          error={errors.message}
        >
          {(props) => (
            <textarea
              {...props}
              rows={4}
              maxLength={1000}
              defaultValue={refused?.values.message}
              className={inputClass}
            />
          )}
        </Field>
        <SubmitButton busy={sending} busyLabel="Envoi…">
          Envoyer la demande
        </SubmitButton>
      </Form>
    </section>
  );
}
