import { Form } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { PasswordInput } from "../../auth/field";
import { MY_DATA_INTENTS, type MyDataResult } from "./my-data-form";

/**
 * 'Supprimer mon compte', confirmed by the password or, under 'Utiliser plutôt un code', by a
 * code of the authenticator app or a recovery code. A whole page load, with scripts too: the
 * account gone, the home page it leads to says so, signed out.
 */
export function DeleteAccountForm({ result }: { result: MyDataResult | undefined }) {
  const errors = result?.intent === MY_DATA_INTENTS.deleteAccount ? result.fieldErrors : {};
  return (
    <Form method="post" reloadDocument className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={MY_DATA_INTENTS.deleteAccount} />
      <Field id="delete-password" name="password" label="Mot de passe" error={errors.password}>
        {(props) => <PasswordInput {...props} autoComplete="current-password" required={false} />}
      </Field>
      {/* Open when a code was refused, so that its error is seen and the field takes the focus. */}
      <details open={Boolean(errors.code)} className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold underline focus-visible:outline-2 focus-visible:outline-red-800">
          Utiliser plutôt un code
        </summary>
        <Field
          id="delete-code"
          name="code"
          label="Code de l'application d'authentification ou code de récupération"
          error={errors.code}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              className={inputClass}
            />
          )}
        </Field>
      </details>
      <button
        type="submit"
        className="min-h-11 w-full rounded-full bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800 sm:w-auto"
      >
        Supprimer mon compte
      </button>
    </Form>
  );
}
