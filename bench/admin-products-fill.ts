/**
 * The admin products benchmark's catalogue (admin-products-bench.ts): `catalogue.ts`'s products
 * with variants and a stock of every state the grid filters on, filled in bulk as the app's own
 * triggers and variants' service would leave them; and the checks of that.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { ProductOption } from "@shop/shared";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.ts";
import { products, productVariants } from "../apps/server/src/db/schema.ts";
import { type BenchProduct, benchCatalogue, francs, random } from "./catalogue.ts";

export type StockState = "untracked" | "out" | "low" | "in_stock" | "mixed";
/** How often each state is drawn ("mixed": one variant untracked, another counted; the app reads it as in stock). */
const STATE_WEIGHTS: [StockState, number][] = [
  ["untracked", 0.2],
  ["out", 0.12],
  ["low", 0.15],
  ["in_stock", 0.45],
  ["mixed", 0.08],
];
/** Share of the products with an option and 2–3 variants; the others have their one default variant. */
const WITH_OPTIONS = 0.35;
const NOT_PHONES: readonly string[] = ["GADGETS ÉLECTRONIQUES", "APPLE WATCH", "ACCESSOIRES"];
const CONDITIONS: [string, number][] = [
  ["Neuf", 1],
  ["Reconditionné", 0.82],
  ["Occasion", 0.7],
];
const COLOURS = ["Noir", "Blanc", "Bleu", "Rouge", "Gris", "Vert"];

export interface PlannedVariant {
  optionValues: string[];
  price: number;
  sellingPrice: number;
  stock: number | null;
}

export interface PlannedProduct {
  id: string;
  row: BenchProduct;
  options: ProductOption[];
  variants: PlannedVariant[];
  /** The state the app should read: "mixed" reads as in stock. */
  state: Exclude<StockState, "mixed">;
  /** A draft, off the storefront (decision 046): one product in HIDDEN_EVERY, for the grid's visibility filter. */
  hidden: boolean;
}

const HIDDEN_EVERY = 20;

function drawState(rand: () => number): StockState {
  let x = rand();
  for (const [state, weight] of STATE_WEIGHTS) {
    x -= weight;
    if (x < 0) return state;
  }
  return "in_stock";
}

/** Counts for `n` variants in `state`; "mixed" needs two variants or more. */
function stocks(rand: () => number, state: StockState, n: number): (number | null)[] {
  const counts = Array.from({ length: n }, () => 0);
  const spread = (units: number) => {
    for (let u = 0; u < units; u++) {
      const k = Math.floor(rand() * n);
      counts[k] = (counts[k] ?? 0) + 1;
    }
  };
  switch (state) {
    case "untracked":
      return counts.map(() => null);
    case "out":
      return counts;
    case "low":
      spread(1 + Math.floor(rand() * 3));
      return counts;
    case "in_stock":
      spread(4 + Math.floor(rand() * 40));
      return counts;
    case "mixed":
      spread(Math.floor(rand() * 10));
      return counts.map((c, i) => (i === 0 ? null : c));
  }
}

/** A product's variants as the product form would send them, and what the app reads of its stock. */
function planProduct(rand: () => number, row: BenchProduct): Omit<PlannedProduct, "hidden"> {
  const id = randomUUID();
  let state = drawState(rand);
  const discount = row.sellingPrice / row.price;
  if (rand() >= WITH_OPTIONS) {
    if (state === "mixed") state = "in_stock";
    const [stock = null] = stocks(rand, state, 1);
    const variants = [{ optionValues: [], price: row.price, sellingPrice: row.sellingPrice, stock }];
    return { id, row, options: [], variants, state };
  }
  const count = 2 + Math.floor(rand() * 2);
  let option: ProductOption;
  let factors: number[];
  if (NOT_PHONES.includes(row.category)) {
    const colours = COLOURS.map((c) => [rand(), c] as const)
      .sort((a, b) => a[0] - b[0])
      .slice(0, count)
      .map(([, c]) => c);
    option = { name: "Couleur", values: colours };
    factors = colours.map(() => 1);
  } else {
    const conditions = CONDITIONS.slice(0, count);
    option = { name: "État", values: conditions.map(([name]) => name) };
    factors = conditions.map(([, factor]) => factor);
  }
  const counts = stocks(rand, state, count);
  const variants = option.values.map((value, i) => {
    const price = francs(row.price * (factors[i] ?? 1));
    return {
      optionValues: [value],
      price,
      sellingPrice: Math.min(price, francs(price * discount)),
      stock: counts[i] ?? null,
    };
  });
  // The product's prices are its cheapest variant's, as the variants' service keeps them.
  const cheapest = [...variants].sort((a, b) => a.sellingPrice - b.sellingPrice)[0];
  return {
    id,
    row: { ...row, price: cheapest?.price ?? row.price, sellingPrice: cheapest?.sellingPrice ?? row.sellingPrice },
    options: [option],
    variants,
    state: state === "mixed" ? "in_stock" : state,
  };
}

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

