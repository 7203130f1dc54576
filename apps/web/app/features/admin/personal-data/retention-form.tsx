import type { RetentionState } from "@shop/shared";
import { Form } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { ResultNotice } from "../../../components/ui/result-notice";
import { SubmitButton } from "../../../components/ui/submit-button";
import { useHydrated } from "../../../lib/use-hydrated";
import { formatShortDateTime } from "../orders/order-format";
import type { RetentionResult } from "./personal-data-action.server";
import { removedCounts } from "./personal-data-format";
import type { RetentionField } from "./personal-data-view.server";

/**
 * How long the shop keeps each kind of personal data: one number per duration, within the
 * contract's bounds (the browser checks them without JavaScript; with it, the shop's French
 * words come back under each field). Below, what the daily clean-up last removed.
 */
export function RetentionForm({
  fields,
  lastRun,
  busy,
  result,
}: {
  fields: RetentionField[];
  lastRun: RetentionState["lastRun"];
  busy: boolean;
  result?: RetentionResult;
}) {
  const hydrated = useHydrated();
  return (
    <>
      <Form
        method="post"
        preventScrollReset
        noValidate={hydrated}
        aria-label="Durées de conservation"
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="retention" />
        {fields.map((field) => (
          <Field
            key={field.name}
            id={`retention-${field.name}`}
            name={field.name}
            label={field.label}
            hint={`Entre ${field.min} et ${field.max}.`}
            error={result?.errors?.[field.name]}
          >
            {(props) => (
              <input
                {...props}
                className={inputClass}
                type="number"
                inputMode="numeric"
                required
                min={field.min}
                max={field.max}
                step={1}
                defaultValue={result?.values?.[field.name] ?? String(field.value)}
              />
            )}
          </Field>
        ))}
        <SubmitButton busy={busy} busyLabel="Enregistrement…">
          Enregistrer
        </SubmitButton>
      </Form>
      <ResultNotice result={result} />
      <LastRun lastRun={lastRun} />
    </>
  );
}

function LastRun({ lastRun }: { lastRun: RetentionState["lastRun"] }) {
  if (!lastRun) {
    return <p className="mt-4 text-sm text-slate-700">Le nettoyage quotidien n'a pas encore eu lieu.</p>;
  }
  const removed = removedCounts(lastRun.removed).filter((r) => r.count > 0);
  return (
    <div className="mt-4 text-sm">
      <p className="font-medium">
        Dernier nettoyage le <time dateTime={lastRun.at}>{formatShortDateTime(lastRun.at)}</time>
        {removed.length > 0 && " ; supprimé :"}
      </p>
      {removed.length === 0 ? (
        <p className="text-slate-700">Rien n'était à supprimer.</p>
      ) : (
        <ul className="mt-1 list-disc pl-5 text-slate-800">
          {removed.map((r) => (
            <li key={r.name}>
              {r.label} : {r.count}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
