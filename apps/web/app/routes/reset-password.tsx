import { Form, Link, useSearchParams } from "react-router";
import { Field } from "../components/ui/field";
import { FormAlert } from "../components/ui/form-alert";
import { SubmitButton } from "../components/ui/submit-button";
import { PasswordInput } from "../features/auth/field";
import { chooseNewPassword } from "../features/auth/password-reset.server";
import { useSending } from "../features/auth/use-sending";
import { pageMeta } from "../features/content/meta";
import type { Route } from "./+types/reset-password";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, "Nouveau mot de passe", "Choisissez un nouveau mot de passe pour votre compte."),
    { name: "robots", content: "noindex" },
  ];
}

export const action = ({ request }: Route.ActionArgs) => chooseNewPassword(request);

/** The page a reset link opens (decision 032): the new password, twice. */
export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const sending = useSending("/reset-password");
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const errors = failed?.fieldErrors ?? {};
  if (actionData?.ok) {
    return (
      <main className="mx-auto max-w-md px-4 pt-8 pb-12">
        <h1 className="text-2xl font-extrabold">Nouveau mot de passe</h1>
        <p role="status" className="mt-4 rounded-md bg-green-50 p-3 font-medium text-green-800 ring-1 ring-green-200">
          {actionData.message}
        </p>
        <p className="mt-6">
          <Link to="/login" className="font-semibold text-brand underline">
            Se connecter
          </Link>
        </p>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-md px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Nouveau mot de passe</h1>
      <p className="mt-1 mb-5 text-slate-700">Choisissez le mot de passe de votre compte (8 caractères au moins).</p>
      <Form
        method="post"
        action={`/reset-password?token=${encodeURIComponent(token)}`}
        replace
        className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      >
        {failed && !errors.password && !errors.confirmPassword && (
          <FormAlert>
            <p className="font-medium">{failed.message}</p>
            <p className="mt-1 text-sm">
              <Link to="/forgot-password" className="underline">
                Demander un nouveau lien
              </Link>
            </p>
          </FormAlert>
        )}
        <input type="hidden" name="token" value={token} />
        <Field id="reset-password" name="password" label="Nouveau mot de passe" error={errors.password}>
          {(props) => <PasswordInput {...props} autoComplete="new-password" minLength={8} />}
        </Field>
        <Field
          id="reset-confirm"
          name="confirmPassword"
          label="Confirmez le mot de passe"
          error={errors.confirmPassword}
        >
          {(props) => <PasswordInput {...props} autoComplete="new-password" minLength={8} />}
        </Field>
        <SubmitButton busy={sending} busyLabel="Enregistrement…">
          Enregistrer le mot de passe
        </SubmitButton>
      </Form>
    </main>
  );
}
