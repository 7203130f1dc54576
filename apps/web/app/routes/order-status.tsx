import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, inputClass } from "../components/ui/field";
import { FormAlert } from "../components/ui/form-alert";
import { SubmitButton } from "../components/ui/submit-button";
import { pageMeta } from "../features/content/meta";
import { findOrder, type LookupResult, lookUpOrder, myOrders } from "../features/order/order-lookup.server";
import { OrderSummary } from "../features/order/order-summary";
import { PayLink } from "../features/payment/pay-link";
import { PaymentNote } from "../features/payment/payment-note";
import { askAboutMyData, isPrivacyRequest, privacyRequestWords } from "../features/privacy/privacy-request.server";
import { PRIVACY_REQUEST_INTENT, type PrivacyRequestAnswer } from "../features/privacy/privacy-request-form";
import { PrivacyRequestSection } from "../features/privacy/privacy-request-section";
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
  return {
    reference: url.searchParams.get("reference") ?? "",
    orders: await myOrders(request),
    privacyWords: privacyRequestWords(),
  };
}

/** What the page's forms answer: the order looked up and, after a request about one's data, that request's answer. */
type OrderStatusAnswer = LookupResult & { privacy?: PrivacyRequestAnswer };

/**
 * The order's look-up, or a request about one's data made under the order found: the order is
 * then looked up again with the same reference and number, so that it stays on the page.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (!isPrivacyRequest(form)) return lookUpOrder(request, form);
  const { answer, status } = await askAboutMyData(request, form);
  const { result } = await findOrder(request, { reference: answer.reference, phone: answer.phone });
  return data({ ...result, privacy: answer } satisfies OrderStatusAnswer, { status });
}

/** A customer reads where their order is, from its reference and phone; signed in, their own orders. */
export default function OrderStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as OrderStatusAnswer | undefined;
  const navigation = useNavigation();
  const searching = navigation.state === "submitting" && navigation.formData?.get("intent") !== PRIVACY_REQUEST_INTENT;
  // A request's answer is said in its own section, which takes the focus.
  const privacy = answer?.privacy;
  const failed = answer && !answer.ok && !privacy ? answer : undefined;
  const found = answer?.ok ? answer : undefined;
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer && !answer.privacy) resultRef.current?.focus();
  }, [answer]);
  return (
    <main className="mx-auto max-w-xl px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Suivi de commande</h1>
      <p className="mt-2 text-slate-700">
        Entrez la référence de votre commande (par exemple CMD-7K4Q) et le numéro de téléphone donné en commandant.
      </p>
      <Form method="post" preventScrollReset className="mt-4 space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <Field
          id="status-reference"
          name="reference"
          label="Référence de la commande"
          error={failed?.fieldErrors.reference}
        >
          {(props) => (
            <input
              {...props}
              required
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              placeholder="CMD-7K4Q"
              defaultValue={failed?.values.reference ?? found?.values.reference ?? loaderData.reference}
              className={`${inputClass} font-mono uppercase`}
            />
          )}
        </Field>
        <Field id="status-phone" name="phone" label="Numéro de téléphone" error={failed?.fieldErrors.phone}>
          {(props) => (
            <input
              {...props}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={30}
              defaultValue={failed?.values.phone ?? found?.values.phone}
              className={inputClass}
            />
          )}
        </Field>
        <SubmitButton busy={searching} busyLabel="Recherche…">
          Voir ma commande
        </SubmitButton>
      </Form>
      <div ref={resultRef} tabIndex={-1} className="mt-6 outline-none empty:hidden">
        {failed && (
          <FormAlert>
            <p className="font-medium">{failed.message}</p>
          </FormAlert>
        )}
        {found && (
          <div className="space-y-3">
            <OrderSummary order={found.order} />
            <PaymentNote payment={found.payment} />
            <PayLink order={found.order} />
          </div>
        )}
      </div>
      {(found || privacy) && (
        <PrivacyRequestSection
          reference={privacy?.reference ?? found?.values.reference ?? ""}
          phone={privacy?.phone ?? found?.values.phone ?? ""}
          words={loaderData.privacyWords}
          result={privacy?.result}
        />
      )}
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
                <li key={order._id} className="space-y-3">
                  <OrderSummary order={order} headingLevel={3} />
                  <PayLink order={order} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </main>
  );
}
