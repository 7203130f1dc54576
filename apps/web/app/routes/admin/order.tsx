import { ORDER_REFERENCE_PATTERN } from "@shop/shared/core";
import { data, Link, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { adminApi } from "../../features/admin/admin-api";
import { JournalLines } from "../../features/admin/journal/journal-parts";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { changeStatus } from "../../features/admin/orders/change-status.server";
import { confirmDeliveryFee } from "../../features/admin/orders/delivery-fee.server";
import {
  CustomerDetails,
  DeliveryDetails,
  OrderFile,
  OrderHistory,
  OrderLines,
  Panel,
} from "../../features/admin/orders/order-details";
import { CHANNEL_LABELS, formatShortDateTime } from "../../features/admin/orders/order-format";
import { StatusActions } from "../../features/admin/orders/status-actions";
import { StatusBadge } from "../../features/admin/orders/status-badge";
import { CustomerWhatsapp, StatusResult } from "../../features/admin/orders/status-result";
import { OrderPayments } from "../../features/admin/payments/order-payments";
import { isReviewIntent, reviewPayment } from "../../features/admin/payments/review-payment.server";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { ApiError } from "../../lib/api";
import { textOf } from "../../lib/form-values";
import type { Route } from "./+types/order";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Commande ${loaderData.order.reference}` : "Commande introuvable" },
    { name: "robots", content: "noindex" },
  ];
}

/** A reference as typed in the address bar ("cmd-7k4q"), or null when it cannot be one. */
function referenceOf(param: string | undefined): string | null {
  const reference = (param ?? "").toUpperCase().replace(/\s+/g, "");
  return ORDER_REFERENCE_PATTERN.test(reference) ? reference : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const reference = referenceOf(params.reference);
  if (!reference) throw data(null, { status: 404 });
  const api = adminApi(request);
  try {
    const [order, changes] = await Promise.all([
      api.order(reference),
      // The back-office's changes help, they are not the order: the page opens without them.
      api.history("order", reference).catch(() => null),
    ]);
    return { order, changes };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const reference = referenceOf(params.reference);
  if (!reference) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = textOf(form, "intent");
  if (intent === "delivery-fee") return confirmDeliveryFee(request, reference, form);
  if (isReviewIntent(intent)) return reviewPayment(request, form);
  return changeStatus(request, reference, form);
}

/**
 * After a refused change too (409: another admin changed it meanwhile), the order is read
 * again, so the page shows the status the server has now, beside its message.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

/**
 * An order for the shop: who, what, the file, where it stands, how it is paid, its history and
 * its next steps.
 */
export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, changes } = loaderData;
  const feeResult = actionData && "fee" in actionData ? actionData : undefined;
  const paymentResult = actionData && "payment" in actionData ? actionData : undefined;
  const statusResult = actionData && !("fee" in actionData) && !("payment" in actionData) ? actionData : undefined;
  // An approved payment makes the order 'payée': the customer is to be told, as after a change.
  const justPaid = paymentResult?.ok === true && paymentResult.decision === "approve";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main className="mx-auto max-w-4xl space-y-4">
      <p>
        <Link to="/admin-panel/orders" className="text-sm font-semibold text-brand underline">
          ← Toutes les commandes
        </Link>
      </p>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-extrabold">
          Commande <span className="font-mono tracking-wider">{order.reference}</span>
        </h1>
        <StatusBadge status={order.status} />
        <p className="w-full text-sm text-slate-700">
          Reçue le {formatShortDateTime(order.createdAt)} · {CHANNEL_LABELS[order.channel]}
        </p>
      </header>
      <StatusResult result={statusResult} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel id="order-status" title="Statut">
          <div className="space-y-4">
            <CustomerWhatsapp order={order} justChanged={statusResult?.ok === true || justPaid} />
            <StatusActions status={order.status} busy={busy} />
          </div>
        </Panel>
        <Panel id="order-payments" title="Paiements">
          <OrderPayments order={order} busy={busy} result={paymentResult} />
        </Panel>
        <Panel id="order-customer" title="Client">
          <CustomerDetails order={order} />
        </Panel>
        <Panel id="order-delivery" title="Livraison">
          <DeliveryDetails order={order} busy={busy} feeResult={feeResult} />
        </Panel>
        <Panel id="order-lines" title="Articles">
          <OrderLines order={order} />
        </Panel>
        <div className="space-y-4">
          <Panel id="order-file" title="Fichier joint">
            <OrderFile order={order} />
          </Panel>
          <Panel id="order-history" title="Historique">
            <OrderHistory order={order} />
          </Panel>
        </div>
      </div>
      {changes && (
        <Panel id="order-changes" title="Historique des modifications">
          <JournalLines lines={changes} withEntity={false} empty="Aucune modification enregistrée." />
        </Panel>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{
        title: "Commande introuvable",
        hint: "Vérifiez la référence, ou retrouvez la commande dans la liste.",
      }}
      back={{ to: "/admin-panel/orders", label: "Voir les commandes" }}
    />
  );
}
