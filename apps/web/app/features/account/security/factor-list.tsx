import type { SecondFactor } from "@shop/shared";
import { useId } from "react";
import { Form } from "react-router";
import { inputClass } from "../../../components/ui/field";
import { ResultNotice } from "../../../components/ui/result-notice";
import { formatDateTime } from "../../../lib/format-date";
import { FACTOR_KIND_LABELS, SECURITY_INTENTS, type SecurityResult } from "./security-form";

const smallButton = "min-h-11 rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-60";
const disclosure =
  "inline-flex min-h-11 cursor-pointer list-none items-center rounded-full px-4 text-sm font-semibold ring-1 [&::-webkit-details-marker]:hidden";

/** Why removing this factor matters, said before the button that does it. */
function removalWarning(factor: SecondFactor, last: boolean) {
  const lost =
    factor.kind === "passkey"
      ? "Vous ne pourrez plus vous connecter avec cette clé d'accès."
      : "Les codes de cette application ne seront plus acceptés.";
  return last ? `${lost} C'est votre dernier second facteur : seul votre mot de passe protégera le compte.` : lost;
}

/**
 * One second factor: its name, its kind and dates in the shop's time. On the account's own page,
 * 'Renommer' and 'Supprimer' each open a small form (a <details>, so they work before the
 * scripts run, or without them); removal is asked twice. A SUPERADMIN's look reads it only.
 */
export function FactorCard({
  factor,
  editable,
  last = false,
  busy = false,
  result,
}: {
  factor: SecondFactor;
  editable: boolean;
  /** The account's only factor: its removal says what is left. */
  last?: boolean;
  busy?: boolean;
  /** The last action's answer, when it was about this factor. */
  result?: SecurityResult;
}) {
  const headingId = `factor-${factor._id}`;
  const nameId = useId();
  const renameFailed = result?.intent === SECURITY_INTENTS.rename && !result.ok;
  return (
    <article aria-labelledby={headingId} className="relative rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h3 id={headingId} className="font-bold break-words">
        {factor.name}
      </h3>
      <p className="text-sm font-medium text-slate-800">{FACTOR_KIND_LABELS[factor.kind]}</p>
      <p className="mt-1 text-sm text-slate-700">
        Ajoutée le <time dateTime={factor.createdAt}>{formatDateTime(factor.createdAt)}</time>
      </p>
      <p className="text-sm text-slate-700">
        {factor.lastUsedAt ? (
          <>
            Dernière utilisation le <time dateTime={factor.lastUsedAt}>{formatDateTime(factor.lastUsedAt)}</time>
          </>
        ) : (
          "Jamais utilisée pour se connecter"
        )}
      </p>
      {editable && (
        <>
          <ResultNotice result={result?.id === factor._id ? result : undefined} />
          <div className="mt-3 flex flex-wrap items-start gap-2">
            {/* Keyed by the name: once renamed, it closes, showing the new one. */}
            <details key={factor.name} open={renameFailed || undefined} className="group w-full">
              <summary className={`${disclosure} text-brand ring-brand/60 hover:bg-slate-50`}>
                {/* The name starts with the word shown (WCAG 2.5.3); the rest tells the cards apart. */}
                Renommer <span className="sr-only">{factor.name}</span>
              </summary>
              <Form method="post" preventScrollReset className="mt-2 space-y-2">
                <input type="hidden" name="intent" value={SECURITY_INTENTS.rename} />
                <input type="hidden" name="id" value={factor._id} />
                <div>
                  <label htmlFor={nameId} className="text-sm font-medium">
                    Nouveau nom
                  </label>
                  <input
                    id={nameId}
                    name="name"
                    defaultValue={factor.name}
                    required
                    maxLength={60}
                    autoComplete="off"
                    className={inputClass}
                  />
                </div>
                <button
                  type="submit"
                  disabled={busy}
                  className={`${smallButton} bg-brand text-white hover:bg-brand-dark`}
                >
                  Enregistrer <span className="sr-only">le nom</span>
                </button>
              </Form>
            </details>
            <details className="w-full">
              <summary className={`${disclosure} text-red-800 ring-red-700/50 hover:bg-red-50`}>
                Supprimer <span className="sr-only">{factor.name}</span>
              </summary>
              <Form method="post" preventScrollReset className="mt-2 space-y-2">
                <input type="hidden" name="intent" value={SECURITY_INTENTS.remove} />
                <input type="hidden" name="id" value={factor._id} />
                <p className="text-sm text-slate-800">{removalWarning(factor, last)}</p>
                <button
                  type="submit"
                  disabled={busy}
                  className={`${smallButton} bg-red-700 text-white hover:bg-red-800`}
                >
                  Oui, supprimer <span className="sr-only">{factor.name}</span>
                </button>
              </Form>
            </details>
          </div>
        </>
      )}
    </article>
  );
}

/** The account's factors, one card each, or a sentence when there is none yet. */
export function FactorList({
  factors,
  editable,
  busy = false,
  result,
}: {
  factors: readonly SecondFactor[];
  editable: boolean;
  busy?: boolean;
  result?: SecurityResult;
}) {
  // A factor removed has no card left to say so beside: the list says it.
  const gone = result?.id !== undefined && !factors.some((f) => f._id === result.id) ? result : undefined;
  return (
    <>
      {editable && <ResultNotice result={gone} />}
      {factors.length === 0 ? (
        <p className="mt-3 rounded-lg bg-white p-4 text-slate-800 ring-1 ring-slate-200">
          Aucun second facteur : seul le mot de passe protège ce compte.
        </p>
      ) : (
        <FactorItems factors={factors} editable={editable} busy={busy} result={result} />
      )}
    </>
  );
}

function FactorItems({
  factors,
  editable,
  busy,
  result,
}: {
  factors: readonly SecondFactor[];
  editable: boolean;
  busy: boolean;
  result?: SecurityResult;
}) {
  return (
    <ul className="mt-3 space-y-3">
      {factors.map((factor) => (
        <li key={factor._id}>
          <FactorCard factor={factor} editable={editable} last={factors.length === 1} busy={busy} result={result} />
        </li>
      ))}
    </ul>
  );
}
