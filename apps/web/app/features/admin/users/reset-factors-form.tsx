import { Form } from "react-router";

/** The reset's form, told apart from the devices' forms of the same page. */
export const RESET_FACTORS_INTENT = "reset-second-factors";

/**
 * 'Réinitialiser les seconds facteurs', asked twice (a <details>, no script needed), with what
 * it does to the account: no more factor nor recovery code, signed out everywhere, back in with
 * the password alone.
 */
export function ResetFactorsForm({ name, busy }: { name: string | null; busy: boolean }) {
  return (
    <details className="mt-4 rounded-lg bg-white ring-1 ring-slate-300">
      <summary className="flex min-h-11 cursor-pointer list-none items-center px-4 py-2 text-sm font-semibold text-red-800 [&::-webkit-details-marker]:hidden">
        Réinitialiser les seconds facteurs…
      </summary>
      <Form method="post" preventScrollReset className="space-y-3 border-t border-slate-200 px-4 py-3">
        <input type="hidden" name="intent" value={RESET_FACTORS_INTENT} />
        <p className="text-sm text-slate-800">
          Les clés d'accès, l'application d'authentification et les codes de récupération de {name ?? "ce compte"}{" "}
          seront supprimés. Le compte sera déconnecté de tous ses appareils et se connectera avec son mot de passe seul,
          puis ajoutera un nouveau second facteur si l'administration l'exige.
        </p>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 w-full rounded-full bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 sm:w-auto"
        >
          Oui, réinitialiser
        </button>
      </Form>
    </details>
  );
}
