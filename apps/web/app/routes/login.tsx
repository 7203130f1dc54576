import { useSearchParams } from "react-router";
import { LoginForm } from "../features/auth/login-form";
import { PasskeySignIn } from "../features/auth/passkey-sign-in";
import { pendingAdd } from "../features/auth/pending-add";
import { redirectTarget } from "../features/auth/redirect-target";
import { isSecondStep } from "../features/auth/second-factor";
import { SecondFactorForm } from "../features/auth/second-factor-form";
import { signInOnServer } from "../features/auth/sign-in.server";
import { signInInBrowser } from "../features/auth/sign-in-browser";
import { redirectIfSignedIn } from "../features/auth/signed-in.server";
import { pageMeta } from "../features/content/meta";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, "Connexion", "Connectez-vous pour retrouver votre panier et commander en quelques gestes."),
    { name: "robots", content: "noindex" },
  ];
}

export const loader = ({ request }: Route.LoaderArgs) => redirectIfSignedIn(request);

/** Before the scripts run (or without them): signs in on the server, which sets the cookie. */
export const action = ({ request }: Route.ActionArgs) => signInOnServer(request);

/** Once they run: signs in from the browser, which keeps the token and shows the toasts. */
export const clientAction = ({ request }: Route.ClientActionArgs) => signInInBrowser(request);

/** The password (or a passkey); then, for an account with a second factor, its second step. */
export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = redirectTarget(params.get("redirectTo"));
  const add = pendingAdd(params);
  return (
    <main className="mx-auto max-w-md px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Connexion</h1>
      {isSecondStep(actionData) ? (
        <div className="mt-5">
          <SecondFactorForm step={actionData} redirectTo={redirectTo} add={add} />
        </div>
      ) : (
        <>
          <p className="mt-1 mb-5 text-slate-700">Connectez-vous pour retrouver votre panier.</p>
          <LoginForm result={actionData} redirectTo={redirectTo} add={add} />
          <PasskeySignIn redirectTo={redirectTo} add={add} />
        </>
      )}
    </main>
  );
}
