import { SKELETONS_ROW } from "@shop/shared/core";
import { useEffect, useRef, useState } from "react";
import { Form, Link, type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from "react-router";
import { Deferred } from "../components/ui/deferred";
import { SkeletonList } from "../components/ui/skeleton";
import {
  type FilterResult,
  type FilterState,
  filterSearch,
  loadFilter,
  PAGE_SIZE,
  readFilter,
  sortByPrice,
} from "../features/catalog/category-filter";
import { GRID_CLASS } from "../features/catalog/paged-grid";
import { ProductGrid } from "../features/catalog/product-grid";
import { api } from "../lib/api";
import type { Route } from "./+types/product-category";

export function meta({ loaderData }: Route.MetaArgs) {
  const categories = loaderData?.filter.categories ?? [];
  const names = categories.length ? categories.join(", ") : "Toutes les catégories";
  return [
    { title: `${names} - Prix et disponibilité` },
    {
      name: "description",
      content: `${names} : prix en FCFA, triés comme vous voulez. Commande par WhatsApp ou par téléphone, livraison à Yaoundé.`,
    },
  ];
}

/** The shown categories' names, in the storefront's order (decision 046): the boxes, and "none ticked". */
const shownCategories = async (client: ReturnType<typeof api>) => (await client.categories()).map((c) => c.name);

export async function loader({ request }: Route.LoaderArgs) {
  const client = api(request);
  const categories = await shownCategories(client);
  const filter = readFilter(new URL(request.url).searchParams, categories);
  return { categories, filter, result: await loadFilter(client, filter, categories) };
}

/** Ticking a box re-fetches from /api in the browser; 13 skeletons meanwhile. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const client = api(request);
  const categories = await shownCategories(client);
  const filter = readFilter(new URL(request.url).searchParams, categories);
  return { categories, filter, result: loadFilter(client, filter, categories) };
}

// Whether the products on screen are the whole selection: then a new sort is applied in the
// browser without asking the server again (SPEC.md §2); otherwise the server sorts the pages.
let wholeSelectionShown = false;

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const current = readFilter(currentUrl.searchParams);
  const next = readFilter(nextUrl.searchParams);
  const sameSelection =
    current.page === next.page &&
    current.categories.length === next.categories.length &&
    current.categories.every((c) => next.categories.includes(c));
  if (sameSelection && current.sort !== next.sort && wholeSelectionShown && currentUrl.pathname === nextUrl.pathname) {
    return false;
  }
  return defaultShouldRevalidate;
}

function Results({ result, filter }: { result: FilterResult; filter: FilterState }) {
  useEffect(() => {
    wholeSelectionShown = filter.page === 1 && result.total <= result.products.length;
  }, [result, filter.page]);
  const pages = Math.ceil(result.total / PAGE_SIZE);
  return (
    <>
      <div role="status">
        <h2 className="px-4 text-lg font-semibold">Search Results: {result.total}</h2>
      </div>
      <div className="mt-4">
        {result.products.length === 0 ? (
          <p className="px-4 text-slate-600">Aucun produit ne correspond à ces catégories pour le moment.</p>
        ) : (
          <ProductGrid products={sortByPrice(result.products, filter.sort)} />
        )}
      </div>
      {pages > 1 && (
        <nav aria-label="Pages de résultats" className="mt-6 flex items-center justify-center gap-4 text-sm">
          {filter.page > 1 && (
            <Link
              className="font-semibold text-brand underline"
              to={filterSearch({ ...filter, page: filter.page - 1 })}
            >
              Précédent
            </Link>
          )}
          <span>
            {filter.page} / {pages}
          </span>
          {filter.page < pages && (
            <Link
              className="font-semibold text-brand underline"
              to={filterSearch({ ...filter, page: filter.page + 1 })}
            >
              Suivant
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

export default function ProductCategory({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // The boxes answer at once, before the address (in a transition) catches up: on a slow
  // network a tick must not seem to bounce back.
  const { categories, filter, result } = loaderData;
  const [shown, setShown] = useState(() => readFilter(new URLSearchParams(location.search), categories));
  useEffect(
    () => setShown(readFilter(new URLSearchParams(location.search), categories)),
    [location.search, categories],
  );

  const go = (next: FilterState) => {
    setShown(next);
    navigate(filterSearch(next), { replace: true, preventScrollReset: true });
  };

  // Boxes ticked before the scripts ran: applied as soon as they run, as a tick is after
  // (decision 027, "The first tap").
  const form = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the scripts take the page over
  useEffect(() => {
    if (!form.current) return;
    const entries = [...new FormData(form.current)].map(([name, value]) => [name, String(value)]);
    const ticked = readFilter(new URLSearchParams(entries), categories);
    const same =
      ticked.sort === shown.sort && [...ticked.categories].sort().join() === [...shown.categories].sort().join();
    if (!same) go({ ...ticked, page: 1 });
  }, []);

  return (
    <main className="mx-auto max-w-7xl px-0 pt-6 pb-8 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-6 lg:px-4">
      <h1 className="sr-only">Produits par catégorie</h1>
      <Form
        ref={form}
        method="get"
        className="mx-4 mb-6 space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200 lg:mx-0"
      >
        <fieldset>
          <legend className="font-bold">Trier par prix</legend>
          {(
            [
              ["asc", "Prix croissant"],
              ["dsc", "Prix - du haut au bas"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="sort"
                value={value}
                checked={shown.sort === value}
                onChange={() => go({ ...shown, sort: value, page: 1 })}
                className="size-4 accent-brand"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend className="font-bold">Catégories</legend>
          <ul className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm lg:grid-cols-1">
            {categories.map((category) => (
              <li key={category}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="category"
                    value={category}
                    checked={shown.categories.includes(category)}
                    onChange={(e) =>
                      go({
                        ...shown,
                        page: 1,
                        categories: e.currentTarget.checked
                          ? [...shown.categories, category]
                          : shown.categories.filter((c) => c !== category),
                      })
                    }
                    className="size-4 shrink-0 accent-brand"
                  />
                  {category}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <noscript>
          <button type="submit" className="rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white">
            Appliquer
          </button>
        </noscript>
      </Form>
      <section aria-label="Résultats">
        <Deferred
          key={`${filter.categories.join("|")}:${filter.page}`}
          value={result}
          fallback={
            <>
              <p className="px-4 text-lg font-semibold">Search Results: …</p>
              <div className="mt-4">
                <SkeletonList count={SKELETONS_ROW} className={GRID_CLASS} />
              </div>
            </>
          }
          errorElement={
            <p role="alert" className="px-4">
              Impossible de charger ces produits. Vérifiez votre connexion et réessayez.
            </p>
          }
        >
          {(loaded) => (
            <Results result={loaded} filter={shown.sort === filter.sort ? filter : { ...filter, sort: shown.sort }} />
          )}
        </Deferred>
      </section>
    </main>
  );
}
