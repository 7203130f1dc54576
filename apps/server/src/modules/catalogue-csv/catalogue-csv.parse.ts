import {
  CATALOGUE_CSV_MAX_BYTES,
  CATALOGUE_CSV_MAX_ROWS,
  type CsvSeparator,
  MAX_PRODUCT_OPTIONS,
  MSG,
  type PlannedProduct,
  type PlannedVariant,
  productCreateInput,
  productVariantsInput,
  type RefusedLine,
  type Role,
} from "@shop/shared";
import { CsvError, parse } from "csv-parse/sync";
import { badRequest, payloadTooLarge } from "../../lib/errors.ts";
import { storedImageUrl } from "../../lib/public-url.ts";
import type { CatalogueProduct } from "../products/catalogue-rows.service.ts";
import { type Column, HEADERS, type HeaderMap, mapHeaders, unneutralise } from "./catalogue-csv.columns.ts";

/*
 * The import's first half (decision 047), without a database: the file's bytes are decoded,
 * split, read column by column and grouped into products (`readCatalogueCsv`), then compared
 * with the shop's products that the file names (`planCatalogueImport`). Nothing is written:
 * the plan is plain data that the apply step takes as it is. A cell is only ever text: one that
 * looks like a formula is stored as typed, never evaluated.
 */

/** A value the file gives, or `keep`: its column is absent, an update keeps what the product has. */
type Given<T> = { given: true; value: T } | { given: false };

interface ReadVariant {
  line: number;
  sku: string | null;
  optionValues: string[];
  price: number;
  sellingPrice: number;
  stock: Given<number | null>;
  images: Given<string[]>;
}

/** One product of the file, as read; `reasons` non-empty when it is refused. */
export interface ReadProduct {
  handle: string;
  line: number;
  productName: string;
  brandName: string;
  category: string;
  description: Given<string>;
  hidden: Given<boolean>;
  productImage: Given<string[]>;
  optionNames: string[];
  variants: ReadVariant[];
  reasons: RefusedLine[];
}

export interface CsvRead {
  encoding: "utf-8" | "windows-1252";
  separator: CsvSeparator;
  /** Data rows (the header excluded). */
  rows: number;
  products: ReadProduct[];
}

export interface ImportContext {
  viewer: { id: string; role: Role };
  /** The shop's category names. */
  categories: readonly string[];
  /** The shop's products the file names (productsNamedBy). */
  existing: readonly CatalogueProduct[];
  /** The origins our own images are served from: their URLs are stored as paths. */
  ownOrigins: readonly string[];
}

export interface ImportPlan {
  encoding: CsvRead["encoding"];
  separator: CsvSeparator;
  rows: number;
  products: PlannedProduct[];
  refused: RefusedLine[];
  /** Products left out. */
  refusedProducts: number;
}

/** The handle a title makes, as Shopify makes it: "iPhone 13 Écran" → "iphone-13-ecran". */
export function handleOf(title: string): string {
  return title
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
}

/** UTF-8 (with or without its BOM), else Windows-1252: what French Excel writes as "CSV (séparateur : point-virgule)". */
function decode(bytes: Buffer): { text: string; encoding: CsvRead["encoding"] } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** The separator the header line uses most, outside quotes; `;` when neither appears more. */
function separatorOf(text: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ";") semicolons++;
    else if (!quoted && char === ",") commas++;
  }
  return commas > semicolons ? "comma" : "semicolon";
}

/** "275000", "275 000", "275.000,00"? No: whole francs, spaces allowed between thousands, ",00" tolerated. */
function francsOf(cell: string): number | null {
  const compact = cell.replace(/[\s\u00a0\u202f]/g, "").replace(/[.,]0+$/, "");
  if (!/^\d{1,9}$/.test(compact)) return null;
  const value = Number(compact);
  return value > 0 ? value : null;
}

const HTML_TAG = /<\/?(p|br|div|span|ul|ol|li|strong|b|i|em|u|h[1-6]|a|table|tbody|tr|td|th)\b[^>]*>/i;

/** Shopify's Body (HTML) as our plain description; a plain text (our export's) stays as it is. */
function plainText(body: string): string {
  if (!HTML_TAG.test(body)) return body;
  return body
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "- ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const isHttpUrl = (url: string) => {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
};

