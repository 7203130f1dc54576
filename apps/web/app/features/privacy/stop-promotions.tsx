import { FIELD_MSG } from "@shop/shared/core";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SubmitButton } from "../../components/ui/submit-button";

/** The link as opened: a token shaped as the shop's (checked by the API only when tapped), or none. */
export type StopLink = { valid: true; token: string } | { valid: false; token: "" };

/** What the tap answered; `retry`: the button is offered again (a limit, a failure of the shop). */
export interface StopResult {
  ok: boolean;
  message: string;
  retry: boolean;
}

const linkClass = "font-semibold text-brand underline";

/**
 * The page a message's one-tap link opens (decision 043): it says what the button does and
 * changes nothing until it is tapped. A plain form, the token hidden in it, so that it works
 * without scripts; with them, the answer takes the focus where the button was.
 */
export function StopPromotions({ link, result }: { link: StopLink; result: StopResult | undefined }) {
  const sending = useNavigation().state === "submitting";
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) answer.current?.focus();
  }, [result]);
  const refusal = !link.valid ? FIELD_MSG.stopLinkInvalid : result && !result.ok ? result.message : null;
  const offer = link.valid && !result?.ok && (!result || result.retry);
  return (
    <main className="mx-auto max-w-xl px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Ne plus recevoir nos promotions</h1>
      <p className="mt-2 text-slate-700">
        Ce lien vient d'un de nos messages. Un appui sur le bouton suffit : vous ne recevrez plus nos promotions ni nos
        rappels (comme « Prévenez-moi » quand un article revient) au numéro ou à l'adresse e-mail qui a reçu ce message.
      </p>
      <p className="mt-2 text-slate-700">
        Les messages sur vos commandes (confirmation, livraison, paiement) continuent dans tous les cas.
      </p>
      <div ref={answer} tabIndex={-1} className="mt-4 outline-none">
        <div role="status">
          {result?.ok && (
            <p className="rounded-md bg-green-50 p-3 font-medium text-green-900 ring-1 ring-green-200">
              {result.message}
            </p>
          )}
        </div>
        {refusal && (
          <div role="alert" className="rounded-md bg-red-50 p-3 text-red-800 ring-1 ring-red-200">
            <p className="font-medium">{refusal}</p>
          </div>
        )}
      </div>
      {offer && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="token" value={link.token} />
          <SubmitButton busy={sending} busyLabel="Un instant…">
            Ne plus recevoir de promotions
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-slate-700">
        Vous avez un compte ? Vous pouvez aussi faire ce choix, et le changer, dans{" "}
        <Link to="/my-data" className={linkClass}>
          Mes données
        </Link>
        .
      </p>
    </main>
  );
}
