import { pageMeta } from "../features/content/meta";
import { loadPayment } from "../features/payment/payment.server";
import { PaymentWait } from "../features/payment/payment-wait";
import type { Route } from "./+types/payment";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, "Paiement par Mobile Money", "Suivez votre paiement par Mobile Money."),
    { name: "robots", content: "noindex" },
  ];
}

export const loader = ({ request, params }: Route.LoaderArgs) => loadPayment(request, params.id);

/** /payment/:id: the waiting screen of a Mobile Money payment (decision 026). */
export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-xl px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Paiement par Mobile Money</h1>
      <div className="mt-4">
        <PaymentWait initial={loaderData.payment} />
      </div>
    </main>
  );
}
