import { PAYMENT_FILTER_LABELS } from "@shop/shared/back-office";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_FILTERS } from "@shop/shared/core";
import { Form, Link, redirect, useNavigation } from "react-router";
import { inputBase } from "../../components/ui/field";
import { adminApi } from "../../features/admin/admin-api";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { FilterPills } from "../../features/admin/orders/filter-pills";
import { OrderCard } from "../../features/admin/orders/order-card";
import { plural } from "../../features/admin/orders/order-format";
import { ORDERS_PAGE_SIZE, ordersHref, readOrdersQuery } from "../../features/admin/orders/orders-query";
import { Pager } from "../../features/admin/orders/pager";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { ApiError } from "../../lib/api";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "Commandes" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readOrdersQuery(new URL(request.url));
  try {
    const { orders, total } = await adminApi(request).orders({
      status: query.status,
      payment: query.payment,
      q: query.q || undefined,
      page: query.page,
      limit: ORDERS_PAGE_SIZE,
    });
    // A page past the end (an old link, orders since handled): the last page there is.
    const last = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
    if (query.page > last) throw redirect(ordersHref({ ...query, page: last }));
    return { query, orders, total, refused: null };
  } catch (error) {
    // A search the API refuses (too long) is said above an empty list; the rest is an error page.
    if (error instanceof ApiError && error.status === 400)
      return { query, orders: [], total: 0, refused: error.message };
    throw error;
  }
}

const STATUS_CHOICES = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));
const PAYMENT_CHOICES = PAYMENT_FILTERS.map((value) => ({ value, label: PAYMENT_FILTER_LABELS[value] }));

/**
 * 'Commandes': newest first, by status and by payment (the two filters combine, and keep the
 * search), searched by reference, name or phone, page by page.
 */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, refused } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin-panel/orders";
  const filtered = Boolean(query.status || query.payment || query.q);
  return (
    <main className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-extrabold">Commandes</h1>
      <p className="mt-1 text-slate-700" aria-live="polite">
        {plural(total, "commande")}
        {query.status && <> au statut « {ORDER_STATUS_LABELS[query.status]} »</>}
        {query.payment && <> · paiement « {PAYMENT_FILTER_LABELS[query.payment]} »</>}
        {query.q && <> pour « {query.q} »</>}
      </p>

      <Form method="get" role="search" aria-label="Commandes" className="mt-4 flex flex-wrap items-end gap-2">
        {query.status && <input type="hidden" name="status" value={query.status} />}
        {query.payment && <input type="hidden" name="payment" value={query.payment} />}
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="orders-q" className="font-medium">
            Rechercher une commande
          </label>
          <input
            key={query.q}
            id="orders-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={100}
            placeholder="Référence, nom ou téléphone"
            aria-describedby="orders-q-hint"
            className={`mt-1 ${inputBase}`}
          />
          <p id="orders-q-hint" className="sr-only">
            Par référence (CMD-…), nom du client ou numéro de téléphone.
          </p>
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-full bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
        >
          Rechercher
        </button>
      </Form>

      <FilterPills
        label="Filtrer par statut"
        choices={STATUS_CHOICES}
        current={query.status}
        allLabel="Toutes"
        hrefOf={(status) => ordersHref({ status, payment: query.payment, q: query.q })}
      />
      <FilterPills
        label="Filtrer par paiement"
        choices={PAYMENT_CHOICES}
        current={query.payment}
        allLabel="Tous les paiements"
        className="mt-2"
        hrefOf={(payment) => ordersHref({ status: query.status, payment, q: query.q })}
      />

      {refused && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
          {refused}
        </p>
      )}

      <div className={`mt-4 ${loading ? "opacity-60" : ""}`}>
        {orders.length === 0 ? (
          <div className="rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">
            <p className="font-semibold">
              {filtered ? "Aucune commande ne correspond à votre recherche." : "Aucune commande pour le moment."}
            </p>
            {filtered && (
              <Link to="/admin-panel/orders" className="mt-2 inline-block font-semibold text-brand underline">
                Voir toutes les commandes
              </Link>
            )}
          </div>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {orders.map((order) => (
              <li key={order._id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={query.page}
          total={total}
          pageSize={ORDERS_PAGE_SIZE}
          hrefOf={(page) => ordersHref({ ...query, page })}
        />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Page introuvable", hint: "Cette page du back-office n'existe pas." }}
      back={{ to: "/admin-panel/orders", label: "Voir les commandes" }}
    />
  );
}
