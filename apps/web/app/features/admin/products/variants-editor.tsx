import { IMAGE_WIDTHS, imageAt, MAX_OPTION_VALUES, MAX_PRODUCT_OPTIONS } from "@shop/shared/core";
import { type ChangeEvent, type KeyboardEvent, useState } from "react";
import { inputBase } from "../../../components/ui/field";
import type { ImageItem } from "./image-uploads";
import type { useImageUploads } from "./use-image-uploads";
import {
  type Edit,
  type OptionDraft,
  rowLabel,
  shownRows,
  splitValues,
  VARIANT_TEXT,
  type VariantDraft,
  type VariantErrors,
  type VariantsDraft,
} from "./variants-draft";

type Images = ReturnType<typeof useImageUploads>;

const smallButton =
  "min-h-11 rounded-full border px-4 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50";
const outlineButton = `${smallButton} border-brand text-brand hover:bg-brand hover:text-white`;
const quietButton = `${smallButton} border-slate-400 text-slate-800 hover:bg-slate-100`;
const label = "text-sm font-medium";
const OPTION_NAMES = ["Stockage", "Couleur", "Mémoire", "Taille", "Capacité", "Modèle"] as const;

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** What a control gives its error: aria-invalid and the link to the message. */
const invalid = (id: string, error?: string, hint?: string) => ({
  "aria-invalid": error ? (true as const) : undefined,
  "aria-describedby": [hint, error && `${id}-error`].filter(Boolean).join(" ") || undefined,
});

/**
 * The product form's options and variants (decision 024): up to three options, each a name and
 * its values (typed at once with commas, removed one by one); then one card per combination
 * (a phone has no room for a table): sold or not, its prices, its stock or 'Non suivi', its
 * photos chosen among the product's or added. Without options, the product's one stock.
 * Field ids are the error keys of `checkVariants`, so the first error can take the focus.
 */
