import { DISCOUNT_TYPES, PROMOTION_KINDS } from "@shop/shared/core";
import { Form, Link } from "react-router";
import { type ControlProps, Field, inputClass } from "../../../components/ui/field";
import { SubmitButton } from "../../../components/ui/submit-button";
import { DISCOUNT_LABELS, KIND_LABELS, type PromotionErrors, type PromotionValues } from "./promotion-form-values";
import { PROMOTIONS_PATH } from "./promotions-paths";

/** A text input holding a number of francs or uses: the phone's digit keyboard. */
const numberInput = (props: ControlProps, value: string) => (
  <input {...props} className={inputClass} type="text" inputMode="numeric" maxLength={12} defaultValue={value} />
);

/**
 * A promotion's form, to create one (`id` undefined) or edit it. Every field shows, whatever
 * the kind (a form without scripts cannot hide them): a code's own fields say so, and the
 * server refuses them on a sale. Times are typed in Douala's time.
 */
export function PromotionForm({
  id,
  values,
  errors = {},
  busy,
}: {
  id?: string;
  values: PromotionValues;
  errors?: PromotionErrors;
  busy: boolean;
}) {
  const prefix = `promotion-${id ?? "new"}`;
  const fid = (field: string) => `${prefix}-${field}`;
  return (
    <Form
      method="post"
      action={PROMOTIONS_PATH}
      className="space-y-4"
      aria-label={id ? "Modifier la promotion" : "Nouvelle promotion"}
    >
      <input type="hidden" name="intent" value={id ? "update" : "create"} />
      {id && <input type="hidden" name="id" value={id} />}
      <fieldset aria-describedby={errors.kind ? fid("kind-error") : undefined}>
        <legend className="font-medium">Type</legend>
        <div className="mt-1 flex flex-col gap-2">
          {PROMOTION_KINDS.map((k) => (
            <label
              key={k}
              className="flex min-h-11 items-center gap-3 rounded-md px-3 ring-1 ring-slate-300 has-checked:ring-2 has-checked:ring-brand"
            >
              <input
                type="radio"
                name="kind"
                value={k}
                defaultChecked={values.kind === k}
                className="size-5 accent-brand"
              />
              {KIND_LABELS[k]}
            </label>
          ))}
        </div>
        {errors.kind && (
          <p id={fid("kind-error")} className="mt-1 text-sm font-medium text-red-700">
            {errors.kind}
          </p>
        )}
      </fieldset>
      <Field
        id={fid("name")}
        name="name"
        label="Nom"
        hint="Ce que lit le client : « Black Friday »."
        error={errors.name}
      >
        {(props) => <input {...props} className={inputClass} type="text" maxLength={60} defaultValue={values.name} />}
      </Field>
      <Field
        id={fid("code")}
        name="code"
        label="Code"
        hint="Pour un code promo seulement. Les espaces sont retirés et les lettres mises en majuscules."
        error={errors.code}
      >
        {(props) => (
          <input
            {...props}
            className={`${inputClass} font-mono uppercase`}
            type="text"
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.code}
          />
        )}
      </Field>
      <Field id={fid("discountType")} name="discountType" label="Réduction" error={errors.discountType}>
        {(props) => (
          <select {...props} className={inputClass} defaultValue={values.discountType}>
            {DISCOUNT_TYPES.map((t) => (
              <option key={t} value={t}>
                {DISCOUNT_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={fid("value")}
        name="value"
        label="Valeur"
        hint="Un pourcentage de 1 à 99, ou un montant en FCFA. Rien pour la livraison offerte."
        error={errors.value}
      >
        {(props) => numberInput(props, values.value)}
      </Field>
      <Field id={fid("startsAt")} name="startsAt" label="Début" hint="Heure de Douala." error={errors.startsAt}>
        {(props) => <input {...props} className={inputClass} type="datetime-local" defaultValue={values.startsAt} />}
      </Field>
      <Field
        id={fid("endsAt")}
        name="endsAt"
        label="Fin"
        hint="Heure de Douala. Un code promo peut rester sans fin."
        error={errors.endsAt}
      >
        {(props) => <input {...props} className={inputClass} type="datetime-local" defaultValue={values.endsAt} />}
      </Field>
      <Field
        id={fid("brands")}
        name="brands"
        label="Marques"
        hint="Séparées par des virgules. Vide, avec les catégories : tout le catalogue."
        error={errors.brands}
      >
        {(props) => <input {...props} className={inputClass} type="text" defaultValue={values.brands} />}
      </Field>
      <Field
        id={fid("categories")}
        name="categories"
        label="Catégories"
        hint="Séparées par des virgules, écrites comme dans le catalogue."
        error={errors.categories}
      >
        {(props) => <input {...props} className={inputClass} type="text" defaultValue={values.categories} />}
      </Field>
      <fieldset className="space-y-4 rounded-md p-3 ring-1 ring-slate-200">
        <legend className="px-1 font-medium">Pour un code promo seulement</legend>
        <Field
          id={fid("minSubtotal")}
          name="minSubtotal"
          label="Montant minimum du panier (FCFA)"
          hint="Vide : sans minimum."
          error={errors.minSubtotal}
        >
          {(props) => numberInput(props, values.minSubtotal)}
        </Field>
        <Field
          id={fid("maxUses")}
          name="maxUses"
          label="Nombre total d'utilisations"
          hint="Vide : sans limite."
          error={errors.maxUses}
        >
          {(props) => numberInput(props, values.maxUses)}
        </Field>
        <Field
          id={fid("maxUsesPerCustomer")}
          name="maxUsesPerCustomer"
          label="Utilisations par client"
          hint="Vide : sans limite. Le client donne alors son numéro de téléphone."
          error={errors.maxUsesPerCustomer}
        >
          {(props) => numberInput(props, values.maxUsesPerCustomer)}
        </Field>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="stacksWithSale"
            defaultChecked={values.stacksWithSale}
            className="size-5 accent-brand"
          />
          Cumulable avec les soldes
        </label>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={busy} busyLabel="Enregistrement…">
          Enregistrer
        </SubmitButton>
        <Link to={PROMOTIONS_PATH} className="font-semibold text-brand underline">
          Annuler
        </Link>
      </div>
    </Form>
  );
}
