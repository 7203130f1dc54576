import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { pageMeta } from "../features/content/meta";
import { lookUpOrder, myOrders } from "../features/order/order-lookup.server";
import { OrderSummary } from "../features/order/order-summary";
import type { Route } from "./+types/order-status";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Suivi de commande",
      "Suivez votre commande avec sa référence (CMD-…) et votre numéro de téléphone.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { reference: url.searchParams.get("reference") ?? "", orders: await myOrders(request) };
}

export const action = ({ request }: Route.ActionArgs) => lookUpOrder(request);

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-700";

/** A customer reads where their order is, from its reference and phone; signed in, their own orders. */
export default function OrderStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const searching = navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData) resultRef.current?.focus();
  }, [actionData]);
  const errorOf = (field: "reference" | "phone") => failed?.fieldErrors[field];
  return (
    <main className="mx-auto max-w-xl px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Suivi de commande</h1>
      <p className="mt-2 text-slate-700">
        Entrez la référence de votre commande (par exemple CMD-7K4Q) et le numéro de téléphone donné en commandant.
      </p>
      <Form method="post" preventScrollReset className="mt-4 space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <div>
          <label htmlFor="status-reference" className="font-medium">
            Référence de la commande
          </label>
          <input
            id="status-reference"
            name="reference"
            required
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            placeholder="CMD-7K4Q"
            defaultValue={failed?.values.reference ?? loaderData.reference}
            aria-invalid={errorOf("reference") ? true : undefined}
            aria-describedby={errorOf("reference") ? "status-reference-error" : undefined}
            className={`${inputClass} font-mono uppercase`}
          />
          {errorOf("reference") && (
            <p id="status-reference-error" className="mt-1 text-sm font-medium text-red-700">
              {errorOf("reference")}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="status-phone" className="font-medium">
            Numéro de téléphone
          </label>
          <input
            id="status-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={30}
            defaultValue={failed?.values.phone}
            aria-invalid={errorOf("phone") ? true : undefined}
            aria-describedby={errorOf("phone") ? "status-phone-error" : undefined}
            className={inputClass}
          />
          {errorOf("phone") && (
            <p id="status-phone-error" className="mt-1 text-sm font-medium text-red-700">
              {errorOf("phone")}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={searching}
          className="w-full rounded-full bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark disabled:bg-brand-dark sm:w-auto"
        >
          {searching ? "Recherche…" : "Voir ma commande"}
        </button>
      </Form>
      <div ref={resultRef} tabIndex={-1} className="mt-6 outline-none empty:hidden">
        {failed && (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
            {failed.message}
          </p>
        )}
        {actionData?.ok && <OrderSummary order={actionData.order} />}
      </div>
      {loaderData.orders && (
        <section aria-labelledby="my-orders" className="mt-10">
          <h2 id="my-orders" className="text-xl font-bold">
            Mes commandes
          </h2>
          {loaderData.orders.length === 0 ? (
            <p className="mt-2 text-slate-700">
              Vous n'avez pas encore de commande.{" "}
              <Link to="/product" className="font-semibold text-brand underline">
                Voir les articles
              </Link>
            </p>
          ) : (
            <ul className="mt-3 space-y-4">
              {loaderData.orders.map((order) => (
                <li key={order._id}>
                  <OrderSummary order={order} headingLevel={3} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </main>
  );
}
