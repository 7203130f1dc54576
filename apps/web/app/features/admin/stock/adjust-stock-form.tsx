import type { AdminVariantStock } from "@shop/shared";
import { type FormEvent, useId, useRef, useState } from "react";
import { inputBase } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api";
import { type FieldErrors, fieldErrorsOf, firstInvalid } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { adminErrorMessage } from "../admin-errors";
import {
  ADJUST_FIELDS,
  type AdjustField,
  type AdjustValues,
  checkAdjust,
  countAfter,
  EMPTY_ADJUST,
  stepped,
} from "./adjust-values";
import { NOTE_SUGGESTIONS, STOCK_TEXT, stockText } from "./stock-format";

const stepButton =
  "grid size-11 shrink-0 place-items-center rounded-full border border-brand text-xl font-bold text-brand hover:bg-brand hover:text-white";

/**
 * One variant's quick adjustment: − and + (units received or gone), or the new count after
 * counting the shelf, and why; the reason is required, as the history keeps it. The browser
 * checks first, the server again (an order may have taken units meanwhile): its refusal shows
 * in French under the form. `onAdjusted` gets the variant as the server left it.
 */
export function AdjustStockForm({
  variant,
  onAdjusted,
}: {
  variant: AdminVariantStock;
  onAdjusted: (variant: AdminVariantStock, message: string) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<AdjustValues>(EMPTY_ADJUST);
  const [errors, setErrors] = useState<FieldErrors<AdjustField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const name = variant.label || "Stock du produit";
  const after = countAfter(variant.stock, values);

  const change = (next: AdjustValues, touched: AdjustField[]) => {
    setValues(next);
    setFormError(null);
    if (touched.some((f) => errors[f])) {
      setErrors((e) => ({ ...e, ...Object.fromEntries(touched.map((f) => [f, undefined])) }));
    }
  };
  // A change and a new count exclude each other: typing one clears the other.
  const typeDelta = (delta: string) => change({ ...values, delta, count: "" }, ["delta", "count"]);
  const typeCount = (count: string) => change({ ...values, count, delta: "" }, ["delta", "count"]);
  const step = (by: 1 | -1) => change({ ...stepped(values, by), count: "" }, ["delta", "count"]);

  const show = (found: FieldErrors<AdjustField>) => {
    setErrors(found);
    const first = firstInvalid(ADJUST_FIELDS, found);
    if (first) (form.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const checked = checkAdjust(variant.stock, values);
    if (!checked.ok) {
      show(checked.errors);
      return;
    }
    setBusy(true);
    try {
      const { variant: saved, message } = await adminApi().adjustStock({ variantId: variant._id, ...checked.input });
      setValues(EMPTY_ADJUST);
      setErrors({});
      onAdjusted(saved, message);
    } catch (error) {
      setFormError(adminErrorMessage(error, STOCK_TEXT.adjustError));
      if (error instanceof ApiError) {
        // The API names `stock` what this form calls the new count.
        const issues = error.issues.map((i) => ({ ...i, path: i.path.replace(/\.stock$/, ".count") }));
        show(fieldErrorsOf(issues, ADJUST_FIELDS));
      }
    } finally {
      setBusy(false);
    }
  }

  const described = (field: AdjustField, hint?: string) =>
    [hint, errors[field] && `${id}-${field}-error`].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: AdjustField) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    );

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-name`}
      className="rounded-lg bg-white p-3 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={`${id}-name`} className="font-bold">
          {name}
        </h3>
        <p className="font-semibold" data-stock={variant.stock ?? "untracked"}>
          {stockText(variant.stock)}
        </p>
      </div>

      <div className="mt-3 flex flex-wrap items-start gap-x-4 gap-y-3">
        <div>
          <label htmlFor={`${id}-delta`} className="text-sm font-medium">
            Ajouter ou retirer
          </label>
          <div className="mt-1 flex items-center gap-1">
            <button
              type="button"
              onClick={() => step(-1)}
              aria-label={`Retirer une unité : ${name}`}
              className={stepButton}
            >
              <span aria-hidden="true">−</span>
            </button>
            <input
              id={`${id}-delta`}
              name="delta"
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              value={values.delta}
              onChange={(e) => typeDelta(e.target.value)}
              aria-invalid={errors.delta ? true : undefined}
              aria-describedby={described("delta")}
              className={`${inputBase} w-20 text-center`}
            />
            <button
              type="button"
              onClick={() => step(1)}
              aria-label={`Ajouter une unité : ${name}`}
              className={stepButton}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          {fieldError("delta")}
        </div>
        <div className="min-w-32 flex-1">
          <label htmlFor={`${id}-count`} className="text-sm font-medium">
            Nouveau compte
          </label>
          <input
            id={`${id}-count`}
            name="count"
            inputMode="numeric"
            autoComplete="off"
            placeholder={variant.stock === null ? "Commencer le suivi" : "Ex. 12"}
            value={values.count}
            onChange={(e) => typeCount(e.target.value)}
            aria-invalid={errors.count ? true : undefined}
            aria-describedby={described("count")}
            className={`mt-1 ${inputBase}`}
          />
          {fieldError("count")}
        </div>
      </div>

      <div className="mt-3">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          Raison
        </label>
        <input
          id={`${id}-note`}
          name="note"
          list={`${id}-notes`}
          maxLength={200}
          autoComplete="off"
          placeholder="Arrivage, inventaire, casse…"
          value={values.note}
          onChange={(e) => change({ ...values, note: e.target.value }, ["note"])}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={described("note")}
          className={`mt-1 ${inputBase}`}
        />
        <datalist id={`${id}-notes`}>
          {NOTE_SUGGESTIONS.map((note) => (
            <option key={note} value={note} />
          ))}
        </datalist>
        {fieldError("note")}
      </div>

      {formError && !Object.values(errors).some(Boolean) && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {formError}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">{after !== undefined && <>Après : {stockText(after)}</>}</p>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-slate-500"
        >
          {busy ? "Enregistrement…" : "Mettre à jour"}
        </button>
      </div>
    </form>
  );
}
