import { Form } from "react-router";
import { Field } from "../../../components/ui/field";
import { SubmitButton } from "../../../components/ui/submit-button";
import { PasswordInput } from "../../auth/field";
import { MY_DATA_INTENTS, type MyDataResult } from "./my-data-form";

/**
 * 'Changer de mot de passe': every session of the account ends and this one gets a new
 * cookie. A whole page load, with scripts too, so that the page it leads to says so (its flash)
 * and carries the new session.
 */
export function PasswordForm({ result }: { result: MyDataResult | undefined }) {
  const errors = result?.intent === MY_DATA_INTENTS.password ? result.fieldErrors : {};
  return (
    <Form method="post" reloadDocument className="mt-3 space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <input type="hidden" name="intent" value={MY_DATA_INTENTS.password} />
      <Field
        id="password-currentPassword"
        name="currentPassword"
        label="Mot de passe actuel"
        error={errors.currentPassword}
      >
        {(props) => <PasswordInput {...props} autoComplete="current-password" />}
      </Field>
      <Field
        id="password-password"
        name="password"
        label="Nouveau mot de passe"
        hint="8 caractères au minimum."
        error={errors.password}
      >
        {(props) => <PasswordInput {...props} autoComplete="new-password" minLength={8} />}
      </Field>
      <Field
        id="password-confirmPassword"
        name="confirmPassword"
        label="Confirmez le nouveau mot de passe"
        error={errors.confirmPassword}
      >
        {(props) => <PasswordInput {...props} autoComplete="new-password" />}
      </Field>
      <p className="text-sm text-slate-700">Vos autres appareils seront déconnectés ; celui-ci reste connecté.</p>
      <SubmitButton busy={false} busyLabel="">
        Changer le mot de passe
      </SubmitButton>
    </Form>
  );
}