/** Shopify's "no options": one option "Title" whose only value is "Default Title". */
const isDefaultTitle = (names: string[], values: string[]) =>
  names.length === 1 && names[0]?.toLowerCase() === "title" && values[0]?.toLowerCase() === "default title";

/** Reads the whole file or refuses it whole (400, 413): too big, not a CSV, too many rows, columns missing. */
export function readCatalogueCsv(bytes: Buffer): CsvRead {
  if (bytes.length > CATALOGUE_CSV_MAX_BYTES) throw payloadTooLarge(MSG.csvTooLarge);
  // A spreadsheet (.xlsx is a zip), a picture, a PDF: text has no NUL byte.
  if (bytes.subarray(0, 64 * 1024).includes(0)) throw badRequest(MSG.csvNotCsv);
  const { text, encoding } = decode(bytes);
  if (text.trim() === "") throw badRequest(MSG.csvEmpty);
  const separator = separatorOf(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: separator === "comma" ? "," : ";",
      relax_column_count: true,
      relax_quotes: true,
      // One more than allowed: enough to know the file is too long, without reading the rest.
      to: CATALOGUE_CSV_MAX_ROWS + 2,
    });
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(MSG.csvMalformed(Number(error.lines ?? 1)));
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw badRequest(MSG.csvEmpty);
  if (data.length > CATALOGUE_CSV_MAX_ROWS) throw badRequest(MSG.csvTooManyRows(CATALOGUE_CSV_MAX_ROWS));
  const map = mapHeaders(header);
  const known = map.columns.size + map.options.size;
  if (header.length < 2 || known === 0) throw badRequest(MSG.csvNotCsv);
  const missing: string[] = [];
  if (!map.columns.has("title") && !map.columns.has("handle")) missing.push(HEADERS.title);
  if (!map.columns.has("price")) missing.push(HEADERS.price);
  if (missing.length) throw badRequest(MSG.csvMissingColumns(missing.join(", ")));
  return { encoding, separator, rows: data.length, products: groupProducts(data, map) };
}

/** One row's cells by column, trimmed (the description excepted), the formula guard taken off. */
function cellsOf(record: readonly string[], map: HeaderMap) {
  const at = (index: number | undefined, trim = true) => {
    if (index === undefined) return "";
    const cell = unneutralise(record[index] ?? "");
    return trim ? cell.trim() : cell;
  };
  return {
    cell: (column: Column) => at(map.columns.get(column), column !== "body"),
    has: (column: Column) => map.columns.has(column),
    option: (n: number) => ({ name: at(map.options.get(n)?.name), value: at(map.options.get(n)?.value) }),
  };
}

function groupProducts(data: readonly string[][], map: HeaderMap): ReadProduct[] {
  const byHandle = new Map<string, ReadProduct>();
  const products: ReadProduct[] = [];
  const skuLines = new Map<string, number>();
  const optionNumbers = [...map.options.keys()].sort((a, b) => a - b);
  const hasStatus = map.columns.has("status") || map.columns.has("published");

  data.forEach((record, index) => {
    const line = index + 2;
    if (record.every((c) => c.trim() === "")) return;
    const { cell, has, option } = cellsOf(record, map);
    const refuse = (product: ReadProduct, reason: string) =>
      product.reasons.push({ line, handle: product.handle, reason });

    const handle = (cell("handle") || handleOf(cell("title"))).toLowerCase();
    if (!handle) {
      products.push({ ...emptyProduct("", line), reasons: [{ line, handle: "", reason: MSG.csvHandleRequired }] });
      return;
    }
    let product = byHandle.get(handle);
    if (!product) {
      product = emptyProduct(handle, line);
      byHandle.set(handle, product);
      products.push(product);
      readProductFields(product, cell, has, hasStatus, refuse);
      for (const n of optionNumbers) {
        const name = option(n).name;
        if (name) product.optionNames[n - 1] = name;
      }
    }

    const image = cell("imageSrc");
    if (image) {
      if (!isHttpUrl(image)) refuse(product, MSG.csvImageNotHttp(image));
      else if (product.productImage.given) product.productImage.value.push(image);
    }

    const values = optionNumbers.map((n) => option(n).value);
    const variantCells = [cell("price"), cell("compareAt"), cell("sku"), cell("qty"), cell("variantImage"), ...values];
    // An image row: only a handle and a picture, as Shopify writes a product's extra images.
    if (variantCells.every((c) => c === "")) return;
    readVariant(product, line, cell, has, values, optionNumbers, skuLines, refuse);
  });
  for (const product of products) {
    if (product.reasons.length === 0 && product.variants.length === 0) {
      product.reasons.push({ line: product.line, handle: product.handle, reason: MSG.csvPriceRequired });
    }
  }
  return products;
}

