import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { Field } from "../../components/ui/field";
import { FormAlert } from "../../components/ui/form-alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { firstInvalid } from "../../lib/form-values";
import { EmailInput, PasswordInput } from "./field";
import { loginHref } from "./login-href";
import type { PendingAdd } from "./pending-add";
import { withRedirect } from "./redirect-target";
import { SIGN_IN_FIELDS, type SignInFailure } from "./sign-in";
import { useSending } from "./use-sending";

/**
 * The sign-in form. It posts to the page's actions: in the browser once scripts run, on the
 * server before (or without) them, so a visitor on a slow connection can sign in at once.
 */
export function LoginForm({
  result,
  redirectTo,
  add,
}: {
  result?: SignInFailure;
  redirectTo: string;
  /** 'Ajouter au panier' tapped before signing in: added once signed in. */
  add?: PendingAdd;
}) {
  // The address keeps the product to add, so that a refused try still adds it at the next.
  const action = add ? loginHref(redirectTo, add) : withRedirect("/login", redirectTo);
  const sending = useSending("/login");
  const banner = useRef<HTMLDivElement>(null);
  const errors = result?.fieldErrors ?? {};
  const invalid = firstInvalid(SIGN_IN_FIELDS, errors);

  // A refused field takes the focus; a refusal of the whole form is brought into view.
  useEffect(() => {
    if (!result) return;
    if (invalid) document.getElementById(`login-${invalid}`)?.focus();
    else banner.current?.scrollIntoView({ block: "center" });
  }, [result, invalid]);

  return (
    <Form method="post" action={action} replace className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      {result && !invalid && (
        <FormAlert ref={banner}>
          <p className="font-medium">{result.message}</p>
        </FormAlert>
      )}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {add && <input type="hidden" name="add" value={add.productId} />}
      {add?.variantId && <input type="hidden" name="variant" value={add.variantId} />}
      <Field id="login-email" name="email" label="E-mail" error={errors.email}>
        {(props) => <EmailInput {...props} defaultValue={result?.email} />}
      </Field>
      <Field id="login-password" name="password" label="Mot de passe" error={errors.password}>
        {(props) => <PasswordInput {...props} autoComplete="current-password" />}
      </Field>
      <p className="text-right text-sm">
        <Link to="/forgot-password" className="font-medium text-brand underline">
          Mot de passe oublié ?
        </Link>
      </p>
      <SubmitButton busy={sending} busyLabel="Connexion..." block>
        Connexion
      </SubmitButton>
      <p className="text-center text-sm text-slate-700">
        Pas encore de compte ?{" "}
        <Link to={withRedirect("/sign-up", redirectTo)} className="font-semibold text-brand underline">
          Créer un compte
        </Link>
      </p>
    </Form>
  );
}
