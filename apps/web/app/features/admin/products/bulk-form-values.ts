import type { BulkPreview, BulkProductsInput, BulkResult } from "@shop/shared";
import type { ProductsFilterValues } from "./products-query";

/*
 * The bulk change's HTML form (decision 048), read and written here so that the form, its
 * confirmation and the page's action agree on every name: the cards' checkboxes (`ids`) join
 * the form by its id, since each card already holds its own small forms, and forms cannot nest.
 */

/** The id the cards' checkboxes name in their `form` attribute. */
export const BULK_FORM_ID = "bulk-products";

export const BULK_INTENTS = ["bulk-preview", "bulk-apply"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];
export const isBulkIntent = (intent: string): intent is BulkIntent =>
  (BULK_INTENTS as readonly string[]).includes(intent);

/**
 * Whether a submission reads the grid again: not for a preview, which writes nothing (the
 * route's `shouldRevalidate`).
 */
export const gridReadAgain = ({
  formData,
  defaultShouldRevalidate,
}: {
  formData?: FormData;
  defaultShouldRevalidate: boolean;
}) => (formData?.get("intent") === "bulk-preview" ? false : defaultShouldRevalidate);

/**
 * The 'Action' select's choices. `needs` says which fields the choice uses: the others are
 * hidden by CSS alone (no script needed, and every field stays shown where `:has` is unknown).
 */
export const BULK_CHANGES = [
  { value: "price-percent", label: "Changer le prix (%)", needs: ["value", "price"] },
  { value: "price-amount", label: "Changer le prix (montant en FCFA)", needs: ["value", "price"] },
  { value: "category", label: "Changer de catégorie", needs: ["category"] },
  { value: "hide", label: "Masquer", needs: [] },
  { value: "show", label: "Afficher", needs: [] },
  { value: "stock", label: "Fixer le stock", needs: ["value"] },
  { value: "delete", label: "Supprimer", needs: [] },
] as const satisfies readonly { value: string; label: string; needs: readonly BulkNeed[] }[];
export type BulkChange = (typeof BULK_CHANGES)[number]["value"];
export type BulkNeed = "value" | "price" | "category";
export const BULK_NEEDS: readonly BulkNeed[] = ["value", "price", "category"];

/** The grid's filters a bulk change takes (not its sort nor its page), posted as `filter.<name>`. */
export const BULK_FILTER_KEYS = ["q", "category", "brand", "stock", "promo", "visibility"] as const;
type FilterKey = (typeof BULK_FILTER_KEYS)[number];
export const filterFieldName = (key: FilterKey) => `filter.${key}`;

/** The grid's filters as the form's hidden fields. */
export const filterFields = (filters: ProductsFilterValues): [string, string][] =>
  BULK_FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    return value ? [[filterFieldName(key), value] as [string, string]] : [];
  });

/**
 * What the bulk form posted, as typed: given back with a refusal (or a preview), so that a page
 * drawn again without scripts shows the same choices.
 */
export interface BulkFormValues {
  ids: string[];
  /** 'Tout sélectionner': every product of the page, whichever boxes are ticked. */
  wholePage: boolean;
  /** 'Tous les N produits correspondant au filtre': the grid's filter rather than the boxes. */
  wholeFilter: boolean;
  change: string;
  value: string;
  /** 'Appliquer aussi à l'ancien prix'. */
  both: boolean;
  category: string;
}

export const NO_BULK_VALUES: BulkFormValues = {
  ids: [],
  wholePage: false,
  wholeFilter: false,
  change: "",
  value: "",
  both: false,
  category: "",
};

/** Everything the form posts: its values, the page's products and filter it was drawn with, and how to answer. */
export interface BulkPosted {
  values: BulkFormValues;
  pageIds: string[];
  filter: Partial<Record<FilterKey, string>>;
  /** Posted by the browser itself (no scripts): a change answers with a redirect, so a reload cannot apply it twice. */
  redirect: boolean;
}

