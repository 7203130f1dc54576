import type { Product } from "@shop/shared";
import { useState } from "react";
import { Link, useNavigate, useNavigation, useRevalidator } from "react-router";
import type { CategoryOption } from "../categories/category-choices";
import { plural } from "../orders/order-format";
import { StockDialog } from "../stock/stock-dialog";
import { AdminProductCard } from "./admin-product-card";
import { type BulkAnswer, filterFields } from "./bulk-form-values";
import { BulkPanel } from "./bulk-panel";
import { initialSelection, useBulkSelection } from "./bulk-selection";
import { DeleteProductDialog } from "./delete-product-dialog";
import type { ProductActionResult } from "./product-actions";
import { ProductFormDialog } from "./product-form";
import { ProductsFilters } from "./products-filters";
import {
  exportHref,
  IMPORT_PATH,
  isFiltered,
  PRODUCTS_PATH,
  type ProductsFilterValues,
  productsFilters,
  productsHref,
} from "./products-query";

const SECONDARY =
  "inline-flex min-h-11 items-center rounded-full bg-white px-5 font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50";

type Open =
  | { kind: "create" }
  | { kind: "edit"; product: Product }
  | { kind: "delete"; product: Product }
  | { kind: "stock"; productId: string }
  | null;

/**
 * 'Gestion des Produits' (SPEC.md §2, decisions 019 and 044): 'Nouveau produit', the search,
 * filters and sort, and the grid of the products this admin may manage (every product for a
 * SUPERADMIN, their own for an ADMIN: the server decides), paged in the address with its
 * filters, and the create, edit, delete and stock modals. After a change the modal closes and
 * the list is read again; a new product shows first, on the unfiltered page 1.
 * `stockFor` opens a product's stock at once (`?stock=<id>`, the dashboard's low-stock links).
 * `answer`: what a card's form (hide, show, duplicate) or the bulk change's (decision 048)
 * posted without scripts was answered.
 */