function emptyProduct(handle: string, line: number): ReadProduct {
  return {
    handle,
    line,
    productName: "",
    brandName: "",
    category: "",
    description: { given: false },
    hidden: { given: false },
    productImage: { given: false },
    optionNames: [],
    variants: [],
    reasons: [],
  };
}

type Cells = ReturnType<typeof cellsOf>;

function readProductFields(
  product: ReadProduct,
  cell: Cells["cell"],
  has: Cells["has"],
  hasStatus: boolean,
  refuse: (product: ReadProduct, reason: string) => void,
) {
  product.productName = cell("title");
  if (!product.productName) refuse(product, MSG.csvTitleRequired);
  product.brandName = cell("vendor");
  if (!product.brandName) refuse(product, MSG.csvBrandRequired);
  // Shopify's Product Category is its own taxonomy ("Électronique > Téléphones"): its last step.
  product.category = cell("type") || (cell("productCategory").split(">").pop()?.trim() ?? "");
  if (!product.category) refuse(product, MSG.csvCategoryRequired);
  if (has("body")) product.description = { given: true, value: plainText(cell("body")) };
  if (has("imageSrc")) product.productImage = { given: true, value: [] };
  if (hasStatus) {
    const status = cell("status").toLowerCase();
    const published = cell("published").toLowerCase();
    if (status) {
      if (status === "active") product.hidden = { given: true, value: false };
      else if (status === "draft" || status === "archived") product.hidden = { given: true, value: true };
      else refuse(product, MSG.csvStatusInvalid(cell("status")));
    } else if (published) {
      if (["true", "vrai", "oui", "1"].includes(published)) product.hidden = { given: true, value: false };
      else if (["false", "faux", "non", "0"].includes(published)) product.hidden = { given: true, value: true };
      else refuse(product, MSG.csvStatusInvalid(cell("published")));
    }
  }
}

