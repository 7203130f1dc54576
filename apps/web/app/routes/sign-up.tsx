import { useSearchParams } from "react-router";
import { redirectTarget } from "../features/auth/redirect-target";
import { signUpInBrowser } from "../features/auth/sign-up";
import { signUpOnServer } from "../features/auth/sign-up.server";
import { SignUpForm } from "../features/auth/sign-up-form";
import { redirectIfSignedIn } from "../features/auth/signed-in.server";
import { pageMeta } from "../features/content/meta";
import type { Route } from "./+types/sign-up";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Créer un compte",
      "Créez votre compte pour garder un panier et commander en quelques gestes.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

export const loader = ({ request }: Route.LoaderArgs) => redirectIfSignedIn(request);

/** Without scripts: the whole form, picture file included, is checked and sent by the server. */
export const action = ({ request }: Route.ActionArgs) => signUpOnServer(request);

/** With them: the picture is already a small JPEG, and a mismatch is caught before any request. */
export const clientAction = ({ request }: Route.ClientActionArgs) => signUpInBrowser(request);

export default function SignUp({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <main className="mx-auto max-w-md px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Créer un compte</h1>
      <p className="mt-1 mb-5 text-slate-700">Tous les champs sont obligatoires, sauf la photo.</p>
      <SignUpForm result={actionData} redirectTo={redirectTarget(params.get("redirectTo"))} />
    </main>
  );
}