export function ProductsScreen({
  products,
  total,
  page,
  pages,
  error,
  filters = {},
  brands = [],
  categories = [],
  stockFor = null,
  answer = null,
}: {
  products: readonly Product[];
  total: number;
  page: number;
  pages: number;
  /** A refused search or filter (400), or the list that could not be read: said above an empty grid. */
  error: string | null;
  filters?: ProductsFilterValues;
  /** The brands of the products this admin manages, for the brand filter. */
  brands?: readonly string[];
  /** The shop's categories (decision 046), for the filter and the form. */
  categories?: readonly CategoryOption[];
  stockFor?: string | null;
  answer?: ProductActionResult | BulkAnswer | null;
}) {
  const [open, setOpen] = useState<Open>(() => (stockFor ? { kind: "stock", productId: stockFor } : null));
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PRODUCTS_PATH;
  const filtered = isFiltered(filters);
  const here = productsFilters(filters);
  const bulkAnswer = answer && "bulk" in answer ? answer : null;
  const cardAnswer = answer && !("bulk" in answer) ? answer : null;
  // Archived products are never named by a bulk change: they have no box.
  const pageIds = products.filter((product) => !product.archived).map((product) => product._id);
  const bulkFilter = filterFields(here);
  const filterKey = new URLSearchParams(bulkFilter).toString();
  const selection = useBulkSelection(pageIds, filterKey, () => initialSelection(bulkAnswer, pageIds, filterKey));
  const close = () => setOpen(null);
  const reload = () => {
    close();
    void revalidator.revalidate();
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Gestion des Produits</h1>
        <div className="flex flex-wrap gap-2">
          {/* A plain link: the browser downloads the file, with or without scripts (decision 047). */}
          <a href={exportHref(here)} download className={SECONDARY}>
            Exporter
          </a>
          <Link to={IMPORT_PATH} className={SECONDARY}>
            Importer
          </Link>
          <button
            type="button"
            onClick={() => setOpen({ kind: "create" })}
            className="min-h-11 rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark"
          >
            Nouveau produit
          </button>
        </div>
      </div>
      {cardAnswer && (
        <p
          role={cardAnswer.ok ? "status" : "alert"}
          className={`mt-4 rounded-md px-3 py-2 font-medium ${
            cardAnswer.ok
              ? "bg-green-50 text-green-900 ring-1 ring-green-200"
              : "bg-red-50 text-red-800 ring-1 ring-red-200"
          }`}
        >
          {cardAnswer.message}
        </p>
      )}
      <ProductsFilters filters={filters} brands={brands} categories={categories} />
      {error && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
          {error}
        </p>
      )}
      {!error && (products.length > 0 || filtered) && (
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          {plural(total, "produit")}
          {filters.q && <> pour « {filters.q} »</>}
        </p>
      )}
      {!error && (
        <BulkPanel
          pageIds={pageIds}
          total={total}
          // More than this page shows, or a filter to name (not the archived: a bulk change leaves them).
          offerWholeFilter={(filtered || pages > 1) && filters.visibility !== "archived"}
          filterKey={filterKey}
          filterFields={bulkFilter}
          categories={categories}
          selection={selection}
          answer={bulkAnswer}
        />
      )}
      {products.length === 0 ? (
        // A list that could not be read says only why; a refused filter, that nothing matches.
        (!error || filtered) && (
          <p className="mt-4 rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">
            {filtered ? "Aucun produit ne correspond à ces filtres." : "Aucun produit disponible pour le moment."}
          </p>
        )
      ) : (
        <div className={loading ? "opacity-60" : undefined}>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {products.map((product) => (
              <li key={product._id}>
                <AdminProductCard
                  product={product}
                  pick={
                    product.archived
                      ? undefined
                      : {
                          checked: selection.wholeFilter || selection.isPicked(product._id),
                          disabled: selection.wholeFilter,
                          onChange: (on) => selection.change({ type: "toggle", id: product._id, on }),
                        }
                  }
                  onStock={() => setOpen({ kind: "stock", productId: product._id })}
                  onEdit={() => setOpen({ kind: "edit", product })}
                  onDelete={() => setOpen({ kind: "delete", product })}
                />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages des produits" className="mt-6 flex items-center justify-center gap-3">
              <PageLink to={page > 1 ? productsHref({ ...here, page: page - 1 }) : null}>Précédent</PageLink>
              <span className="tabular-nums">
                {page} / {pages}
              </span>
              <PageLink to={page < pages ? productsHref({ ...here, page: page + 1 }) : null}>Suivant</PageLink>
            </nav>
          )}
        </div>
      )}
      {open?.kind === "create" && (
        <ProductFormDialog
          product={null}
          categories={categories}
          onClose={close}
          onSaved={() => {
            // Where it shows first: the newest, unfiltered, page 1 (a search or filter may hide it).
            if (page > 1 || Object.keys(here).length > 0) {
              close();
              void navigate(PRODUCTS_PATH);
            } else reload();
          }}
        />
      )}
      {open?.kind === "edit" && (
        <ProductFormDialog product={open.product} categories={categories} onClose={close} onSaved={reload} />
      )}
      {open?.kind === "delete" && <DeleteProductDialog product={open.product} onClose={close} onDeleted={reload} />}
      {open?.kind === "stock" && (
        <StockDialog
          productId={open.productId}
          onClose={(changed) => {
            // Opened from a link: the address forgets it, so that a reload does not open it again.
            if (stockFor) {
              close();
              void navigate(productsHref({ ...here, page }), { replace: true });
            } else if (changed) reload();
            else close();
          }}
        />
      )}
    </>
  );
}

function PageLink({ to, children }: { to: string | null; children: string }) {
  const className = "min-h-11 rounded-full px-4 py-2.5 font-semibold";
  if (!to)
    return (
      <span aria-disabled="true" className={`${className} bg-slate-200 text-slate-600`}>
        {children}
      </span>
    );
  return (
    <Link to={to} className={`${className} bg-brand text-white hover:bg-brand-dark`}>
      {children}
    </Link>
  );
}
