import { PAGED_SECTION_SIZE, SKELETONS_PAGED, SKELETONS_ROW } from "@shop/shared/core";
import { Link } from "react-router";
import { SkeletonList } from "../../components/ui/skeleton";
import { api } from "../../lib/api";
import { GRID_CLASS, PagedGrid } from "./paged-grid";
import { type CardProduct, ProductCard, toCardProduct } from "./product-card";
import { ROW_ITEM_CLASS, ScrollRow } from "./scroll-row";

export type SectionKind = "row" | "paged";

export interface CategorySectionData {
  category: string;
  kind: SectionKind;
  products: CardProduct[];
  total: number;
}

/** Cards a scrolling row shows; the whole category is one 'Voir tout' away. */
export const ROW_SIZE = 8;

export const categoryHref = (category: string) => `/product-category?category=${encodeURIComponent(category)}`;

/** One category's first products, in the form its section shows them. */
export async function loadCategorySection(
  client: ReturnType<typeof api>,
  category: string,
  kind: SectionKind,
): Promise<CategorySectionData> {
  const { products, total } = await client.categoryProducts(category, {
    limit: kind === "row" ? ROW_SIZE : PAGED_SECTION_SIZE,
  });
  return { category, kind, products: products.map(toCardProduct), total };
}

/** A section's heading and its 'Voir tout' link (none when the category is known to be empty). */
export function SectionHeading({ id, category, total }: { id: string; category: string; total?: number }) {
  return (
    <div className="flex items-baseline justify-between gap-2 px-4">
      <h2 id={id} className="text-lg font-bold">
        {category}
      </h2>
      {total !== 0 && (
        <Link to={categoryHref(category)} className="shrink-0 text-sm font-semibold text-brand hover:underline">
          Voir tout<span className="sr-only"> : {category}</span>
        </Link>
      )}
    </div>
  );
}

/**
 * A category's heading and its products, as a scrolling row or a paged grid. `eager` marks
 * the first screen's section, whose first card's picture (the largest of the first screen) loads
 * at once with high priority (decision 027).
 */
export function CategorySection({
  section,
  index,
  eager = false,
}: {
  section: CategorySectionData;
  index: number;
  eager?: boolean;
}) {
  // Category names hold spaces, which an id (and so aria-labelledby) cannot.
  const headingId = `category-${index}`;
  const { category, kind, products, total } = section;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <SectionHeading id={headingId} category={category} total={total} />
      <div className="mt-3">
        {products.length === 0 ? (
          <p className="px-4 text-sm text-slate-600">Aucun produit dans cette catégorie pour le moment.</p>
        ) : kind === "row" ? (
          <ScrollRow label={category}>
            {products.map((product, i) => (
              <li key={product._id} className={ROW_ITEM_CLASS}>
                <ProductCard product={product} eager={eager && i === 0} />
              </li>
            ))}
          </ScrollRow>
        ) : (
          <PagedGrid
            label={category}
            products={products}
            total={total}
            loadPage={async (page) =>
              (await api().categoryProducts(category, { page, limit: PAGED_SECTION_SIZE })).products.map(toCardProduct)
            }
          />
        )}
      </div>
    </section>
  );
}

/** A section's products while they are on the way (13 cards in a row, 6 in a grid). */
export function SectionProductsSkeleton({ kind }: { kind: SectionKind }) {
  return (
    <div className="mt-3">
      {kind === "row" ? (
        <SkeletonList
          count={SKELETONS_ROW}
          className="flex gap-3 overflow-hidden px-4 pb-2"
          itemClassName={ROW_ITEM_CLASS}
        />
      ) : (
        <SkeletonList count={SKELETONS_PAGED} className={GRID_CLASS} />
      )}
    </div>
  );
}

/** What a section looks like while its products are on the way. */
export function CategorySectionSkeleton({ kind, title }: { kind: SectionKind; title?: string }) {
  return (
    <section className="mt-8" aria-busy="true">
      {title ? (
        <h2 className="px-4 text-lg font-bold">{title}</h2>
      ) : (
        <div aria-hidden="true" className="mx-4 h-6 w-40 animate-pulse rounded bg-slate-200" />
      )}
      <SectionProductsSkeleton kind={kind} />
    </section>
  );
}
