import { Form } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { ResultNotice } from "../../../components/ui/result-notice";
import { SubmitButton } from "../../../components/ui/submit-button";
import { useHydrated } from "../../../lib/use-hydrated";
import { SECURITY_INTENTS, type SecurityResult } from "./security-form";

/**
 * Whether this browser can make a passkey: the test of @simplewebauthn/browser's
 * `browserSupportsWebAuthn()`, written here so that the library loads only when a passkey is
 * actually added.
 */
export const browserSupportsWebAuthn = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/**
 * 'Ajouter une clé d'accès': the phone's or computer's own lock (fingerprint, face, PIN). The
 * browser makes it, so the form is drawn only once the scripts run and only where the browser
 * can: never a button that does nothing. Its answer is the page's clientAction's.
 */
export function PasskeyAdd({
  busy,
  result,
  supported = browserSupportsWebAuthn,
}: {
  busy: boolean;
  result: SecurityResult | undefined;
  /** The browser's support, asked once the scripts run. */
  supported?: () => boolean;
}) {
  const hydrated = useHydrated();
  const failure = result?.intent === SECURITY_INTENTS.addPasskey && !result.ok ? result : undefined;
  return (
    <>
      <p className="mt-2 text-slate-700">
        La clé d'accès utilise le verrouillage de votre téléphone ou de votre ordinateur (empreinte, visage, code) :
        rien à retenir ni à recopier.
      </p>
      {hydrated && !supported() && (
        <p className="mt-2 text-sm text-slate-700">
          Ce navigateur ne sait pas créer de clé d'accès : utilisez une application d'authentification.
        </p>
      )}
      <ResultNotice result={failure} />
      {hydrated && supported() && (
        <Form method="post" preventScrollReset className="mt-3 space-y-3">
          <input type="hidden" name="intent" value={SECURITY_INTENTS.addPasskey} />
          <Field id="passkey-name" name="name" label="Nom de la clé" hint="Facultatif. Par exemple « Mon Samsung ».">
            {(props) => <input {...props} maxLength={60} autoComplete="off" className={inputClass} />}
          </Field>
          <SubmitButton busy={busy} busyLabel="Création de la clé…">
            Ajouter une clé d'accès
          </SubmitButton>
        </Form>
      )}
    </>
  );
}
