import {
  ADMIN_PRODUCT_SORT_LABELS,
  ADMIN_PRODUCT_SORTS,
  PRODUCT_VISIBILITIES,
  PRODUCT_VISIBILITY_LABELS,
} from "@shop/shared/back-office";
import { STOCK_STATUSES } from "@shop/shared/core";
import type { FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { type CategoryOption, categoryChoices } from "../categories/category-choices";
import {
  DEFAULT_SORT,
  filterCount,
  PROMO_CHOICES,
  PROMO_LABELS,
  type ProductsFilterValues,
  productsFilters,
  productsHref,
  productsQueryOf,
  STOCK_FILTER_LABELS,
} from "./products-query";

const sameBrand = (a: string, b: string) => a.localeCompare(b, "fr", { sensitivity: "base" }) === 0;

/**
 * The grid's search, filters and sort: a plain GET form, so it works without JavaScript too,
 * and the address keeps every choice (a filtered grid is a link to share, and survives a
 * reload). With JavaScript it goes to the same address without the empty fields. On a phone
 * the filters fold under 'Filtres et tri', open as soon as one is set. The categories are the
 * shop's (decision 046), hidden ones marked.
 */
export function ProductsFilters({
  filters,
  brands,
  categories,
}: {
  filters: ProductsFilterValues;
  brands: readonly string[];
  categories: readonly CategoryOption[];
}) {
  const navigate = useNavigate();
  const count = filterCount(filters);
  // A brand from a shared link that this admin no longer sells is still shown as chosen.
  const brandChoices =
    filters.brand && !brands.some((b) => sameBrand(b, filters.brand ?? "")) ? [filters.brand, ...brands] : brands;
  const chosenBrand = (filters.brand && brandChoices.find((b) => sameBrand(b, filters.brand ?? ""))) ?? "";
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string") params.set(key, value);
    void navigate(productsHref({ ...productsQueryOf(params), page: 1 }));
  };
  const changed = Object.keys(productsFilters(filters)).length > 0;

  return (
    // Drawn again when the address changes (a link, "Effacer les filtres"), so the fields show it.
    <Form
      key={productsHref(filters)}
      method="get"
      role="search"
      aria-label="Rechercher des produits"
      onSubmit={submit}
      className="mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <Field
        id="products-q"
        name="q"
        label="Rechercher un produit"
        hint="Par nom, marque ou variante ; les fautes de frappe et les accents sont tolérés."
      >
        {(props) => (
          <input
            {...props}
            type="search"
            defaultValue={filters.q ?? ""}
            maxLength={100}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <details open={count > 0 || filters.sort ? true : undefined} className="mt-3">
        <summary className="min-h-11 cursor-pointer py-2.5 font-semibold text-brand">
          Filtres et tri{count > 0 ? ` (${count})` : ""}
        </summary>
        <div className="mt-1 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Field id="products-category" name="category" label="Catégorie">
            {(props) => (
              <select {...props} defaultValue={filters.category ?? ""} className={inputClass}>
                <option value="">Toutes</option>
                {categoryChoices(categories, filters.category).map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="products-brand" name="brand" label="Marque">
            {(props) => (
              <select {...props} defaultValue={chosenBrand} className={inputClass}>
                <option value="">Toutes</option>
                {brandChoices.map((brand) => (
                  <option key={brand} value={brand}>
                    {brand}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="products-stock" name="stock" label="Stock">
            {(props) => (
              <select {...props} defaultValue={filters.stock ?? ""} className={inputClass}>
                <option value="">Tous</option>
                {STOCK_STATUSES.map((state) => (
                  <option key={state} value={state}>
                    {STOCK_FILTER_LABELS[state]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="products-promo" name="promo" label="Promotion">
            {(props) => (
              <select {...props} defaultValue={filters.promo ?? ""} className={inputClass}>
                <option value="">Tous les prix</option>
                {PROMO_CHOICES.map((promo) => (
                  <option key={promo} value={promo}>
                    {PROMO_LABELS[promo]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="products-visibility" name="visibility" label="Visibilité">
            {(props) => (
              <select {...props} defaultValue={filters.visibility ?? ""} className={inputClass}>
                <option value="">Toutes</option>
                {PRODUCT_VISIBILITIES.map((visibility) => (
                  <option key={visibility} value={visibility}>
                    {PRODUCT_VISIBILITY_LABELS[visibility]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="products-sort" name="sort" label="Trier par">
            {(props) => (
              <select {...props} defaultValue={filters.sort ?? DEFAULT_SORT} className={inputClass}>
                {ADMIN_PRODUCT_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {ADMIN_PRODUCT_SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </details>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="submit"
          className="min-h-11 rounded-full bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
        >
          Filtrer
        </button>
        {changed && (
          <Link to={productsHref({})} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
            Effacer les filtres
          </Link>
        )}
      </div>
    </Form>
  );
}
