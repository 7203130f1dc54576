import { Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { adminApi } from "../../features/admin/admin-api";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { plural } from "../../features/admin/orders/order-format";
import { ordersHref } from "../../features/admin/orders/orders-query";
import { Pager } from "../../features/admin/orders/pager";
import { PaymentToVerifyCard } from "../../features/admin/payments/payment-to-verify-card";
import { PAYMENTS_PAGE_SIZE, paymentsHref, readPaymentsQuery } from "../../features/admin/payments/payments-query";
import { reviewPayment } from "../../features/admin/payments/review-payment.server";
import { PaymentReviewMessage } from "../../features/admin/payments/review-result";
import { requireAdmin } from "../../features/admin/require-admin.server";
import type { Route } from "./+types/payments";

export function meta() {
  return [{ title: "Paiements à vérifier" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readPaymentsQuery(new URL(request.url));
  const { payments, total } = await adminApi(request).paymentsToVerify({
    page: query.page,
    limit: PAYMENTS_PAGE_SIZE,
  });
  // A page past the end (an old link, payments handled since): the last page there is.
  const last = Math.max(1, Math.ceil(total / PAYMENTS_PAGE_SIZE));
  if (query.page > last) throw redirect(paymentsHref({ page: last }));
  return { query, payments, total };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return reviewPayment(request, await request.formData());
}

/**
 * After a refused decision too (409: another admin handled the payment meanwhile), the queue is
 * read again, so it shows what is still to verify beside the server's message.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

/**
 * 'À vérifier' (decision 026): transfers customers say they sent to the shop's number, and
 * online payments that did not match their order, oldest first. The admin checks the
 * operator's history (or the provider's dashboard) and approves (the order becomes 'payée') or
 * rejects with a reason the customer reads.
 */
export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { query, payments, total } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold">Paiements à vérifier</h1>
        <p className="mt-1 text-slate-700" aria-live="polite">
          {total === 0
            ? "Rien à vérifier."
            : `${plural(total, "paiement à vérifier", "paiements à vérifier")}, les plus anciens d'abord.`}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          Retrouvez chaque transaction dans l'historique Mobile Money de la boutique (ou le tableau de bord du
          fournisseur) avant d'approuver. Un paiement en trop se rembourse depuis ce tableau de bord.
        </p>
      </div>
      <PaymentReviewMessage result={actionData} />
      {payments.length === 0 ? (
        <div className="rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">
          <p className="font-semibold">Aucun paiement à vérifier pour le moment.</p>
          <Link to={ordersHref({ payment: "unpaid" })} className="mt-2 inline-block font-semibold text-brand underline">
            Voir les commandes non payées
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {payments.map((payment) => (
            <li key={payment._id}>
              <PaymentToVerifyCard payment={payment} busy={busy} result={actionData} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={query.page} total={total} pageSize={PAYMENTS_PAGE_SIZE} hrefOf={(page) => paymentsHref({ page })} />
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Page introuvable", hint: "Cette page du back-office n'existe pas." }}
      back={{ to: "/admin-panel/payments", label: "Voir les paiements à vérifier" }}
    />
  );
}
