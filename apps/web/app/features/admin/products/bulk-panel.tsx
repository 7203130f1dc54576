import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { inputClass } from "../../../components/ui/field";
import { useHydrated } from "../../../lib/use-hydrated";
import { type CategoryOption, categoryChoices } from "../categories/category-choices";
import {
  BULK_CHANGES,
  BULK_FORM_ID,
  BULK_NEEDS,
  type BulkAnswer,
  type BulkFormValues,
  type BulkNeed,
  NO_BULK_VALUES,
} from "./bulk-form-values";
import { BulkPreviewSection } from "./bulk-preview";
import { type BulkSelection, previewMatches } from "./bulk-selection";
import { selectedText, wholeFilterText } from "./bulk-text";

export const BULK_BUTTON =
  "min-h-11 rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark";
const CHECK_LABEL = "flex min-h-11 cursor-pointer items-center gap-3 has-[:disabled]:cursor-default";
const CHECKBOX = "size-5 shrink-0 accent-brand";

/*
 * Each choice of the 'Action' select is marked with the fields it does not use, and a field
 * hides while such a choice is selected: CSS alone, so it holds from the first paint and
 * without scripts; a browser that does not know `:has` shows every field, which still works.
 */
const unused = (needs: readonly BulkNeed[]) =>
  BULK_NEEDS.filter((need) => !needs.includes(need))
    .map((need) => `bulk-no-${need}`)
    .join(" ");
const HIDDEN_WHEN_UNUSED: Record<BulkNeed, string> = {
  value: "[form:has(.bulk-no-value:checked)_&]:hidden",
  price: "[form:has(.bulk-no-price:checked)_&]:hidden",
  category: "[form:has(.bulk-no-category:checked)_&]:hidden",
};

/**
 * 'Modifier la sélection' (decision 048): the selection's bar ('Tout sélectionner' on this page
 * and, when the grid holds more than this page shows, every product its filter matches), the
 * change and its value, then 'Aperçu'; the preview answers with a few products as they are and
 * would become, and 'Appliquer' or 'Annuler'. One HTML form with the cards' checkboxes (they
 * join it by its id), posted to the grid's action: without scripts the page comes back with
 * the preview and its confirmation; with them a fetcher keeps the page, and the grid is read
 * again after the change. `answer`: what a form posted without scripts was answered.
 */
