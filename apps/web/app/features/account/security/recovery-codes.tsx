import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { ResultNotice } from "../../../components/ui/result-notice";
import { useHydrated } from "../../../lib/use-hydrated";
import { codesLeftText, SECURITY_INTENTS, type SecurityResult } from "./security-form";

/** The file 'Télécharger' saves: a line of explanation, then one code a line. */
export function recoveryCodesFile(codes: readonly string[]) {
  const text = `Codes de récupération (chacun ne sert qu'une fois) :\n\n${codes.join("\n")}\n`;
  return `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
}

/**
 * The ten recovery codes, shown this once (the shop keeps only their fingerprints): a plain
 * list in a monospace font, the warning to keep them, 'Télécharger' as a link (no script
 * needed) and, once the scripts run where the browser allows it, 'Copier'. Its heading takes
 * the focus when it appears, so the codes are not missed below the fold.
 */
export function RecoveryCodesPanel({ codes, message }: { codes: readonly string[]; message: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const canCopy = hydrated && typeof navigator !== "undefined" && Boolean(navigator.clipboard);
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied("Codes copiés.");
    } catch {
      setCopied("La copie n'a pas fonctionné : notez les codes ou téléchargez-les.");
    }
  }
  return (
    <section aria-labelledby="recovery-codes-title" className="mt-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
      <h2 id="recovery-codes-title" ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
        Vos codes de récupération
      </h2>
      <p className="mt-1 text-sm font-medium text-slate-800">{message}</p>
      <p className="mt-2 text-sm text-slate-900">
        <strong>Gardez-les maintenant, en lieu sûr : ils ne seront plus affichés.</strong> Chacun permet une seule
        connexion si vous n'avez plus votre téléphone ou votre clé.
      </p>
      <ol
        className="mt-3 grid grid-cols-1 gap-1 rounded-md bg-white p-3 font-mono text-base ring-1 ring-amber-200 min-[22rem]:grid-cols-2"
        translate="no"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        {canCopy && (
          <button
            type="button"
            onClick={copy}
            className="min-h-11 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50"
          >
            Copier <span className="sr-only">les codes</span>
          </button>
        )}
        <a
          href={recoveryCodesFile(codes)}
          download="codes-de-recuperation.txt"
          className="inline-flex min-h-11 items-center rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50"
        >
          Télécharger <span className="sr-only">les codes (fichier texte)</span>
        </a>
      </div>
      <p role="status" className="mt-2 text-sm text-slate-800">
        {copied}
      </p>
    </section>
  );
}

/**
 * How many recovery codes are left, and 'Générer de nouveaux codes', asked twice since the old
 * ones stop working. Without a factor there is nothing to recover: the page says when they come.
 */
export function RecoveryCodesSection({
  left,
  hasFactor,
  busy,
  result,
}: {
  left: number;
  hasFactor: boolean;
  busy: boolean;
  result: SecurityResult | undefined;
}) {
  return (
    <>
      <p className="mt-2 font-semibold">{codesLeftText(left)}</p>
      <p className="mt-1 text-slate-700">
        Un code de récupération remplace votre second facteur une fois, si vous perdez votre téléphone ou votre clé.
      </p>
      <ResultNotice result={result?.intent === SECURITY_INTENTS.renewCodes && !result.ok ? result : undefined} />
      {hasFactor ? (
        <details className="mt-3">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-full px-4 text-sm font-semibold text-brand ring-1 ring-brand/60 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            Générer de nouveaux codes
          </summary>
          <Form method="post" preventScrollReset className="mt-2 space-y-2">
            <input type="hidden" name="intent" value={SECURITY_INTENTS.renewCodes} />
            <p className="text-sm text-slate-800">
              Dix nouveaux codes remplaceront les anciens, qui ne serviront plus.
            </p>
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 rounded-full bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-900 disabled:opacity-60"
            >
              Oui, générer de nouveaux codes
            </button>
          </Form>
        </details>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          Ils vous seront donnés quand vous ajouterez votre premier second facteur.
        </p>
      )}
    </>
  );
}
