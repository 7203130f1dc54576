import type { ShouldRevalidateFunctionArgs } from "react-router";
import { useCartCount } from "../features/cart/cart-session";
import { pageMeta } from "../features/content/meta";
import { KeptNotice } from "../features/offline/kept-notice";
import { keptOnPhone } from "../features/offline/kept-on-phone";
import { OrderConfirmation } from "../features/order/order-confirmation";
import { OrderForm } from "../features/order/order-form";
import { placeOrderFromBrowser } from "../features/order/place-order.client";
import { placeOrder } from "../features/order/place-order.server";
import { api } from "../lib/api";
import type { Route } from "./+types/order";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Commande",
      "Commandez en ligne : laissez vos coordonnées, la boutique vous rappelle pour confirmer.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

export const action = ({ request }: Route.ActionArgs) => placeOrder(request);

/** Without a network, the form is kept on the phone and sent when it can (decision 034). */
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  placeOrderFromBrowser(request, serverAction);

/** An order kept on the phone changed nothing on the server: no reload, there is no network. */
export const shouldRevalidate = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  keptOnPhone(actionResult) ? false : defaultShouldRevalidate;

/** The delivery options the form offers (decision 025). */
export async function loader({ request }: Route.LoaderArgs) {
  return { delivery: await api(request).deliveryOffer() };
}

/** SPEC.md §2 Order: 'Commande', 'Veillez entrer vos informations de commande', the form, its answer. */
export default function OrderPage({ actionData, loaderData }: Route.ComponentProps) {
  const cartCount = useCartCount() ?? 0;
  return (
    <main className="mx-auto max-w-xl px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Commande</h1>
      {keptOnPhone(actionData) ? (
        <KeptNotice className="mt-4" />
      ) : actionData?.ok ? (
        <div className="mt-4">
          <OrderConfirmation order={actionData.order} />
        </div>
      ) : (
        <>
          <p className="mt-2 mb-4 text-slate-700">Veillez entrer vos informations de commande</p>
          <OrderForm
            failure={actionData && !actionData.ok ? actionData : undefined}
            cartCount={cartCount}
            delivery={loaderData.delivery}
          />
        </>
      )}
    </main>
  );
}
