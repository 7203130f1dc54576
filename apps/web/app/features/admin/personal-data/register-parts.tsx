import type { PrivacyRegister, ProcessingActivity } from "@shop/shared";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { ResultNotice } from "../../../components/ui/result-notice";
import { SubmitButton } from "../../../components/ui/submit-button";
import { useHydrated } from "../../../lib/use-hydrated";
import { formatDay } from "./personal-data-format";
import type { RetentionField } from "./personal-data-view.server";
import type { ActivityResult } from "./register-action.server";
import { ACTIVITY_FIELDS, ACTIVITY_LABELS, ACTIVITY_MAX } from "./register-fields";

const cell = "border border-slate-300 px-2 py-1.5 text-left align-top";

/** Who answers for the data: the shop, from its settings. */
export function ControllerBlock({ controller }: { controller: PrivacyRegister["controller"] }) {
  return (
    <section
      aria-labelledby="register-controller"
      className="rounded-lg bg-white p-4 ring-1 ring-slate-200 print:p-0 print:ring-0"
    >
      <h2 id="register-controller" className="text-lg font-bold">
        Responsable du traitement
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-700">Nom</dt>
        <dd className="min-w-0 break-words font-semibold">{controller.name}</dd>
        <dt className="text-slate-700">Adresse</dt>
        <dd className="min-w-0 break-words">{controller.address}</dd>
        <dt className="text-slate-700">Téléphone</dt>
        <dd className="min-w-0 break-words">{controller.phone}</dd>
        <dt className="text-slate-700">E-mail</dt>
        <dd className="min-w-0 break-words">{controller.email}</dd>
      </dl>
    </section>
  );
}

/**
 * One processing of the register, as the authority reads it (a table of its six answers),
 * then its form under 'Modifier' (a <details>, no script; left out of the printed page). A
 * refusal of the server opens it again, the texts as typed, each error under its field.
 */
export function ActivitySection({
  activity,
  busy,
  result,
}: {
  activity: ProcessingActivity;
  busy: boolean;
  /** The page's last save, whichever processing it was about. */
  result?: ActivityResult;
}) {
  const headingId = `activity-${activity._id}`;
  const mine = result?.id === activity._id ? result : undefined;
  const failed = mine && !mine.ok ? mine : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg bg-white p-4 ring-1 ring-slate-200 print:break-inside-avoid print:p-0 print:ring-0"
    >
      <h2 id={headingId} className="text-lg font-bold break-words">
        {activity.position}. {activity.purpose}
      </h2>
      <table className="mt-2 w-full table-fixed border-collapse text-sm">
        <tbody>
          {ACTIVITY_FIELDS.map((field) => (
            <tr key={field}>
              <th scope="row" className={`${cell} w-1/3 bg-slate-50 font-semibold`}>
                {ACTIVITY_LABELS[field]}
              </th>
              <td className={`${cell} whitespace-pre-line break-words`}>{activity[field]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-600">Mise à jour le {formatDay(activity.updatedAt)}</p>
      <ResultNotice result={mine} />
      <details open={failed ? true : undefined} className="mt-3 rounded-lg ring-1 ring-slate-300 print:hidden">
        <summary className="min-h-11 cursor-pointer px-4 py-2.5 font-semibold text-brand">
          Modifier<span className="sr-only"> : {activity.purpose}</span>
        </summary>
        <ActivityForm activity={activity} busy={busy} failed={failed} />
      </details>
    </section>
  );
}

function ActivityForm({
  activity,
  busy,
  failed,
}: {
  activity: ProcessingActivity;
  busy: boolean;
  failed?: ActivityResult;
}) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  // A refused save: the first field in error takes the focus, where its message is read.
  useEffect(() => {
    if (failed?.errors) form.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [failed]);
  return (
    <Form
      ref={form}
      method="post"
      preventScrollReset
      noValidate={hydrated}
      aria-label={`Modifier : ${activity.purpose}`}
      className="space-y-3 border-t border-slate-200 px-4 py-3"
    >
      <input type="hidden" name="id" value={activity._id} />
      {ACTIVITY_FIELDS.map((field) => (
        <Field
          key={field}
          id={`activity-${activity._id}-${field}`}
          name={field}
          label={ACTIVITY_LABELS[field]}
          error={failed?.errors?.[field]}
        >
          {(props) => (
            <textarea
              {...props}
              className={inputClass}
              required
              maxLength={ACTIVITY_MAX[field]}
              rows={field === "purpose" ? 2 : 3}
              defaultValue={failed?.values?.[field] ?? activity[field]}
            />
          )}
        </Field>
      ))}
      <SubmitButton busy={busy} busyLabel="Enregistrement…">
        Enregistrer
      </SubmitButton>
    </Form>
  );
}

/** The outside services that receive some of the data, and what for. */
export function RecipientsSection({ recipients }: { recipients: PrivacyRegister["recipients"] }) {
  return (
    <section
      aria-labelledby="register-recipients"
      className="rounded-lg bg-white p-4 ring-1 ring-slate-200 print:p-0 print:ring-0"
    >
      <h2 id="register-recipients" className="text-lg font-bold">
        Destinataires extérieurs
      </h2>
      {recipients.length === 0 ? (
        <p className="mt-2 text-slate-700">Aucun service extérieur ne reçoit de données.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {recipients.map((r) => (
            <li key={r.name} className="break-words">
              <p className="font-semibold">{r.name}</p>
              <p className="text-sm">
                <span className="text-slate-700">Pour : </span>
                {r.purpose}
              </p>
              <p className="text-sm">
                <span className="text-slate-700">Données : </span>
                {r.data}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The durations in force, as the retention settings set them. */
export function RetentionSection({ fields }: { fields: RetentionField[] }) {
  return (
    <section
      aria-labelledby="register-retention"
      className="rounded-lg bg-white p-4 ring-1 ring-slate-200 print:p-0 print:ring-0"
    >
      <h2 id="register-retention" className="text-lg font-bold">
        Durées de conservation en vigueur
      </h2>
      <dl className="mt-2 space-y-1 text-sm">
        {fields.map((f) => (
          <div key={f.name} className="flex flex-wrap justify-between gap-x-3">
            <dt className="min-w-0 text-slate-700">{f.label}</dt>
            <dd className="font-semibold">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** 'Imprimer': the browser's print, once scripts run (without them, the browser's own menu prints). */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <p className="text-sm text-slate-700 print:hidden">
        Pour l'imprimer, utilisez « Imprimer » dans le menu du navigateur.
      </p>
    );
  }
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="min-h-11 rounded-full bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark print:hidden"
    >
      Imprimer
    </button>
  );
}
