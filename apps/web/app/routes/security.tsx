import { MSG } from "@shop/shared/core";
import { Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ResultNotice } from "../components/ui/result-notice";
import { addPasskey } from "../features/account/security/add-passkey.client";
import { FactorList } from "../features/account/security/factor-list";
import { PasskeyAdd } from "../features/account/security/passkey-add";
import { RecoveryCodesPanel, RecoveryCodesSection } from "../features/account/security/recovery-codes";
import { securityAction } from "../features/account/security/security-action.server";
import { securityApi } from "../features/account/security/security-api";
import { SECURITY_INTENTS, type SecurityResult } from "../features/account/security/security-form";
import { securityLogin, sessionOver } from "../features/account/security/security-login";
import { TotpSetupSection } from "../features/account/security/totp-setup";
import { pageMeta } from "../features/content/meta";
import { textOf } from "../lib/form-values";
import type { Route } from "./+types/security";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Sécurité du compte",
      "Clés d'accès, application d'authentification et codes de récupération.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

/** A visitor without a session is sent to sign in before any page is drawn, as 'Mes appareils' does. */
export async function loader({ request }: Route.LoaderArgs) {
  if (!/(?:^|;\s*)token=/.test(request.headers.get("cookie") ?? "")) throw redirect(securityLogin(request));
  try {
    return { overview: await securityApi(request).overview() };
  } catch (error) {
    if (sessionOver(error)) throw redirect(securityLogin(request));
    throw error;
  }
}

export const action = ({ request }: Route.ActionArgs) => securityAction(request);

/** A passkey is the browser's to make; every other form goes on to the server's action. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  if (textOf(form, "intent") === SECURITY_INTENTS.addPasskey) return addPasskey(request, form);
  return serverAction();
}

/** Answers that bring codes or a new factor are said at the top, where the focus goes. */
const TOP_INTENTS: readonly string[] = [
  SECURITY_INTENTS.addPasskey,
  SECURITY_INTENTS.totpConfirm,
  SECURITY_INTENTS.renewCodes,
];

/**
 * 'Sécurité du compte' (decision 040): the account's second factors (passkeys, an authenticator
 * app), each to rename or remove, the ways to add one, and the recovery codes. The back-office
 * sends its staff here (`?required=1`) while the shop requires a second factor they have not set.
 */
export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { factors, recoveryCodesLeft, required } = loaderData.overview;
  const result = actionData as SecurityResult | undefined;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const asked = required || params.get("required") === "1";
  const top = result?.ok && TOP_INTENTS.includes(result.intent) ? result : undefined;
  return (
    <main className="mx-auto max-w-xl px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Sécurité du compte</h1>
      <p className="mt-2 text-slate-700">
        Un second facteur protège votre compte même si votre mot de passe est découvert : à la connexion, il est demandé
        après le mot de passe.
      </p>
      {asked && factors.length === 0 && (
        <p className="mt-4 rounded-md bg-amber-50 p-3 font-medium text-amber-950 ring-1 ring-amber-300">
          {MSG.secondFactorSetupRequired}
        </p>
      )}
      {top?.recoveryCodes ? (
        <RecoveryCodesPanel codes={top.recoveryCodes} message={top.message} />
      ) : (
        <ResultNotice result={top} />
      )}
      {asked && factors.length > 0 && (
        <p className="mt-4 rounded-md bg-green-50 p-3 text-green-950 ring-1 ring-green-200">
          Votre compte a un second facteur.{" "}
          <Link to="/admin-panel" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
            Continuer vers l'administration
          </Link>
        </p>
      )}

      <section aria-labelledby="factors-title" className="mt-8">
        <h2 id="factors-title" className="text-xl font-bold">
          Vos seconds facteurs
        </h2>
        <FactorList factors={factors} editable busy={busy} result={result} />
      </section>

      <section aria-labelledby="passkey-title" className="mt-8">
        <h2 id="passkey-title" className="text-xl font-bold">
          Clé d'accès
        </h2>
        {/* Emptied once a passkey is added: the next one starts with no name. */}
        <PasskeyAdd key={factors.length} busy={busy} result={result} />
      </section>

      <section aria-labelledby="totp-title" className="mt-8">
        <h2 id="totp-title" className="text-xl font-bold">
          Application d'authentification
        </h2>
        <TotpSetupSection hasTotp={factors.some((f) => f.kind === "totp")} busy={busy} result={result} />
      </section>

      <section aria-labelledby="recovery-title" className="mt-8">
        <h2 id="recovery-title" className="text-xl font-bold">
          Codes de récupération
        </h2>
        <RecoveryCodesSection left={recoveryCodesLeft} hasFactor={factors.length > 0} busy={busy} result={result} />
      </section>

      <p className="mt-8 text-slate-700">
        Voir aussi{" "}
        <Link to="/devices" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
          Mes appareils
        </Link>{" "}
        : où votre compte est connecté.
      </p>
    </main>
  );
}
