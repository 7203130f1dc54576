import type { OrderPayment } from "@shop/shared";
import { formatPrice, PAYMENT_OPERATOR_LABELS } from "@shop/shared/core";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { CashForm } from "./cash-form";
import { MobileMoneyForm } from "./mobile-money-form";
import type { PayFailure } from "./pay-result";
import { offersWaysToPay, type PayState, payState } from "./pay-state";
import { TransferForm } from "./transfer-form";

const statusHref = (reference: string) => `/order-status?reference=${encodeURIComponent(reference)}`;

const box = {
  good: "bg-green-50 text-green-950 ring-green-200",
  wait: "bg-sky-50 text-sky-950 ring-sky-200",
  bad: "bg-red-50 text-red-900 ring-red-200",
  note: "bg-slate-50 text-slate-900 ring-slate-200",
};

/** Where the payment stands, above the ways to pay; focused when it changes (after a form). */
function StateBox({ state, reference }: { state: PayState; reference: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the state changes, to bring it into focus.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [state.kind]);
  const shell = (tone: keyof typeof box, children: ReactNode) => (
    <div ref={ref} tabIndex={-1} role="status" className={`rounded-lg p-4 ring-1 outline-none ${box[tone]}`}>
      {children}
    </div>
  );
  switch (state.kind) {
    case "paid":
      return shell(
        "good",
        <>
          <p className="text-lg font-bold">Paiement reçu</p>
          <p className="mt-1">Votre commande est payée. Merci !</p>
          <Link to={statusHref(reference)} className="mt-2 inline-block font-semibold underline">
            Suivre ma commande
          </Link>
        </>,
      );
    case "closed":
      return shell("note", <p className="font-medium">{state.message}</p>);
    case "pending":
      return shell(
        "wait",
        <>
          <p className="font-bold">Un paiement est en cours</p>
          <p className="mt-1">
            {state.payment.operator ? `${PAYMENT_OPERATOR_LABELS[state.payment.operator]} : ` : ""}confirmez-le sur
            votre téléphone avec votre code secret.
          </p>
          <Link
            to={`/payment/${encodeURIComponent(state.payment._id)}`}
            className="mt-3 block rounded-full bg-brand px-5 py-3 text-center font-semibold text-white hover:bg-brand-dark"
          >
            Suivre le paiement en cours
          </Link>
        </>,
      );
    case "checking":
      return shell(
        "wait",
        <>
          <p className="font-bold">Paiement en cours de vérification</p>
          <p className="mt-1">
            {state.payment.method === "transfer"
              ? `La boutique vérifie votre transfert${state.payment.transactionId ? ` (transaction ${state.payment.transactionId})` : ""}. `
              : "La boutique vérifie votre paiement. "}
            Vous n'avez rien d'autre à faire : elle confirme votre commande dès que c'est fait.
          </p>
        </>,
      );
    case "rejected":
      return shell(
        "bad",
        <>
          <p className="font-bold">Votre transfert n'a pas été accepté</p>
          {state.payment.reason && <p className="mt-1">Raison donnée par la boutique : {state.payment.reason}</p>}
          <p className="mt-1 text-sm">Vous pouvez payer autrement ci-dessous, ou contacter la boutique.</p>
        </>,
      );
    case "failed":
      return shell(
        "bad",
        <>
          <p className="font-bold">Paiement précédent non effectué</p>
          {state.payment.reason && <p className="mt-1">{state.payment.reason}</p>}
          <p className="mt-1 text-sm">Vous pouvez réessayer ci-dessous, ou payer autrement.</p>
        </>,
      );
    case "cash":
      return shell(
        "note",
        <p>
          Vous avez choisi de payer à la livraison. Si vous préférez, vous pouvez encore payer maintenant ci-dessous.
        </p>,
      );
    case "open":
      return null;
  }
}

/**
 * /pay/:reference: the amount of a recorded order and the ways to pay it (decision 026):
 * Mobile Money when the shop offers it, a transfer already sent by hand, or cash on delivery.
 */
export function PayScreen({
  order,
  token,
  askedOperator,
  failure,
}: {
  order: OrderPayment;
  token: string;
  askedOperator: string | null;
  failure?: PayFailure;
}) {
  const state = payState(order);
  const ways = offersWaysToPay(state);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <dt className="text-slate-700">Commande</dt>
        <dd className="font-mono text-lg font-extrabold tracking-wider" data-testid="reference">
          {order.reference}
        </dd>
        <dt className="text-slate-700">Montant</dt>
        <dd className="text-2xl font-extrabold" data-testid="amount">
          {formatPrice(order.total)}
        </dd>
      </dl>
      <StateBox state={state} reference={order.reference} />
      {ways && (
        <>
          {order.mobileMoney && (
            <section aria-labelledby="pay-momo" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
              <h2 id="pay-momo" className="text-xl font-bold">
                Payer par Mobile Money
              </h2>
              <p className="mt-1 mb-4 text-sm text-slate-700">
                Vous recevez une demande de paiement sur votre téléphone : vous la validez avec votre code secret.
              </p>
              <MobileMoneyForm
                total={order.total}
                token={token}
                orderPhone={order.orderPhone}
                askedOperator={askedOperator}
                failure={failure}
              />
            </section>
          )}
          <section aria-labelledby="pay-transfer" className="rounded-lg bg-white ring-1 ring-slate-200">
            <details open={!order.mobileMoney || failure?.intent === "transfer"} className="group p-4">
              <summary className="cursor-pointer list-none text-lg font-bold marker:hidden">
                <h2 id="pay-transfer" className="inline">
                  J'ai déjà payé par transfert
                </h2>
                <span aria-hidden="true" className="ml-2 inline-block transition-transform group-open:rotate-90">
                  ›
                </span>
              </summary>
              <div className="mt-3">
                <TransferForm total={order.total} token={token} numbers={order.transferNumbers} failure={failure} />
              </div>
            </details>
          </section>
          <section aria-labelledby="pay-cash" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
            <h2 id="pay-cash" className="text-xl font-bold">
              Paiement à la livraison
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-700">
              Vous payez {formatPrice(order.total)} à la réception de votre commande, en espèces ou par Mobile Money.
            </p>
            <CashForm token={token} chosen={order.choice === "cash"} failure={failure} />
          </section>
        </>
      )}
      <p>
        <Link to={statusHref(order.reference)} className="font-semibold text-brand underline">
          Suivre ma commande
        </Link>
      </p>
    </div>
  );
}
