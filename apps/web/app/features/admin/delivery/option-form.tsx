import { DELIVERY_KINDS } from "@shop/shared/core";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { SubmitButton } from "../../../components/ui/submit-button";
import { DELIVERY_PATH } from "./delivery-paths";
import { KIND_LABELS, type OptionErrors, type OptionValues } from "./option-form-values";

/**
 * One delivery option's form, to add one (`id` undefined) or edit it. The kind decides the
 * fields: a zone's fee and neighbourhoods, a pickup's nothing to pay, shipping's fee or "à
 * confirmer". Without scripts every field shows and the server keeps what the kind uses.
 */
export function OptionForm({
  id,
  values,
  errors = {},
  busy,
}: {
  id?: string;
  values: OptionValues;
  errors?: OptionErrors;
  busy: boolean;
}) {
  const [kind, setKind] = useState(values.kind);
  const [toConfirm, setToConfirm] = useState(values.feeToConfirm);
  const prefix = `option-${id ?? "new"}`;
  const fid = (field: string) => `${prefix}-${field}`;
  return (
    <Form
      method="post"
      action={DELIVERY_PATH}
      className="space-y-4"
      aria-label={id ? "Modifier l'option" : "Nouvelle option"}
    >
      <input type="hidden" name="intent" value={id ? "update" : "create"} />
      {id && <input type="hidden" name="id" value={id} />}
      <fieldset>
        <legend className="font-medium">Type</legend>
        <div className="mt-1 flex flex-col gap-2">
          {DELIVERY_KINDS.map((k) => (
            <label
              key={k}
              className="flex min-h-11 items-center gap-3 rounded-md px-3 ring-1 ring-slate-300 has-checked:ring-2 has-checked:ring-brand"
            >
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="size-5 accent-brand"
              />
              {KIND_LABELS[k]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id={fid("name")}
        name="name"
        label="Nom"
        error={errors.name}
        hint="Ce que lit le client : « Zone 2 », « Retrait en boutique »…"
      >
        {(props) => <input {...props} className={inputClass} type="text" maxLength={80} defaultValue={values.name} />}
      </Field>
      {kind !== "pickup" && (
        <div className="space-y-2">
          {kind === "shipping" && (
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="feeToConfirm"
                checked={toConfirm}
                onChange={(event) => setToConfirm(event.target.checked)}
                className="size-5 accent-brand"
              />
              Frais à confirmer par la boutique
            </label>
          )}
          {!(kind === "shipping" && toConfirm) && (
            <Field id={fid("fee")} name="fee" label="Frais (FCFA)" error={errors.fee}>
              {(props) => (
                <input
                  {...props}
                  className={inputClass}
                  type="text"
                  inputMode="numeric"
                  maxLength={9}
                  defaultValue={values.fee}
                />
              )}
            </Field>
          )}
        </div>
      )}
      <Field id={fid("delay")} name="delay" label="Délai" hint="Par exemple : 24 h, le jour même." error={errors.delay}>
        {(props) => <input {...props} className={inputClass} type="text" maxLength={60} defaultValue={values.delay} />}
      </Field>
      {kind === "zone" && (
        <Field
          id={fid("neighbourhoods")}
          name="neighbourhoods"
          label="Quartiers"
          hint="Un quartier par ligne. Un quartier n'appartient qu'à une zone."
          error={errors.neighbourhoods}
        >
          {(props) => <textarea {...props} className={inputClass} rows={6} defaultValue={values.neighbourhoods} />}
        </Field>
      )}
      <Field
        id={fid("details")}
        name="details"
        label="Précisions (facultatif)"
        hint="Une ligne pour le client : horaires du retrait, transporteur…"
        error={errors.details}
      >
        {(props) => (
          <input {...props} className={inputClass} type="text" maxLength={300} defaultValue={values.details} />
        )}
      </Field>
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" name="active" defaultChecked={values.active} className="size-5 accent-brand" />
        Proposée aux clients
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={busy} busyLabel="Enregistrement…">
          Enregistrer
        </SubmitButton>
        <Link to={DELIVERY_PATH} className="font-semibold text-brand underline">
          Annuler
        </Link>
      </div>
    </Form>
  );
}
