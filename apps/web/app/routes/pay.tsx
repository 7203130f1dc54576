import { Link } from "react-router";
import { pageMeta } from "../features/content/meta";
import { loadPayScreen, payAction } from "../features/payment/pay.server";
import type { PayFailure } from "../features/payment/pay-result";
import { PayScreen } from "../features/payment/pay-screen";
import type { Route } from "./+types/pay";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Paiement de la commande",
      "Payez votre commande par Mobile Money, par transfert ou à la livraison.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

export const loader = ({ request, params }: Route.LoaderArgs) => loadPayScreen(request, params.reference);

export const action = ({ request, params }: Route.ActionArgs) => payAction(request, params.reference);

/** /pay/:reference?t=…: an order's payment screen (decision 026). */
export default function PayPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-xl px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Paiement de la commande</h1>
      <div className="mt-4">
        {loaderData.ok ? (
          <PayScreen
            order={loaderData.payment}
            token={loaderData.token}
            askedOperator={loaderData.askedOperator}
            failure={actionData as PayFailure | undefined}
          />
        ) : (
          <div className="space-y-4">
            <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800 ring-1 ring-red-200">
              {loaderData.message}
            </p>
            <Link
              to={`/order-status?reference=${encodeURIComponent(loaderData.reference)}`}
              className="inline-block font-semibold text-brand underline"
            >
              Retrouver ma commande
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}
