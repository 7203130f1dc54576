import type { PaymentPoll } from "@shop/shared";
import { formatPrice, PAYMENT_OPERATOR_LABELS } from "@shop/shared/core";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { payPath } from "./pay-link";
import { otherOperator } from "./pay-values";
import { paymentApi } from "./payment-api";
import { confirmInstruction, PENDING_APPROVAL_HINTS } from "./payment-copy";
import type { PollerEnv, PollerStatus } from "./poller";
import { type ReadPayment, usePaymentPoll } from "./use-payment-poll";

const readPayment: ReadPayment = (id) => paymentApi().paymentPoll(id);

const statusHref = (reference: string) => `/order-status?reference=${encodeURIComponent(reference)}`;
const primary = "block rounded-full bg-brand px-5 py-3 text-center font-semibold text-white hover:bg-brand-dark";
const secondary =
  "block rounded-full border-2 border-brand px-5 py-3 text-center font-semibold text-brand hover:bg-brand/5";

/** What the screen says of its connection while it waits: nothing when all is well. */
function ConnectionNote({ status }: { status: PollerStatus }) {
  const text =
    status === "offline"
      ? "Pas de connexion : l'état du paiement s'affichera au retour du réseau. Votre paiement n'est pas perdu."
      : status === "retrying"
        ? "Connexion difficile : nous réessayons dans un instant."
        : "";
  return (
    <p role="status" className="text-sm font-medium text-amber-900 empty:hidden">
      {text}
    </p>
  );
}

/**
 * The heading of the state reached. When the state changes under the customer's eyes, it takes
 * the focus: a screen reader says it, and on a phone it is in view.
 */
function StateHeading({ children, tone, focus }: { children: string; tone: "good" | "bad" | "wait"; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the state is reached.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, []);
  const color = tone === "good" ? "text-green-900" : tone === "bad" ? "text-red-800" : "text-slate-900";
  return (
    <h2 ref={ref} tabIndex={-1} className={`text-xl font-bold outline-none ${color}`}>
      {children}
    </h2>
  );
}

function Pending({ payment, status }: { payment: PaymentPoll; status: PollerStatus }) {
  return (
    <section className="space-y-3 rounded-lg bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-200">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="size-6 shrink-0 rounded-full border-4 border-sky-300 border-t-brand motion-safe:animate-spin"
        />
        <StateHeading tone="wait" focus={false}>
          En attente de votre confirmation
        </StateHeading>
      </div>
      <p className="text-lg">{confirmInstruction(payment)}</p>
      {payment.operator && <p className="text-sm">{PENDING_APPROVAL_HINTS[payment.operator]}</p>}
      <p className="text-sm">
        Cette page se met à jour toute seule. Vous pouvez la quitter : le paiement sera pris en compte, et ce lien
        montre toujours où il en est.
      </p>
      <ConnectionNote status={status} />
      {/* Without JavaScript, the page reads the payment again every 5 s. */}
      <noscript>
        <meta httpEquiv="refresh" content="5" />
      </noscript>
      <Link to={`/payment/${encodeURIComponent(payment._id)}`} className="inline-block text-sm font-semibold underline">
        Actualiser
      </Link>
    </section>
  );
}

function Ended({ payment, focus }: { payment: PaymentPoll; focus: boolean }) {
  const { orderReference: reference, payToken } = payment;
  if (payment.state === "paid") {
    return (
      <section className="space-y-3 rounded-lg bg-green-50 p-4 text-green-950 ring-1 ring-green-200">
        <StateHeading tone="good" focus={focus}>
          Paiement reçu
        </StateHeading>
        <p>
          Votre commande <strong className="font-mono tracking-wider">{reference}</strong> est payée :{" "}
          {formatPrice(payment.amount)}
          {payment.operator ? ` par ${PAYMENT_OPERATOR_LABELS[payment.operator]}` : ""}. Merci !
        </p>
        <Link to={statusHref(reference)} className={primary}>
          Suivre ma commande
        </Link>
      </section>
    );
  }
  if (payment.state === "to_verify") {
    return (
      <section className="space-y-3 rounded-lg bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-200">
        <StateHeading tone="wait" focus={focus}>
          Paiement en cours de vérification
        </StateHeading>
        <p>
          La boutique vérifie ce paiement et confirme votre commande dès que c'est fait. Vous n'avez rien d'autre à
          faire.
        </p>
        <Link to={statusHref(reference)} className={secondary}>
          Suivre ma commande
        </Link>
      </section>
    );
  }
  // failed or rejected: the reason, and the ways to try again unless the order got paid meanwhile.
  return (
    <section className="space-y-3 rounded-lg bg-red-50 p-4 text-red-950 ring-1 ring-red-200">
      <StateHeading tone="bad" focus={focus}>
        Paiement non effectué
      </StateHeading>
      {payment.reason && <p className="text-lg font-semibold">{payment.reason}</p>}
      {payment.orderPaid ? (
        <>
          <p>Votre commande est déjà payée : vous n'avez rien d'autre à faire.</p>
          <Link to={statusHref(reference)} className={primary}>
            Suivre ma commande
          </Link>
        </>
      ) : (
        <div className="flex flex-col gap-3">
          <Link to={payPath(reference, payToken, payment.operator ?? undefined)} className={primary}>
            Réessayer
          </Link>
          {payment.operator && (
            <Link to={payPath(reference, payToken, otherOperator(payment.operator))} className={secondary}>
              Payer avec {PAYMENT_OPERATOR_LABELS[otherOperator(payment.operator)]}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * /payment/:id: the waiting screen of one Mobile Money attempt (decision 026). It says what to
 * do on the phone and follows the attempt live until it is paid, or ends with its reason and
 * the ways to try again. The attempt's id is in the address: reloading, leaving and coming back
 * show the true state and never start a second charge.
 */
export function PaymentWait({
  initial,
  read = readPayment,
  env,
}: {
  initial: PaymentPoll;
  read?: ReadPayment;
  env?: PollerEnv;
}) {
  const { payment, status } = usePaymentPoll(initial, read, env);
  // The state the page opened on: a later one was reached while the customer watched.
  const openedOn = useRef(initial.state);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <dt className="text-slate-700">Commande</dt>
        <dd className="font-mono text-lg font-extrabold tracking-wider">{payment.orderReference}</dd>
        <dt className="text-slate-700">Montant</dt>
        <dd className="text-2xl font-extrabold">{formatPrice(payment.amount)}</dd>
        {payment.operator && (
          <>
            <dt className="text-slate-700">Opérateur</dt>
            <dd className="font-semibold">{PAYMENT_OPERATOR_LABELS[payment.operator]}</dd>
          </>
        )}
      </dl>
      {payment.state === "pending" ? (
        <Pending payment={payment} status={status} />
      ) : (
        <Ended payment={payment} focus={payment.state !== openedOn.current} />
      )}
    </div>
  );
}
