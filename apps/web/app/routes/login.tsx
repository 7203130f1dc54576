import { useSearchParams } from "react-router";
import { LoginForm } from "../features/auth/login-form";
import { pendingAdd } from "../features/auth/pending-add";
import { redirectTarget } from "../features/auth/redirect-target";
import { signInInBrowser } from "../features/auth/sign-in";
import { signInOnServer } from "../features/auth/sign-in.server";
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

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <main className="mx-auto max-w-md px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Connexion</h1>
      <p className="mt-1 mb-5 text-slate-700">Connectez-vous pour retrouver votre panier.</p>
      <LoginForm result={actionData} redirectTo={redirectTarget(params.get("redirectTo"))} add={pendingAdd(params)} />
    </main>
  );
}
