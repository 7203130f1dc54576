import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { inputBase } from "../../components/ui/field";
import { toast } from "../../components/ui/toast";
import { adminApi } from "../../features/admin/admin-api";
import { DashboardSection } from "../../features/admin/dashboard/dashboard-parts";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { plural } from "../../features/admin/orders/order-format";
import { Pager } from "../../features/admin/orders/pager";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { markNotified } from "../../features/admin/stock/mark-notified.server";
import { MovementsList } from "../../features/admin/stock/movements-list";
import { RestockList } from "../../features/admin/stock/restock-list";
import {
  type HistoryQuery,
  historyHref,
  MOVEMENTS_PAGE_SIZE,
  pickedProduct,
  readHistoryQuery,
} from "../../features/admin/stock/stock-query";
import { useShop } from "../../features/layout/use-shop";
import { ApiError } from "../../lib/api";
import type { Route } from "./+types/stock";

export function meta() {
  return [{ title: "Stock" }, { name: "robots", content: "noindex" }];
}

/** The products offered by the history's filter: the best matches of its search, or the newest this admin manages. */
const FILTER_PRODUCTS = 100;

interface ProductChoices {
  products: { _id: string; productName: string }[];
  /** How many products the search found (the list offers the first FILTER_PRODUCTS). */
  found: number;
  /** The API's French reason when it refuses the search (longer than 100 characters). */
  refused: string | null;
}

/** The products to choose from, found by the products screen's own search (decision 044). */
async function productChoices(api: ReturnType<typeof adminApi>, q: string | undefined): Promise<ProductChoices> {
  try {
    const { products, total } = await api.adminProducts({ q, limit: FILTER_PRODUCTS });
    return { products: products.map((p) => ({ _id: p._id, productName: p.productName })), found: total, refused: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { products: [], found: 0, refused: error.message };
    throw error;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readHistoryQuery(new URL(request.url));
  const api = adminApi(request);
  // The form sent: its address becomes the one of what it asks, the product its search picked.
  if (query.searched !== undefined) {
    const { products } = await productChoices(api, query.q);
    throw redirect(historyHref({ q: query.q, productId: pickedProduct(query, products) }));
  }
  const [alerts, { movements, total }, choices] = await Promise.all([
    api.stockAlerts(),
    api
      .stockMovements({ productId: query.productId, page: query.page, limit: MOVEMENTS_PAGE_SIZE })
      .catch((error: unknown) => {
        // A product deleted since, or another admin's: "not found" rather than an error.
        if (error instanceof ApiError && (error.status === 403 || error.status === 404))
          throw data(null, { status: 404 });
        throw error;
      }),
    productChoices(api, query.q),
  ]);
  // A page past the end (an old link): the last page there is.
  const last = Math.max(1, Math.ceil(total / MOVEMENTS_PAGE_SIZE));
  if (query.page > last) throw redirect(historyHref({ ...query, page: last }));
  const { products } = choices;
  // The product filtered on, even when it is older than the choices or outside the search.
  const current = query.productId && movements[0];
  if (query.productId && !products.some((p) => p._id === query.productId))
    products.push({ _id: query.productId, productName: current ? current.productName : "Produit choisi" });
  return { query, alerts, movements, total, choices };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return markNotified(request);
}

/**
 * 'Stock': the 'Prévenez-moi' requests to answer first (a variant is back: one WhatsApp
 * message each), then every stock movement, newest first, for the whole shop or one product.
 */
export default function AdminStock({ loaderData, actionData }: Route.ComponentProps) {
  const { query, alerts, movements, total, choices } = loaderData;
  const { products } = choices;
  const shop = useShop();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin-panel/stock";
  const productName = products.find((p) => p._id === query.productId)?.productName;
  useEffect(() => {
    if (actionData?.ok) toast.success(actionData.message);
  }, [actionData]);

  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-extrabold">Stock</h1>

      <DashboardSection id="stock-alerts" title={`Clients à prévenir (${alerts.length})`}>
        <p className="mb-3 text-sm text-slate-700">
          Ils ont demandé à être prévenus du retour en stock de ces variantes, de nouveau disponibles.
        </p>
        {/* A success is announced by its toast; this stays on the page after the toast closes. */}
        {actionData && (
          <p
            role={actionData.ok ? undefined : "alert"}
            className={`mb-3 rounded-md p-3 font-medium ring-1 ${actionData.ok ? "bg-green-50 text-green-900 ring-green-200" : "bg-red-50 text-red-800 ring-red-200"}`}
          >
            {actionData.message}
          </p>
        )}
        <RestockList alerts={alerts} shopName={shop.name} busy={busy} />
      </DashboardSection>

      <DashboardSection id="stock-history" title="Historique des mouvements">
        <HistoryFilter query={query} choices={choices} />
        <p className="mt-3 text-sm text-slate-700" aria-live="polite">
          {plural(total, "mouvement")}
          {productName && <> pour « {productName} »</>}
          {query.productId && (
            <>
              {" · "}
              <Link to={historyHref({})} className="font-semibold text-brand underline">
                Tous les produits
              </Link>
            </>
          )}
        </p>
        <div className={`mt-3 ${loading ? "opacity-60" : ""}`}>
          <MovementsList movements={movements} filtered={Boolean(query.productId)} />
          <Pager
            page={query.page}
            total={total}
            pageSize={MOVEMENTS_PAGE_SIZE}
            hrefOf={(page) => historyHref({ ...query, page })}
          />
        </div>
      </DashboardSection>
    </main>
  );
}

/**
 * The history's product, found as on the products screen: a search narrows the list of
 * products (an only match is picked at once), the list picks one. A plain GET form: it works
 * without JavaScript too, and the address keeps the product and the search.
 */
function HistoryFilter({ query, choices }: { query: HistoryQuery; choices: ProductChoices }) {
  const { products, found, refused } = choices;
  return (
    <Form
      key={historyHref({ productId: query.productId, q: query.q })}
      method="get"
      aria-label="Filtrer l'historique"
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      {/* The search this list was made for: a new one picks anew, the same one keeps the choice. */}
      <input type="hidden" name="searched" value={query.q ?? ""} />
      <div className="min-w-0">
        <label htmlFor="stock-q" className="font-medium">
          Rechercher un produit
        </label>
        <input
          id="stock-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          maxLength={100}
          autoComplete="off"
          aria-describedby="stock-q-found"
          className={`mt-1 ${inputBase}`}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor="stock-product" className="font-medium">
          Produit
        </label>
        <select
          id="stock-product"
          name="productId"
          defaultValue={query.productId ?? ""}
          className={`mt-1 ${inputBase}`}
        >
          <option value="">Tous les produits</option>
          {products.map((p) => (
            <option key={p._id} value={p._id}>
              {p.productName}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="min-h-11 justify-self-start rounded-full bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
      >
        Filtrer
      </button>
      <p
        id="stock-q-found"
        role={refused ? "alert" : undefined}
        className={`text-sm empty:hidden sm:col-span-3 ${refused ? "font-medium text-red-800" : "text-slate-700"}`}
      >
        {refused ??
          (query.q &&
            (found === 0
              ? `Aucun produit ne correspond à « ${query.q} ».`
              : `${plural(found, "produit trouvé", "produits trouvés")} pour « ${query.q} »${query.productId ? "" : " : choisissez-en un dans la liste."}`))}
      </p>
    </Form>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Produit introuvable", hint: "Ce produit n'existe plus ou son stock n'est pas le vôtre." }}
      back={{ to: "/admin-panel/stock", label: "Voir tout le stock" }}
    />
  );
}
