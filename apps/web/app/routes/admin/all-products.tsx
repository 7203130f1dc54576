import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { adminApi } from "../../features/admin/admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../../features/admin/admin-errors";
import type { CategoryOption } from "../../features/admin/categories/category-choices";
import { gridReadAgain } from "../../features/admin/products/bulk-form-values";
import { productsAction } from "../../features/admin/products/product-actions.server";
import { productsFilters, productsHref, readProductsQuery } from "../../features/admin/products/products-query";
import { ProductsScreen } from "../../features/admin/products/products-screen";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { productIdOf } from "../../features/admin/stock/stock-query";
import type { Route } from "./+types/all-products";

/** Products on a page of the back-office's grid: divides into rows of 2, 3 and 4. */
export const ADMIN_PAGE_SIZE = 24;

export function meta() {
  return [{ title: "Gestion des Produits" }, { name: "robots", content: "noindex" }];
}

/** `?stock=<id>`: the product whose stock opens at once (the dashboard's low-stock links). */
const stockParam = (url: URL) => productIdOf(url.searchParams.get("stock"));

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = readProductsQuery(url);
  const filters = productsFilters(query);
  const { page } = query;
  const api = adminApi(request);
  // The brands to choose from help, they are not the page: without them it still lists.
  const brands = api.brands().catch((): string[] => []);
  // So are the categories (decision 046): without them the form lists the product's own.
  const categories = api
    .categories()
    .then((list): CategoryOption[] => list.map(({ name, hidden }) => ({ name, hidden })))
    .catch((): CategoryOption[] => []);
  try {
    const { products, total } = await api.adminProducts({ ...filters, page, limit: ADMIN_PAGE_SIZE });
    const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
    // Past the end (the last product of the last page was just deleted): the last page.
    if (products.length === 0 && page > pages) throw redirect(productsHref({ ...filters, page: pages }));
    return {
      products,
      total,
      page,
      pages,
      error: null,
      filters,
      brands: await brands,
      categories: await categories,
      stockFor: stockParam(url),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    // A search or filter the API refuses (400) is said in its French words above an empty
    // grid; a list that could not be read, as SPEC.md §8 says it: 'Failed to fetch products'.
    return {
      products: [],
      total: 0,
      page,
      pages: 1,
      error: adminErrorMessage(error, ADMIN_TEXT.productsLoadError),
      filters,
      brands: await brands,
      categories: await categories,
      stockFor: null,
    };
  }
}

/** A card's hide, show or duplicate form (decision 046), the bulk change's preview and confirmation (decision 048). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return productsAction(request);
}

/** A bulk change's preview writes nothing: the grid is not read again for it. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return gridReadAgain(args);
}

export default function AllProducts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main>
      <ProductsScreen {...loaderData} answer={actionData ?? null} />
    </main>
  );
}
