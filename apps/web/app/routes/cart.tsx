import type { Order } from "@shop/shared";
import { Navigate, redirect, useAsyncError, useNavigation, useRevalidator } from "react-router";
import { Deferred } from "../components/ui/deferred";
import { loginHref } from "../features/auth/login-href";
import { cartAction } from "../features/cart/cart-actions.server";
import { type CartOrderRefusal, RECORDED_PARAM } from "../features/cart/cart-intents";
import { CartSkeleton } from "../features/cart/cart-skeleton";
import { CartView } from "../features/cart/cart-view";
import { pageMeta } from "../features/content/meta";
import { useShop } from "../features/layout/use-shop";
import { ApiError, api, errorMessage } from "../lib/api";
import type { Route } from "./+types/cart";

const LOGIN = loginHref("/cart");

const signedOut = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * First load: a visitor without a session is sent to sign in before any page is drawn. The
 * page carries its order's idempotency key, so that the buttons posted before the scripts run
 * record one order however often they are tapped; and after an order by phone posted so
 * (`?commande=`), that order, for its reference and the number to call.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!/(?:^|;\s*)token=/.test(request.headers.get("cookie") ?? "")) throw redirect(LOGIN);
  const client = api(request);
  const reference = new URL(request.url).searchParams.get(RECORDED_PARAM);
  try {
    const [lines, delivery, orders] = await Promise.all([
      client.viewCart(),
      client.deliveryOffer(),
      reference ? client.myOrders() : [],
    ]);
    const recorded: Order | null = orders.find((o) => o.reference === reference) ?? null;
    return { cart: { lines, delivery, recorded }, orderKey: crypto.randomUUID() };
  } catch (error) {
    if (signedOut(error)) throw redirect(LOGIN);
    throw error;
  }
}

/**
 * Later navigations: the browser asks the API itself (the cart and the delivery options), and
 * the line placeholders show meanwhile.
 */
export function clientLoader() {
  return {
    cart: Promise.all([api().viewCart(), api().deliveryOffer()]).then(([lines, delivery]) => ({
      lines,
      delivery,
      recorded: null,
    })),
    orderKey: null,
  };
}

/** The cart's buttons posted before the scripts run, or without them (decision 027). */
export const action = ({ request }: Route.ActionArgs) => cartAction(request);

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Panier",
      "Votre panier : vos articles, leur total, et la commande sur WhatsApp ou par téléphone.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

/** The cart could not be read: a visitor whose session ended signs in again; otherwise, try again. */
function CartLoadError() {
  const error = useAsyncError();
  const navigation = useNavigation();
  const { revalidate, state } = useRevalidator();
  if (signedOut(error)) {
    // Signing out from this page is already leading elsewhere: let it.
    return navigation.state === "idle" ? <Navigate to={LOGIN} replace /> : null;
  }
  return (
    <div role="alert" className="rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">
      <p>{errorMessage(error)}</p>
      <button
        type="button"
        onClick={() => void revalidate()}
        disabled={state === "loading"}
        className="mt-4 rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
      >
        Réessayer
      </button>
    </div>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const shop = useShop();
  const refused: CartOrderRefusal | undefined = actionData;
  return (
    <main className="mx-auto max-w-5xl px-4 pt-6 pb-12 print:max-w-none print:p-0">
      <h1 className="mb-4 text-2xl font-extrabold">Panier</h1>
      <Deferred value={loaderData.cart} fallback={<CartSkeleton />} errorElement={<CartLoadError />}>
        {({ lines, delivery, recorded }) => (
          <CartView
            loaded={lines}
            shop={shop}
            delivery={delivery}
            recorded={recorded}
            orderKey={loaderData.orderKey}
            refused={refused}
          />
        )}
      </Deferred>
    </main>
  );
}