export function BulkPanel({
  pageIds,
  total,
  offerWholeFilter,
  filterKey,
  filterFields,
  categories,
  selection,
  answer,
}: {
  /** The page's products that may be changed (archived ones are never named). */
  pageIds: readonly string[];
  /** How many products the grid's filter matches, over all its pages. */
  total: number;
  offerWholeFilter: boolean;
  filterKey: string;
  /** The grid's filter as the form's hidden fields. */
  filterFields: readonly [string, string][];
  categories: readonly CategoryOption[];
  selection: BulkSelection;
  answer: BulkAnswer | null;
}) {
  const fetcher = useFetcher<BulkAnswer>({ key: BULK_FORM_ID });
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const previewButton = useRef<HTMLButtonElement>(null);
  // What the fetcher's answer shows first (the preview's title, the result), read next.
  const said = useRef<HTMLElement | null>(null);
  const sayHere = (element: HTMLElement | null) => {
    said.current = element;
  };
  const latest = fetcher.data ?? answer;
  // Cancelled, or the form changed since: the preview no longer says what would be applied.
  const [dismissed, setDismissed] = useState<BulkAnswer | null>(null);
  const [edited, setEdited] = useState<BulkAnswer | null>(null);
  const current = latest && latest !== dismissed ? latest : null;
  const preview = current?.bulk === "preview" && current.ok ? current : null;
  const stale = preview !== null && (preview === edited || !previewMatches(preview.input, selection));
  const busy = fetcher.state !== "idle";
  const defaults: BulkFormValues = answer && "values" in answer ? answer.values : NO_BULK_VALUES;
  const { change } = selection;
  const count = selection.wholeFilter ? total : selection.selected.length;

  // Ticked before the scripts ran: the boxes are the browser's, and the selection takes them over,
  // once; after that the selection is the boxes' source.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the scripts take over
  useEffect(() => {
    if (!form.current) return;
    const posted = new FormData(form.current);
    const ids = posted.getAll("ids").map(String);
    if (posted.get("all") === "page") ids.push(...posted.getAll("pageIds").map(String));
    const wholeFilter = posted.get("scope") === "filter";
    change({ type: "adopt", ids, filterKey: wholeFilter ? filterKey : null });
  }, []);

  // An answer of the fetcher: the preview or the result is read next; a change clears the selection.
  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if (data.bulk === "apply" && data.ok) change({ type: "clear" });
    said.current?.focus();
  }, [fetcher.data, change]);

  if (pageIds.length === 0 && !current) return null;

  const cancel = () => {
    setDismissed(current);
    previewButton.current?.focus();
  };

  return (
    <section aria-labelledby="bulk-title" className="mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      {/* The page's products all gone with the change (a filter they no longer match): its answer stays. */}
      {pageIds.length === 0 && (
        <h2 id="bulk-title" className="text-lg font-bold">
          Modifier la sélection
        </h2>
      )}
      {pageIds.length > 0 && (
        <fetcher.Form
          ref={form}
          id={BULK_FORM_ID}
          method="post"
          aria-labelledby="bulk-title"
          onChange={() => preview && setEdited(preview)}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value="bulk-preview" />
          <h2 id="bulk-title" className="text-lg font-bold">
            Modifier la sélection
          </h2>
          <fieldset>
            <legend className="font-semibold">Sélection</legend>
            {/* 'Tout sélectionner' without scripts: the page's products, posted beside the boxes. */}
            {pageIds.map((id) => (
              <input key={id} type="hidden" name="pageIds" value={id} />
            ))}
            {filterFields.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <div className="flex flex-wrap items-center gap-x-6">
              <label htmlFor="bulk-all" className={CHECK_LABEL}>
                <PageCheckbox selection={selection} pageIds={pageIds} />
                Tout sélectionner
              </label>
              {offerWholeFilter && (
                <label className={CHECK_LABEL}>
                  <input
                    type="checkbox"
                    name="scope"
                    value="filter"
                    checked={selection.wholeFilter}
                    onChange={(event) =>
                      change({ type: "whole-filter", filterKey: event.currentTarget.checked ? filterKey : null })
                    }
                    className={CHECKBOX}
                  />
                  {wholeFilterText(total)}
                </label>
              )}
              {/* Counted by the scripts: without them the boxes alone say what is ticked. */}
              {hydrated && (
                <p aria-live="polite" className="min-h-11 py-2.5 font-semibold tabular-nums">
                  {selectedText(count)}
                </p>
              )}
            </div>
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Changement</legend>
            <div>
              <label htmlFor="bulk-change" className="font-medium">
                Action
              </label>
              <select id="bulk-change" name="change" defaultValue={defaults.change} className={inputClass}>
                <option value="" className={unused([])}>
                  Choisir une action
                </option>
                {BULK_CHANGES.map((choice) => (
                  <option key={choice.value} value={choice.value} className={unused(choice.needs)}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
            <div className={HIDDEN_WHEN_UNUSED.value}>
              <label htmlFor="bulk-value" className="font-medium">
                Valeur
              </label>
              <input
                id="bulk-value"
                name="value"
                type="number"
                step="any"
                inputMode="decimal"
                defaultValue={defaults.value}
                aria-describedby="bulk-value-hint"
                className={inputClass}
              />
              <p id="bulk-value-hint" className="mt-1 text-sm text-slate-600">
                Prix : négatif pour baisser (−10 : −10 % ou −10 FCFA). Stock : la quantité de chaque variante, vide pour
                « non suivi ».
              </p>
            </div>
            <label className={`${CHECK_LABEL} ${HIDDEN_WHEN_UNUSED.price}`}>
              <input type="checkbox" name="field" value="both" defaultChecked={defaults.both} className={CHECKBOX} />
              Appliquer aussi à l'ancien prix
            </label>
            <div className={HIDDEN_WHEN_UNUSED.category}>
              <label htmlFor="bulk-category" className="font-medium">
                Catégorie
              </label>
              <select id="bulk-category" name="category" defaultValue={defaults.category} className={inputClass}>
                <option value="">Choisir une catégorie</option>
                {categoryChoices(categories, defaults.category || undefined).map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.label}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
          <button ref={previewButton} type="submit" disabled={busy} className={`${BULK_BUTTON} w-full sm:w-auto`}>
            Aperçu
          </button>
        </fetcher.Form>
      )}
      {current && !current.ok && (
        <p
          ref={sayHere}
          role="alert"
          tabIndex={-1}
          className="mt-4 rounded-md bg-red-50 px-3 py-2 font-medium text-red-800 ring-1 ring-red-200"
        >
          {current.message}
        </p>
      )}
      {current?.bulk === "apply" && current.ok && (
        <p
          ref={sayHere}
          role="status"
          tabIndex={-1}
          className="mt-4 rounded-md bg-green-50 px-3 py-2 font-medium text-green-900 ring-1 ring-green-200"
        >
          {current.message}
        </p>
      )}
      {preview &&
        (stale ? (
          <p className="mt-4 rounded-md bg-slate-100 px-3 py-2 font-medium">
            La sélection ou le changement a changé depuis l'aperçu : demandez un nouvel aperçu.
          </p>
        ) : (
          <BulkPreviewSection
            answer={preview}
            fetcher={fetcher}
            busy={busy}
            hydrated={hydrated}
            headingRef={sayHere}
            onCancel={cancel}
          />
        ))}
    </section>
  );
}

/** 'Tout sélectionner': ticks every box of the page, and says when only some are ticked. */
function PageCheckbox({ selection, pageIds }: { selection: BulkSelection; pageIds: readonly string[] }) {
  const box = useRef<HTMLInputElement>(null);
  const some = selection.selected.length > 0 && !selection.wholePage && !selection.wholeFilter;
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={box}
      id="bulk-all"
      type="checkbox"
      name="all"
      value="page"
      checked={selection.wholePage || selection.wholeFilter}
      disabled={selection.wholeFilter}
      onChange={(event) => selection.change({ type: "page", ids: pageIds, on: event.currentTarget.checked })}
      className={CHECKBOX}
    />
  );
}