const texts = (form: FormData, name: string) =>
  form.getAll(name).filter((v): v is string => typeof v === "string" && v !== "");
const text = (form: FormData, name: string) => texts(form, name)[0] ?? "";

export function readBulkForm(form: FormData): BulkPosted {
  const filter: BulkPosted["filter"] = {};
  for (const key of BULK_FILTER_KEYS) {
    const value = text(form, filterFieldName(key)).trim();
    if (value) filter[key] = value;
  }
  return {
    values: {
      ids: texts(form, "ids"),
      wholePage: text(form, "all") === "page",
      wholeFilter: text(form, "scope") === "filter",
      change: text(form, "change"),
      value: text(form, "value"),
      both: text(form, "field") === "both",
      category: text(form, "category"),
    },
    pageIds: texts(form, "pageIds"),
    filter,
    redirect: text(form, "redirect") === "1",
  };
}

/**
 * A number as typed: a French decimal comma, spaces between thousands and a typographic
 * minus are taken; empty is no number (the contract then says what is missing).
 */
export function numberOf(typed: string): number | undefined {
  const plain = typed
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(",", ".")
    .replace(/^[\u2212\u2013]/, "-");
  return plain === "" ? undefined : Number(plain);
}

function actionOf({ change, value, both, category }: BulkFormValues): unknown {
  switch (change) {
    case "price-percent":
    case "price-amount":
      return {
        kind: "price",
        mode: change === "price-percent" ? "percent" : "amount",
        value: numberOf(value),
        field: both ? "both" : "selling",
      };
    case "category":
      return { kind: "category", category };
    case "stock":
      // An empty count is the contract's "not tracked" (null), as the stock form has it.
      return { kind: "stock", stock: numberOf(value) ?? null };
    case "hide":
    case "show":
    case "delete":
      return { kind: change };
    default:
      return undefined;
  }
}

/**
 * The body the API takes, before the contract checks it: the filter when chosen, else the boxes
 * ticked (with the whole page for 'Tout sélectionner'); neither when nothing is chosen.
 */
export function bulkCandidate({ values, pageIds, filter }: BulkPosted): {
  ids?: string[];
  filter?: BulkPosted["filter"];
  action: unknown;
} {
  const action = actionOf(values);
  if (values.wholeFilter) return { filter, action };
  const ids = [...new Set([...values.ids, ...(values.wholePage ? pageIds : [])])];
  return ids.length > 0 ? { ids, action } : { action };
}

/** The confirmation's hidden fields: the change previewed, posted again exactly as it was checked. */
export function bulkHiddenFields(input: BulkProductsInput): [string, string][] {
  const fields: [string, string][] = [];
  for (const id of input.ids ?? []) fields.push(["ids", id]);
  if (input.filter) {
    fields.push(["scope", "filter"]);
    for (const key of BULK_FILTER_KEYS) {
      const value = input.filter[key];
      if (value) fields.push([filterFieldName(key), value]);
    }
  }
  const { action } = input;
  switch (action.kind) {
    case "price":
      fields.push(["change", `price-${action.mode}`], ["value", String(action.value)]);
      if (action.field === "both") fields.push(["field", "both"]);
      break;
    case "category":
      fields.push(["change", "category"], ["category", action.category]);
      break;
    case "stock":
      fields.push(["change", "stock"], ["value", action.stock === null ? "" : String(action.stock)]);
      break;
    default:
      fields.push(["change", action.kind]);
  }
  return fields;
}

/** What the page's action answers to the bulk form and to its confirmation. */
export type BulkAnswer =
  | { bulk: "preview"; ok: true; preview: BulkPreview; input: BulkProductsInput; values: BulkFormValues }
  | { bulk: "apply"; ok: true; message: string; result: BulkResult }
  | { bulk: BulkStage; ok: false; message: string; values: BulkFormValues };
export type BulkStage = "preview" | "apply";