export interface Fill {
  productsSeconds: number;
  variantsSeconds: number;
  whatIfSeconds: number;
  analyzeSeconds: number;
  totalSeconds: number;
  variants: number;
}

/**
 * The catalogue in bulk. Products: one INSERT per 500, the database's triggers running for every
 * row (the default variant of migration 0009, the lexicon of 0003/0010). Stock of single items:
 * one UPDATE per 1,000. Products with options, per 300 in a transaction, as `saveVariants`
 * leaves them: the default variant replaced by theirs, then the product's options, prices (the
 * cheapest variant's) and variant_terms (every value sold, in order, once), which regenerates
 * search_vector and search_text and feeds the lexicon through its trigger. No audit line and
 * no stock movement: the grid reads neither.
 */
export async function fill(db: Db, plan: PlannedProduct[], ownerId: string, whatIf: string): Promise<Fill> {
  const start = performance.now();
  for (const batch of chunks(plan, 500)) {
    await db.insert(products).values(batch.map((p) => ({ ...p.row, id: p.id, userId: ownerId, hidden: p.hidden })));
  }
  const inserted = performance.now();
  const single = plan.filter((p) => p.options.length === 0 && p.variants[0]?.stock != null);
  for (const batch of chunks(single, 1000)) {
    const values = sql.join(
      batch.map((p) => sql`(${p.id}::uuid, ${p.variants[0]?.stock ?? null}::int)`),
      sql`, `,
    );
    await db.execute(
      sql`update product_variants v set stock = s.stock from (values ${values}) as s(product_id, stock) where v.product_id = s.product_id`,
    );
  }
  for (const batch of chunks(
    plan.filter((p) => p.options.length > 0),
    300,
  )) {
    await db.transaction(async (tx) => {
      await tx.delete(productVariants).where(
        inArray(
          productVariants.productId,
          batch.map((p) => p.id),
        ),
      );
      await tx
        .insert(productVariants)
        .values(
          batch.flatMap((p) =>
            p.variants.map((v, position) => ({ productId: p.id, position, ...v, images: [] as string[] })),
          ),
        );
      const values: SQL[] = batch.map((p) => {
        const terms = [...new Set(p.variants.flatMap((v) => v.optionValues))].join(" ");
        return sql`(${p.id}::uuid, ${JSON.stringify(p.options)}::jsonb, ${p.row.price}::int, ${p.row.sellingPrice}::int, ${terms}::text)`;
      });
      await tx.execute(sql`update products p
        set options = s.options, price = s.price, selling_price = s.selling_price, variant_terms = s.terms
        from (values ${sql.join(values, sql`, `)}) as s(id, options, price, selling_price, terms)
        where p.id = s.id`);
    });
  }
  const variantsDone = performance.now();
  // One statement at a time (PGlite's query takes one); no ";" inside a statement, then.
  for (const statement of whatIf.split(";")) {
    if (statement.trim()) await db.execute(sql.raw(statement));
  }
  const whatIfDone = performance.now();
  // What autovacuum does on PostgreSQL shortly after such a load, and the shop's own upkeep on
  // PGlite once an import is done (decision 049): the rewritten rows' dead versions go.
  await db.execute(sql`VACUUM (ANALYZE)`);
  const end = performance.now();
  return {
    productsSeconds: (inserted - start) / 1000,
    variantsSeconds: (variantsDone - inserted) / 1000,
    whatIfSeconds: (whatIfDone - variantsDone) / 1000,
    analyzeSeconds: (end - whatIfDone) / 1000,
    totalSeconds: (end - start) / 1000,
    variants: plan.reduce((n, p) => n + p.variants.length, 0),
  };
}

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the variants' service decides of a product, and what the database derives from it. */
export async function snapshot(db: Db, ids: string[]): Promise<Map<string, string>> {
  const result = await db.execute(sql`select id, json_build_array(options, price, selling_price, variant_terms,
      search_text, search_vector::text, (select json_agg(json_build_array(option_values, price, selling_price, stock)
        order by position) from product_variants v where v.product_id = products.id))::text as shape
    from products where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(rowsOf<{ id: string; shape: string }>(result).map((r) => [r.id, r.shape]));
}

/** Words of the products' search_text missing from search_lexicon (the trigger's rule of migration 0003). */
export async function lexiconGaps(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (
      select distinct w from products, regexp_split_to_table(search_text, '[^[:alnum:]]+') as w where length(w) >= 3
    ) words where not exists (select 1 from search_lexicon where word = w)`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
}

/** `count` products of catalogue.ts with their variants and stock, the same on every run but for the ids. */
export async function planCatalogue(count: number): Promise<{ plan: PlannedProduct[]; source: string }> {
  const { products: rows, source } = await benchCatalogue(count);
  const rand = random(20_261_128);
  return {
    plan: rows.map((row, i) => ({ ...planProduct(rand, row), hidden: i % HIDDEN_EVERY === 0 })),
    source,
  };
}