export function VariantsEditor({
  draft,
  onEdit,
  errors,
  images,
}: {
  draft: VariantsDraft;
  onEdit: (edit: Edit) => void;
  errors: VariantErrors;
  images: Images;
}) {
  const rows = shownRows(draft);
  const soldCount = rows.filter((r) => r.sold).length;
  return (
    <fieldset aria-describedby="variants-rules" className="space-y-3">
      <legend className="font-medium">Options et variantes</legend>
      <p id="variants-rules" className="text-sm text-slate-600">
        Par exemple Stockage (64 Go, 128 Go) et Couleur (Noir, Blanc) : chaque combinaison vendue a son prix, son stock
        et ses photos. Sans option, le produit a un seul prix et un seul stock.
      </p>
      <datalist id="option-names">
        {OPTION_NAMES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {draft.options.map((option, i) => (
        <OptionEditor key={option.key} option={option} index={i} onEdit={onEdit} errors={errors} />
      ))}
      {draft.options.length < MAX_PRODUCT_OPTIONS && (
        <button type="button" onClick={() => onEdit({ type: "addOption" })} className={outlineButton}>
          Ajouter une option
        </button>
      )}
      {draft.options.length === 0 ? (
        rows[0] && <StockField row={rows[0]} index={0} onEdit={onEdit} errors={errors} />
      ) : (
        <section aria-labelledby="variants-title" className="space-y-2">
          <h3 id="variants-title" className="font-semibold">
            Variantes : {soldCount} vendue{soldCount > 1 ? "s" : ""} sur {rows.length}
          </h3>
          <div id="variants" tabIndex={-1} className="outline-none">
            <ErrorText id="variants" error={errors.variants} />
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {rows.map((row, i) => (
              <li key={JSON.stringify(row.optionValues)}>
                <VariantCard row={row} index={i} onEdit={onEdit} errors={errors} images={images} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </fieldset>
  );
}

function OptionEditor({
  option,
  index,
  onEdit,
  errors,
}: {
  option: OptionDraft;
  index: number;
  onEdit: (edit: Edit) => void;
  errors: VariantErrors;
}) {
  const [typed, setTyped] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const id = `option-${index}`;
  const title = option.name.trim() || `Option ${index + 1}`;
  const full = option.values.length >= MAX_OPTION_VALUES;

  /** The values typed so far join the option (on Enter, on 'Ajouter', on leaving the field). */
  const addTyped = () => {
    const values = splitValues(typed);
    if (values.length === 0) return;
    const taken = values.filter((v) => option.values.some((known) => known.toLowerCase() === v.toLowerCase()));
    const room = MAX_OPTION_VALUES - option.values.length;
    setNotice(
      taken.length ? VARIANT_TEXT.valueTaken(taken[0]!) : values.length > room ? VARIANT_TEXT.tooManyValues : null,
    );
    onEdit({ type: "addValues", key: option.key, values });
    setTyped("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      addTyped();
    }
  };

  return (
    <fieldset aria-labelledby={`${id}-title`} className="space-y-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold break-words">
          {title}
        </h3>
        <button
          type="button"
          onClick={() => onEdit({ type: "removeOption", key: option.key })}
          aria-label={`Retirer l'option ${title}`}
          className={quietButton}
        >
          Retirer
        </button>
      </div>
      <div>
        <label htmlFor={`${id}-name`} className={label}>
          Nom de l'option
        </label>
        <input
          id={`${id}-name`}
          list="option-names"
          maxLength={40}
          autoComplete="off"
          value={option.name}
          onChange={(e) => onEdit({ type: "renameOption", key: option.key, name: e.target.value })}
          {...invalid(`${id}-name`, errors[`${id}-name`])}
          className={`mt-1 ${inputBase}`}
        />
        <ErrorText id={`${id}-name`} error={errors[`${id}-name`]} />
      </div>
      {option.values.length > 0 && (
        <ul aria-label={`Valeurs de ${title}`} className="flex flex-wrap gap-2">
          {option.values.map((value) => (
            <li
              key={value}
              className="flex items-center gap-1 rounded-full bg-white py-0.5 pl-3 text-sm font-semibold ring-1 ring-slate-300"
            >
              {value}
              <button
                type="button"
                onClick={() => onEdit({ type: "removeValue", key: option.key, value })}
                aria-label={`Retirer la valeur ${value}`}
                className="grid size-11 place-items-center rounded-full text-lg text-slate-700 hover:bg-slate-100"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <label htmlFor={`${id}-values`} className={label}>
          Ajouter des valeurs
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-values`}
            maxLength={400}
            autoComplete="off"
            disabled={full}
            placeholder="Ex. 64 Go, 128 Go"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={addTyped}
            {...invalid(`${id}-values`, errors[`${id}-values`], `${id}-values-hint`)}
            className={`${inputBase} min-w-0 flex-1`}
          />
          <button type="button" onClick={addTyped} disabled={full} className={outlineButton}>
            Ajouter
          </button>
        </div>
        <p id={`${id}-values-hint`} className="mt-1 text-sm text-slate-600">
          Séparez les valeurs par des virgules.
        </p>
        <ErrorText id={`${id}-values`} error={errors[`${id}-values`]} />
        <p role="status" className="text-sm font-medium text-red-700 empty:hidden">
          {notice}
        </p>
      </div>
    </fieldset>
  );
}

/** A count or 'Non suivi' (always available), for a variant or a product without options. */
function StockField({
  row,
  index,
  onEdit,
  errors,
}: {
  row: VariantDraft;
  index: number;
  onEdit: (edit: Edit) => void;
  errors: VariantErrors;
}) {
  const id = `variant-${index}-stock`;
  const set = (change: Partial<VariantDraft>) => onEdit({ type: "setRow", values: row.optionValues, change });
  return (
    <div>
      <label htmlFor={id} className={label}>
        Stock
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          disabled={!row.tracked}
          placeholder={row.tracked ? "Ex. 5" : "Non suivi"}
          value={row.tracked ? row.stock : ""}
          onChange={(e) => set({ stock: e.target.value })}
          {...invalid(id, errors[id], `${id}-hint`)}
          className={`${inputBase} w-28 disabled:bg-slate-100`}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={!row.tracked}
            onChange={(e) => set({ tracked: !e.target.checked })}
            className="size-5 accent-brand"
          />
          Non suivi
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Non suivi : toujours disponible à la vente.
      </p>
      <ErrorText id={id} error={errors[id]} />
    </div>
  );
}

function VariantCard({
  row,
  index,
  onEdit,
  errors,
  images,
}: {
  row: VariantDraft;
  index: number;
  onEdit: (edit: Edit) => void;
  errors: VariantErrors;
  images: Images;
}) {
  const name = rowLabel(row);
  const set = (change: Partial<VariantDraft>) => onEdit({ type: "setRow", values: row.optionValues, change });
  const price = (field: "price" | "sellingPrice", text: string) => {
    const id = `variant-${index}-${field}`;
    return (
      <div>
        <label htmlFor={id} className={label}>
          {text}
        </label>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          value={row[field]}
          onChange={(e) => set({ [field]: e.target.value })}
          {...invalid(id, errors[id])}
          className={`mt-1 ${inputBase}`}
        />
        <ErrorText id={id} error={errors[id]} />
      </div>
    );
  };
  return (
    <fieldset
      className={`h-full rounded-lg p-3 ring-1 ${row.sold ? "bg-white ring-slate-300" : "bg-slate-100 ring-slate-200"}`}
    >
      <legend className="font-bold break-words">{name}</legend>
      {!row.sold && <p className="text-sm font-semibold text-slate-700">Non vendue</p>}
      {row.sold ? (
        <div className="mt-2 space-y-3">
          <div className="grid grid-cols-2 gap-2">
            {price("price", "Prix")}
            {price("sellingPrice", "Prix de vente")}
          </div>
          <StockField row={row} index={index} onEdit={onEdit} errors={errors} />
          <VariantPhotos
            row={row}
            index={index}
            onEdit={onEdit}
            images={images}
            error={errors[`variant-${index}-images`]}
          />
          <button type="button" onClick={() => set({ sold: false })} className={quietButton}>
            Ne pas vendre
          </button>
        </div>
      ) : (
        <div className="mt-2">
          <p className="text-sm text-slate-700">Cette combinaison n'est pas proposée aux clients.</p>
          <button type="button" onClick={() => set({ sold: true })} className={`mt-2 ${outlineButton}`}>
            Vendre cette variante
          </button>
        </div>
      )}
    </fieldset>
  );
}

const thumbOf = (item: ImageItem) => (item.url ? imageAt(item.url, IMAGE_WIDTHS.card) : item.preview);

/**
 * A variant's own photos, folded away: chosen among the product's (a toggle per photo) or
 * added from the phone (they join the product's photos, chosen for this variant). Without
 * any, the variant shows the product's.
 */
function VariantPhotos({
  row,
  index,
  onEdit,
  images,
  error,
}: {
  row: VariantDraft;
  index: number;
  onEdit: (edit: Edit) => void;
  images: Images;
  error?: string;
}) {
  const known = new Set(images.items.map((i) => i.key));
  const outside = row.images.filter((ref) => !known.has(ref) && ref.includes("/"));
  const chosen = row.images.filter((ref) => known.has(ref) || ref.includes("/")).length;
  const toggle = (image: string) => onEdit({ type: "toggleImage", values: row.optionValues, image });
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    for (const key of images.add([...(event.target.files ?? [])])) toggle(key);
    event.target.value = "";
  };
  const photo = (ref: string, src: string | null, n: number) => {
    const pressed = row.images.includes(ref);
    return (
      <li key={ref}>
        <button
          type="button"
          aria-pressed={pressed}
          aria-label={`Photo ${n}`}
          onClick={() => toggle(ref)}
          className={`relative block size-16 overflow-hidden rounded-md bg-slate-100 ring-2 ${pressed ? "ring-brand" : "ring-slate-200"}`}
        >
          {src && <img src={src} alt="" className="h-full w-full object-contain" />}
          {pressed && (
            <span
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 grid size-5 place-items-center rounded-full bg-brand text-xs font-bold text-white"
            >
              ✓
            </span>
          )}
        </button>
      </li>
    );
  };
  return (
    <details className="rounded-md ring-1 ring-slate-200" open={error ? true : undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium">
        Photos de la variante ({chosen})
      </summary>
      <div className="space-y-2 px-3 pb-3">
        <p className="text-xs text-slate-600">Sans photo choisie, la variante montre celles du produit.</p>
        {(images.items.length > 0 || outside.length > 0) && (
          <ul aria-label="Photos du produit" className="flex flex-wrap gap-2">
            {images.items.map((item, i) => photo(item.key, thumbOf(item), i + 1))}
            {outside.map((url, i) => photo(url, url, images.items.length + i + 1))}
          </ul>
        )}
        <label
          className={`${outlineButton} inline-flex cursor-pointer items-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand`}
        >
          Ajouter une photo
          <input id={`variant-${index}-images`} type="file" accept="image/*" onChange={pick} className="sr-only" />
        </label>
        <ErrorText id={`variant-${index}-images`} error={error} />
      </div>
    </details>
  );
}
