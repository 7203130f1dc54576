import { type MouseEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Form, Link } from "react-router";
import { Field, inputClass } from "../../components/ui/field";
import { FormAlert } from "../../components/ui/form-alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { useHydrated } from "../../lib/use-hydrated";
import { loginHref } from "./login-href";
import { supportsPasskeys } from "./passkey";
import { PasskeyButton } from "./passkey-button";
import type { PendingAdd } from "./pending-add";
import { withRedirect } from "./redirect-target";
import type { SecondStep } from "./second-factor";
import { useSending } from "./use-sending";

const CODE_ID = "second-factor-code";

/** What the code's field takes, in the words of what the account has. */
function codeHint(totp: boolean, letters: boolean): string {
  if (!totp) return "Un de vos codes de récupération (12 caractères, par exemple 7KQ2-M9XP-4TZA).";
  if (letters) return "Un de vos codes de récupération, ou les 6 chiffres de votre application.";
  return "Les 6 chiffres de votre application d'authentification, ou un code de récupération.";
}

/**
 * The sign-in's second step (decision 040), shown in place of the password form once the
 * password was right: the code of the authenticator app or a recovery code in one field, and
 * the account's passkey once the scripts run in a browser that has them. The ticket, the
 * methods and the e-mail travel in hidden fields, so the step works without scripts.
 */
export function SecondFactorForm({
  step,
  redirectTo,
  add,
}: {
  step: SecondStep;
  redirectTo: string;
  add?: PendingAdd;
}) {
  const action = add ? loginHref(redirectTo, add) : withRedirect("/login", redirectTo);
  const verifying = useSending("/login");
  const hydrated = useHydrated();
  const totp = step.methods.includes("totp");
  const recovery = step.methods.includes("recovery");
  const passkey = step.methods.includes("passkey");
  const typed = totp || recovery;
  // A phone's numeric keypad has no letters: a recovery code asks for the other keyboard.
  const [letters, setLetters] = useState(step.letters || !totp);
  const banner = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each answer of the step (its first showing, a refused try) puts the focus where to act.
  useEffect(() => {
    if (step.message) banner.current?.scrollIntoView({ block: "center" });
    const field = document.getElementById(CODE_ID);
    if (field) field.focus();
    else heading.current?.focus();
  }, [step]);

  const switchToLetters = (event: MouseEvent<HTMLButtonElement>) => {
    // With scripts, the keyboard changes at once; without, the form asks the page (intent=letters).
    event.preventDefault();
    // Drawn with its new keyboard before the focus opens it: a phone keeps the keyboard it opened with.
    flushSync(() => setLetters(true));
    document.getElementById(CODE_ID)?.focus();
  };

  return (
    <Form
      method="post"
      action={action}
      replace
      aria-labelledby="second-factor-title"
      className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <div>
        <h2 id="second-factor-title" ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
          Vérification en deux étapes
        </h2>
        <p className="mt-1 text-slate-700">Mot de passe correct. Confirmez maintenant qu'il s'agit bien de vous.</p>
      </div>
      {step.message && (
        <FormAlert ref={banner}>
          <p className="font-medium">{step.message}</p>
        </FormAlert>
      )}
      <input type="hidden" name="ticket" value={step.ticket} />
      <input type="hidden" name="methods" value={step.methods.join(",")} />
      <input type="hidden" name="email" value={step.email} />
      {letters && totp && <input type="hidden" name="keyboard" value="letters" />}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {add && <input type="hidden" name="add" value={add.productId} />}
      {add?.variantId && <input type="hidden" name="variant" value={add.variantId} />}
      {typed && (
        <>
          <Field
            id={CODE_ID}
            name="code"
            label="Code de vérification"
            hint={codeHint(totp, letters)}
            error={step.fieldErrors.code}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                inputMode={letters ? "text" : "numeric"}
                autoComplete="one-time-code"
                autoCapitalize={letters ? "characters" : "none"}
                autoCorrect="off"
                spellCheck={false}
                required
                maxLength={32}
                className={`${inputClass} tracking-widest`}
              />
            )}
          </Field>
          <SubmitButton busy={verifying} busyLabel="Vérification..." block>
            Vérifier
          </SubmitButton>
          {recovery && !letters && (
            <button
              type="submit"
              name="intent"
              value="letters"
              formNoValidate
              onClick={switchToLetters}
              className="min-h-11 w-full text-center text-sm font-medium text-brand underline"
            >
              Saisir un code de récupération
            </button>
          )}
        </>
      )}
      {/* Its room is kept until the scripts say whether the browser has passkeys: nothing moves. */}
      {passkey && (
        <div className="min-h-12">
          {hydrated && supportsPasskeys() && <PasskeyButton label="Utiliser ma clé d'accès" />}
        </div>
      )}
      {/* Only a passkey is left to this account (no app, no recovery code): said rather than a dead end. */}
      {!typed && hydrated && !supportsPasskeys() && (
        <p className="text-sm text-slate-700">
          Ce compte se confirme avec sa clé d'accès, que ce navigateur ne sait pas utiliser.
        </p>
      )}
      {!typed && (
        <noscript>
          <p className="text-sm text-slate-700">Ce compte se confirme avec sa clé d'accès, qui demande JavaScript.</p>
        </noscript>
      )}
      <p className="text-center text-sm">
        <Link to={action} className="inline-block min-h-11 py-2.5 font-medium text-brand underline">
          Changer de compte
        </Link>
      </p>
    </Form>
  );
}