function readVariant(
  product: ReadProduct,
  line: number,
  cell: Cells["cell"],
  has: Cells["has"],
  values: string[],
  optionNumbers: number[],
  skuLines: Map<string, number>,
  refuse: (product: ReadProduct, reason: string) => void,
) {
  const before = product.reasons.length;
  // Option values, one per named option; a value past the third option has nowhere to go.
  const optionValues: string[] = [];
  optionNumbers.forEach((n, k) => {
    const name = product.optionNames[n - 1];
    const value = values[k] ?? "";
    if (n > MAX_PRODUCT_OPTIONS) {
      if (value || name) refuse(product, MSG.csvTooManyOptions(MAX_PRODUCT_OPTIONS));
      return;
    }
    if (value && !name) refuse(product, MSG.csvOptionNameMissing(n));
    else if (name && !value) refuse(product, MSG.csvOptionValueMissing(name));
    else if (value) optionValues.push(value);
  });

  const priceCell = cell("price");
  const sellingPrice = francsOf(priceCell);
  if (!priceCell) refuse(product, MSG.csvPriceRequired);
  else if (sellingPrice === null) refuse(product, MSG.csvPriceInvalid(HEADERS.price, priceCell));
  const oldCell = cell("compareAt");
  const oldPrice = oldCell ? francsOf(oldCell) : sellingPrice;
  if (oldCell && oldPrice === null) refuse(product, MSG.csvPriceInvalid(HEADERS.compareAt, oldCell));
  if (sellingPrice !== null && oldPrice !== null && sellingPrice > oldPrice) {
    refuse(product, MSG.csvSellingAbovePrice(sellingPrice, oldPrice));
  }

  let stock: Given<number | null> = { given: false };
  if (has("qty")) {
    const qty = cell("qty").replace(/[\s\u00a0\u202f]/g, "");
    if (qty === "") stock = { given: true, value: null };
    else if (/^\d{1,7}$/.test(qty) && Number(qty) <= 1_000_000) stock = { given: true, value: Number(qty) };
    else refuse(product, MSG.csvStockInvalid(cell("qty")));
  }

  let images: Given<string[]> = { given: false };
  if (has("variantImage")) {
    const urls = cell("variantImage").split(/\s+/).filter(Boolean);
    const bad = urls.find((url) => !isHttpUrl(url));
    if (bad) refuse(product, MSG.csvImageNotHttp(bad));
    images = { given: true, value: urls };
  }

  const sku = cell("sku") || null;
  if (sku) {
    const first = skuLines.get(sku);
    if (first !== undefined) refuse(product, MSG.csvSkuDuplicate(sku, first));
    else skuLines.set(sku, line);
  }
  if (product.reasons.length > before || sellingPrice === null || oldPrice === null) return;
  product.variants.push({ line, sku, optionValues, price: oldPrice, sellingPrice, stock, images });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the import would do with each product read: create it, update the shop's product it
 * names (by a variant's SKU first, else by its handle), leave it as it is, or refuse it with
 * the lines' reasons. An ADMIN updates only its own products.
 */
export function planCatalogueImport(read: CsvRead, context: ImportContext): ImportPlan {
  const categories = new Map(context.categories.map((c) => [c.toLowerCase(), c]));
  const bySku = new Map<string, CatalogueProduct>();
  const byHandle = new Map<string, CatalogueProduct>();
  for (const product of context.existing) {
    byHandle.set(product.handle.toLowerCase(), product);
    for (const v of product.variants) if (v.sku) bySku.set(v.sku, product);
  }
  const claimed = new Map<string, number>();
  const planned: PlannedProduct[] = [];
  const refused: RefusedLine[] = [];
  let refusedProducts = 0;
  const stored = (urls: string[]) => urls.map((url) => storedImageUrl(url, context.ownOrigins));

  for (const product of read.products) {
    const reasons = [...product.reasons];
    const refuse = (line: number, reason: string) => reasons.push({ line, handle: product.handle, reason });
    if (reasons.length === 0) {
      const category = categories.get(product.category.toLowerCase());
      if (!category) refuse(product.line, MSG.csvCategoryUnknown(product.category));
      else product.category = category;
    }

    // Which product of the shop it names: its SKUs must all name the same one, and its handle too if any.
    const skuMatches = new Set(product.variants.flatMap((v) => (v.sku && bySku.get(v.sku)) || []));
    const handleMatch = byHandle.get(product.handle);
    let match: CatalogueProduct | undefined;
    if (skuMatches.size > 1 || (skuMatches.size === 1 && handleMatch && !skuMatches.has(handleMatch))) {
      refuse(product.line, MSG.csvMatchConflict);
    } else {
      match = [...skuMatches][0] ?? handleMatch;
    }
    if (match) {
      const earlier = claimed.get(match.id);
      if (earlier !== undefined) refuse(product.line, MSG.csvHandleDuplicate(match.handle, earlier));
      else claimed.set(match.id, product.line);
      if (match.archived) refuse(product.line, MSG.csvProductArchived);
      else if (context.viewer.role !== "SUPERADMIN" && match.userId !== context.viewer.id) {
        refuse(product.line, MSG.csvNotOwned);
      }
    }

    const plan = reasons.length ? null : toPlan(product, match, stored, refuse);
    if (!plan || reasons.length) {
      refused.push(...reasons);
      refusedProducts++;
      continue;
    }
    planned.push(plan);
  }
  return {
    encoding: read.encoding,
    separator: read.separator,
    rows: read.rows,
    products: planned,
    refused: refused.sort((a, b) => a.line - b.line),
    refusedProducts,
  };
}

/** The product as the import would leave it, checked by the product form's own rules. */
function toPlan(
  product: ReadProduct,
  match: CatalogueProduct | undefined,
  stored: (urls: string[]) => string[],
  refuse: (line: number, reason: string) => void,
): PlannedProduct | null {
  const options = product.optionNames
    .map((name, k) => ({ name, values: [...new Set(product.variants.map((v) => v.optionValues[k] ?? ""))] }))
    .filter((o) => o.name);
  const noOptions = isDefaultTitle(
    options.map((o) => o.name),
    options[0]?.values ?? [],
  );
  const finalOptions = noOptions ? [] : options;

  // Variants: the one with the same SKU, else the one with the same values; the others are new.
  const claimedVariants = new Set<string>();
  const key = (values: readonly string[]) => JSON.stringify(values.map((v) => v.toLowerCase()));
  const variants: PlannedVariant[] = product.variants.map((v) => {
    const optionValues = noOptions ? [] : v.optionValues;
    const free = match?.variants.filter((e) => !claimedVariants.has(e.id)) ?? [];
    const existing =
      free.find((e) => v.sku !== null && e.sku === v.sku) ??
      free.find((e) => key(e.optionValues) === key(optionValues));
    if (existing) claimedVariants.add(existing.id);
    return {
      variantId: existing?.id ?? null,
      sku: v.sku,
      optionValues,
      price: v.price,
      sellingPrice: v.sellingPrice,
      stock: v.stock.given ? v.stock.value : (existing?.stock ?? null),
      images: v.images.given ? stored(v.images.value) : (existing?.images ?? []),
      line: v.line,
    };
  });

  const fields = {
    productName: product.productName,
    brandName: product.brandName,
    category: product.category,
    description: product.description.given ? product.description.value : (match?.description ?? ""),
    hidden: product.hidden.given ? product.hidden.value : (match?.hidden ?? false),
    productImage: product.productImage.given ? stored(product.productImage.value) : (match?.productImage ?? []),
  };

  // The product form's rules, with their French messages, on the line they concern.
  const cheapest = [...variants].sort((a, b) => a.sellingPrice - b.sellingPrice)[0];
  const checked = productCreateInput.safeParse({
    ...fields,
    price: cheapest?.price ?? 1,
    sellingPrice: cheapest?.sellingPrice ?? 1,
  });
  let ok = true;
  if (!checked.success) {
    ok = false;
    for (const issue of checked.error.issues) {
      refuse(product.line, MSG.csvFieldInvalid(columnOf(String(issue.path[0] ?? "")), issue.message));
    }
  }
  const variantsChecked = productVariantsInput.safeParse({
    options: finalOptions,
    variants: variants.map((v) => ({
      optionValues: v.optionValues,
      price: v.price,
      sellingPrice: v.sellingPrice,
      stock: v.stock,
      images: v.images,
    })),
  });
  if (!variantsChecked.success) {
    ok = false;
    for (const issue of variantsChecked.error.issues) {
      const line =
        issue.path[0] === "variants" ? (variants[Number(issue.path[1])]?.line ?? product.line) : product.line;
      refuse(line, issue.message);
    }
  }
  if (!ok) return null;

  const plan: PlannedProduct = {
    action: "create",
    productId: match?.id ?? null,
    // The key is never changed by an import: a product found by SKU keeps the shop's handle.
    handle: match?.handle ?? product.handle,
    line: product.line,
    ...fields,
    options: finalOptions,
    variants,
    changes: [],
  };
  if (!match) return plan;
  const changes = (["productName", "brandName", "category", "description", "hidden", "productImage"] as const).filter(
    (k) => !same(fields[k], match[k]),
  ) as string[];
  if (
    !same(
      finalOptions,
      match.options.map((o) => ({ name: o.name, values: o.values })),
    )
  )
    changes.push("options");
  const variantsSame =
    variants.length === match.variants.length &&
    variants.every((v, i) => {
      const e = match.variants[i];
      return (
        e !== undefined &&
        v.variantId === e.id &&
        same(
          [v.sku, v.optionValues, v.price, v.sellingPrice, v.stock, v.images],
          [e.sku, e.optionValues, e.price, e.sellingPrice, e.stock, e.images],
        )
      );
    });
  if (!variantsSame) changes.push("variants");
  return { ...plan, action: changes.length ? "update" : "unchanged", changes };
}

/** The file's column a product field comes from, for a refusal's reason. */
function columnOf(field: string): string {
  const columns: Record<string, string> = {
    productName: HEADERS.title,
    brandName: HEADERS.vendor,
    category: HEADERS.type,
    description: HEADERS.body,
    productImage: HEADERS.imageSrc,
    hidden: HEADERS.status,
    price: HEADERS.compareAt,
    sellingPrice: HEADERS.price,
  };
  return columns[field] ?? field;
}

/** The file read and planned against the shop's data, in one call (the unit tests' way). */
export function parseCatalogueCsv(bytes: Buffer, context: ImportContext): ImportPlan {
  return planCatalogueImport(readCatalogueCsv(bytes), context);
}
