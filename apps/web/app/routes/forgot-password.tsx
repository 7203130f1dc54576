import { whatsappLink } from "@shop/shared/core";
import { Form, Link } from "react-router";
import { Field } from "../components/ui/field";
import { FormAlert } from "../components/ui/form-alert";
import { SubmitButton } from "../components/ui/submit-button";
import { EmailInput } from "../features/auth/field";
import { askResetLink } from "../features/auth/password-reset.server";
import { useSending } from "../features/auth/use-sending";
import { pageMeta } from "../features/content/meta";
import { SUPPORT_HOURS_SENTENCE } from "../features/content/shop-hours";
import { useShop } from "../features/layout/use-shop";
import { displayPhone, telHref } from "../lib/format-phone";
import type { Route } from "./+types/forgot-password";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Mot de passe oublié",
    "Vous avez oublié votre mot de passe ? Recevez un lien pour en choisir un nouveau, ou contactez la boutique par WhatsApp.",
  );
}

/** Asks the API for a one-time link by e-mail, before (or without) scripts too (decision 032). */
export const action = ({ request }: Route.ActionArgs) => askResetLink(request);

/**
 * A forgotten password: a link by e-mail when the shop sends e-mail, and always the shop's
 * WhatsApp and phone, where the shop sends the link itself after checking who is asking.
 */
export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const shop = useShop();
  const sending = useSending("/forgot-password");
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const whatsapp = whatsappLink(
    shop.whatsapp,
    `Bonjour, j'ai oublié le mot de passe de mon compte ${shop.name}. L'e-mail de mon compte est : `,
  );
  return (
    <main className="mx-auto max-w-md px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Mot de passe oublié</h1>
      {shop.passwordResetByEmail && (
        <>
          <p className="mt-3 leading-relaxed text-slate-700">
            Indiquez l'e-mail de votre compte : nous y envoyons un lien pour choisir un nouveau mot de passe.
          </p>
          <Form method="post" replace className="mt-4 space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
            {actionData?.ok && (
              <p role="status" className="rounded-md bg-green-50 p-3 font-medium text-green-800 ring-1 ring-green-200">
                {actionData.message}
              </p>
            )}
            {failed && !failed.fieldErrors.email && (
              <FormAlert>
                <p className="font-medium">{failed.message}</p>
              </FormAlert>
            )}
            <Field id="forgot-email" name="email" label="E-mail" error={failed?.fieldErrors.email}>
              {(props) => <EmailInput {...props} defaultValue={failed?.email} />}
            </Field>
            <SubmitButton busy={sending} busyLabel="Envoi…">
              Recevoir le lien
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="mt-6 leading-relaxed text-slate-700">
        {shop.passwordResetByEmail ? "Vous pouvez aussi nous contacter" : "Contactez-nous"} en indiquant l'e-mail de
        votre compte : après avoir vérifié qu'il s'agit bien de vous, nous vous envoyons un lien par WhatsApp pour
        choisir un nouveau mot de passe.
      </p>
      <div className="mt-4 flex flex-col gap-3">
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-full bg-green-700 px-5 py-3 text-center font-semibold text-white hover:bg-green-800"
        >
          Écrire sur WhatsApp
        </a>
        <a
          href={telHref(shop.phone)}
          className="rounded-full border-2 border-brand px-5 py-3 text-center font-semibold text-brand hover:bg-brand/5"
        >
          Appeler le {displayPhone(shop.phone)}
        </a>
      </div>
      <p className="mt-3 text-sm text-slate-600">Nous répondons {SUPPORT_HOURS_SENTENCE}.</p>
      <p className="mt-8">
        <Link to="/login" className="font-semibold text-brand underline">
          Retour à la connexion
        </Link>
      </p>
    </main>
  );
}
