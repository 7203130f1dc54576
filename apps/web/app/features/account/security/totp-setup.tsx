import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { ResultNotice } from "../../../components/ui/result-notice";
import { SubmitButton } from "../../../components/ui/submit-button";
import { groupSecret, SECURITY_INTENTS, type SecurityResult } from "./security-form";

type Setup = NonNullable<SecurityResult["totp"]>;

/**
 * 'Application d'authentification': the button that starts a set-up (a plain form: the server
 * draws the QR code), then the QR code, the secret to type by hand and the first code that
 * proves the app holds it. Works the same without scripts; with them, the set-up's heading takes
 * the focus when it appears. One app per account: with one, the page says so.
 */
export function TotpSetupSection({
  hasTotp,
  busy,
  result,
}: {
  hasTotp: boolean;
  busy: boolean;
  result: SecurityResult | undefined;
}) {
  if (hasTotp) {
    return (
      <p className="mt-2 text-slate-700">
        Une application d'authentification est enregistrée. Pour en changer, supprimez-la puis configurez la nouvelle.
      </p>
    );
  }
  if (result?.totp) return <TotpConfirmForm setup={result.totp} busy={busy} />;
  const startRefused = result?.intent === SECURITY_INTENTS.totpStart || result?.intent === SECURITY_INTENTS.totpConfirm;
  return (
    <>
      <p className="mt-2 text-slate-700">
        Google Authenticator, Microsoft Authenticator, Aegis… : l'application affiche un code à 6 chiffres qui change
        toutes les 30 secondes, même sans connexion.
      </p>
      {startRefused && !result.ok && <ResultNotice result={result} />}
      <Form method="post" preventScrollReset className="mt-3">
        <input type="hidden" name="intent" value={SECURITY_INTENTS.totpStart} />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 w-full rounded-full px-5 py-2 font-semibold text-brand ring-1 ring-brand hover:bg-slate-50 disabled:opacity-60 sm:w-auto"
        >
          Configurer une application d'authentification
        </button>
      </Form>
    </>
  );
}

/** The set-up under way: scan or type, then the first code. */
export function TotpConfirmForm({ setup, busy }: { setup: Setup; busy: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname, search } = useLocation();
  const codeRef = useRef<HTMLInputElement>(null);
  // Once the scripts run, the set-up (or the refused code, ready to be typed again) takes the focus.
  useEffect(() => {
    if (setup.errors.code) {
      codeRef.current?.focus();
      codeRef.current?.select();
    } else heading.current?.focus();
  }, [setup]);
  return (
    <div className="mt-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h3 ref={heading} tabIndex={-1} className="font-bold focus:outline-none">
        Scannez ce QR code avec votre application
      </h3>
      {setup.qr && (
        <img
          src={setup.qr}
          alt="QR code à scanner avec votre application d'authentification"
          width={192}
          height={192}
          className="mt-3 size-48 bg-white"
        />
      )}
      {setup.secret && (
        <>
          <p className="mt-3 text-sm text-slate-700">Ou saisissez cette clé à la main dans l'application :</p>
          <p className="mt-1 font-mono text-lg tracking-wide break-words select-all" translate="no">
            {groupSecret(setup.secret)}
          </p>
        </>
      )}
      <Form method="post" preventScrollReset className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={SECURITY_INTENTS.totpConfirm} />
        <input type="hidden" name="setupToken" value={setup.setupToken} />
        <input type="hidden" name="secret" value={setup.secret} />
        <input type="hidden" name="qr" value={setup.qr} />
        <Field id="totp-code" name="code" label="Code à 6 chiffres" error={setup.errors.code}>
          {(props) => (
            <input
              {...props}
              ref={codeRef}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              className={`${inputClass} max-w-48 font-mono text-lg tracking-widest`}
            />
          )}
        </Field>
        <Field
          id="totp-name"
          name="name"
          label="Nom"
          hint="Facultatif. Par exemple « Authenticator sur mon téléphone »."
          error={setup.errors.name}
        >
          {(props) => <input {...props} defaultValue={setup.name} maxLength={60} className={inputClass} />}
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={busy} busyLabel="Activation…">
            Activer
          </SubmitButton>
          <Link
            to={`${pathname}${search}`}
            className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-slate-700 underline"
          >
            Annuler
          </Link>
        </div>
      </Form>
    </div>
  );
}
