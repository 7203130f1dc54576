import { DASHBOARD_DAYS } from "@shop/shared/back-office";
import { Link } from "react-router";
import { adminApi } from "../../features/admin/admin-api";
import {
  BestSellers,
  DashboardSection,
  Figures,
  LowStock,
  ReceivedOnline,
} from "../../features/admin/dashboard/dashboard-parts";
import { OrdersChart } from "../../features/admin/dashboard/orders-chart";
import { ProductFeeds } from "../../features/admin/dashboard/product-feeds";
import { DeviceNotifications } from "../../features/admin/notifications/device-notifications";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { OrderCard } from "../../features/admin/orders/order-card";
import { plural } from "../../features/admin/orders/order-format";
import { requireAdmin } from "../../features/admin/require-admin.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Tableau de bord" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const api = adminApi(request);
  const [dashboard, alerts] = await Promise.all([api.dashboard(), api.stockAlerts()]);
  // The feeds' addresses, absolute: what the owner pastes into Meta and Google.
  return { dashboard, alertsWaiting: alerts.length, origin: new URL(request.url).origin };
}

/**
 * 'Tableau de bord': this device's notifications switch (the back-office opens here, so the
 * owner's phone finds it first), today and this month, the money received online, the last 30
 * days, the variants running out (and the visitors waiting to be told one is back), the best
 * sellers, the newest orders, and the product feeds' addresses for Meta and Google.
 */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, alertsWaiting, origin } = loaderData;
  const days = dashboard.perDay.length || DASHBOARD_DAYS;
  return (
    <main className="mx-auto max-w-5xl space-y-4">
      <h1 className="text-2xl font-extrabold">Tableau de bord</h1>
      <DeviceNotifications />
      <p className="text-sm text-slate-700">Les commandes annulées ne sont pas comptées.</p>
      <div className="grid grid-cols-2 gap-3">
        <Figures id="dash-today" title="Aujourd'hui" figures={dashboard.today} />
        <Figures id="dash-month" title="Ce mois-ci" figures={dashboard.month} />
      </div>
      <DashboardSection
        id="dash-online"
        title="Reçu en ligne"
        action={
          <Link to="/admin-panel/payments" className="text-sm font-semibold text-brand underline">
            Paiements à vérifier
          </Link>
        }
      >
        <ReceivedOnline received={dashboard.receivedOnline} />
      </DashboardSection>
      <DashboardSection id="dash-chart" title={`Commandes par jour (${days} derniers jours)`}>
        <OrdersChart days={dashboard.perDay} />
      </DashboardSection>
      <DashboardSection
        id="dash-low-stock"
        title="Stock bas"
        action={
          <Link to="/admin-panel/stock" className="text-sm font-semibold text-brand underline">
            Historique du stock
          </Link>
        }
      >
        {alertsWaiting > 0 && (
          <p className="mb-3 rounded-md bg-green-50 p-3 ring-1 ring-green-200">
            <Link to="/admin-panel/stock" className="font-semibold text-green-900 underline">
              {plural(alertsWaiting, "client à prévenir", "clients à prévenir")}
            </Link>{" "}
            : une variante qu'ils attendaient est de nouveau en stock.
          </p>
        )}
        <LowStock items={dashboard.lowStock} total={dashboard.lowStockTotal} />
      </DashboardSection>
      <div className="grid gap-4 lg:grid-cols-2">
        <DashboardSection id="dash-best" title="Meilleures ventes">
          <BestSellers items={dashboard.bestSellers} />
        </DashboardSection>
        <DashboardSection
          id="dash-newest"
          title="Dernières commandes"
          action={
            <Link to="/admin-panel/orders" className="text-sm font-semibold text-brand underline">
              Toutes les commandes
            </Link>
          }
        >
          {dashboard.newestOrders.length === 0 ? (
            <p className="text-slate-700">Aucune commande pour le moment.</p>
          ) : (
            <ul className="space-y-3">
              {dashboard.newestOrders.map((order) => (
                <li key={order._id}>
                  <OrderCard order={order} headingLevel={3} />
                </li>
              ))}
            </ul>
          )}
        </DashboardSection>
      </div>
      <DashboardSection id="dash-feeds" title="Votre catalogue sur WhatsApp, Facebook, Instagram et Google">
        <ProductFeeds origin={origin} />
      </DashboardSection>
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
