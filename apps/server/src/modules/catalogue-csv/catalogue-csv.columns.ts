import { MAX_PRODUCT_OPTIONS } from "@shop/shared";

/*
 * The catalogue CSV's columns (decision 047): Shopify's product CSV, one row per variant, the
 * product's own fields on its first row. The export writes these headers; the import reads
 * them in any case and order, and the French names an owner may type instead.
 */

export const HEADERS = {
  handle: "Handle",
  title: "Title",
  body: "Body (HTML)",
  vendor: "Vendor",
  type: "Type",
  status: "Status",
  sku: "Variant SKU",
  price: "Variant Price",
  compareAt: "Variant Compare At Price",
  qty: "Variant Inventory Qty",
  variantImage: "Variant Image",
  imageSrc: "Image Src",
  imagePosition: "Image Position",
} as const;

export type Column = keyof typeof HEADERS | "productCategory" | "published";

/** The export's header line, in its order. */
export function exportHeaders(): string[] {
  const options = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, k) => [
    `Option${k + 1} Name`,
    `Option${k + 1} Value`,
  ]).flat();
  const h = HEADERS;
  return [
    h.handle,
    h.title,
    h.body,
    h.vendor,
    h.type,
    h.status,
    ...options,
    h.sku,
    h.price,
    h.compareAt,
    h.qty,
    h.variantImage,
    h.imageSrc,
    h.imagePosition,
  ];
}

/** Every name a column goes by, folded (lowercase, no accent, single spaces). */
const ALIASES: Record<Column, string[]> = {
  handle: ["handle", "identifiant"],
  title: ["title", "titre", "nom", "nom du produit"],
  body: ["body (html)", "body", "description"],
  vendor: ["vendor", "marque"],
  type: ["type", "categorie"],
  productCategory: ["product category"],
  status: ["status", "statut"],
  published: ["published", "publie"],
  sku: ["variant sku", "sku", "reference"],
  price: ["variant price", "prix", "prix de vente"],
  compareAt: ["variant compare at price", "ancien prix", "prix barre"],
  qty: ["variant inventory qty", "stock", "quantite"],
  variantImage: ["variant image", "image de la variante"],
  imageSrc: ["image src", "image"],
  imagePosition: ["image position"],
};

export const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

const BY_ALIAS = new Map<string, Column>(
  Object.entries(ALIASES).flatMap(([column, names]) => names.map((n) => [n, column as Column] as const)),
);

export interface HeaderMap {
  columns: Map<Column, number>;
  /** Option n (1-based): where its name and value are. */
  options: Map<number, { name?: number; value?: number }>;
}

/** Which column each header names; unknown headers (Shopify's SEO, tags, weights…) are left out. */
export function mapHeaders(header: readonly string[]): HeaderMap {
  const columns = new Map<Column, number>();
  const options = new Map<number, { name?: number; value?: number }>();
  header.forEach((raw, index) => {
    const name = fold(raw);
    const option = /^option ?(\d+) (name|nom|value|valeur)$/.exec(name);
    if (option) {
      const n = Number(option[1]);
      const slot = options.get(n) ?? {};
      if (option[2] === "name" || option[2] === "nom") slot.name ??= index;
      else slot.value ??= index;
      options.set(n, slot);
      return;
    }
    const column = BY_ALIAS.get(name);
    if (column && !columns.has(column)) columns.set(column, index);
  });
  return { columns, options };
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab, a carriage return) as a
 * formula: the export writes such a cell after an apostrophe, which shows it as text (OWASP's
 * advice), and the import takes that one apostrophe off again. A cell already starting with
 * apostrophes before such a sign gets one more, so that the round trip gives back each cell.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;

export const neutralise = (cell: string) => (FORMULA_LIKE.test(cell) ? `'${cell}` : cell);
export const unneutralise = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
