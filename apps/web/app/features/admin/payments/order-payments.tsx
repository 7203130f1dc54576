import type { AdminOrder, AdminPayment } from "@shop/shared";
import { PAYMENT_CHOICE_LABELS } from "@shop/shared/back-office";
import { formatPrice } from "@shop/shared/core";
import { amountDiffers, paymentNotes, paymentPhone, paymentReferences, paymentTitle } from "./payment-format";
import { PaymentRow, PaymentStateBadge, ScreenshotLink, When } from "./payment-parts";
import { PaymentReviewActions } from "./review-actions";
import type { PaymentReviewResult } from "./review-payment.server";
import { PaymentReviewMessage } from "./review-result";

/** One attempt: how, from which number, how much, its references, its state and its times. */
function PaymentAttempt({
  payment,
  orderTotal,
  busy,
  result,
}: {
  payment: AdminPayment;
  orderTotal: number;
  busy: boolean;
  result?: PaymentReviewResult;
}) {
  const headingId = `attempt-${payment._id}`;
  const phone = paymentPhone(payment.phone);
  const differs = amountDiffers(payment, orderTotal);
  return (
    <article aria-labelledby={headingId} className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {paymentTitle(payment)}
        </h3>
        <PaymentStateBadge state={payment.state} />
      </div>
      <dl className="mt-1">
        <PaymentRow term="Montant">
          <strong className={differs ? "text-red-800" : undefined}>{formatPrice(payment.amount)}</strong>
          {differs && <span className="text-red-800"> (différent du total de la commande)</span>}
        </PaymentRow>
        <PaymentRow term="Numéro">{phone ?? <span className="text-slate-700">Non indiqué</span>}</PaymentRow>
        {paymentReferences(payment).map((ref) => (
          <PaymentRow key={ref.term} term={ref.term}>
            <span className="font-mono">{ref.value}</span>
          </PaymentRow>
        ))}
        {paymentNotes(payment).map((note) => (
          <PaymentRow key={note.term} term={note.term}>
            {note.text}
          </PaymentRow>
        ))}
        <PaymentRow term={payment.method === "transfer" ? "Déclaré le" : "Demandé le"}>
          <When iso={payment.createdAt} />
        </PaymentRow>
        {/* A decision's time is said with who made it, below; a payment's own end here. */}
        {payment.settledAt && (payment.state === "paid" || !payment.reviewedBy) && (
          <PaymentRow term={payment.state === "paid" ? "Payé le" : "Terminé le"}>
            <When iso={payment.settledAt} />
          </PaymentRow>
        )}
        {payment.reviewedBy && (
          <PaymentRow term={payment.state === "rejected" ? "Rejeté par" : "Vérifié par"}>
            {payment.reviewedBy.name}
            {payment.reviewedAt && (
              <>
                , le <When iso={payment.reviewedAt} />
              </>
            )}
          </PaymentRow>
        )}
      </dl>
      {(payment.screenshotUrl || payment.state === "to_verify") && (
        <div className="mt-2 space-y-3">
          <ScreenshotLink payment={payment} />
          {payment.state === "to_verify" && (
            <PaymentReviewActions
              paymentId={payment._id}
              subject={payment.transactionId ? `(transaction ${payment.transactionId})` : "à vérifier"}
              busy={busy}
              result={result}
            />
          )}
        </div>
      )}
    </article>
  );
}

/**
 * The order page's 'Paiements' (decision 026): how the customer chose to pay, then every
 * attempt, newest first, with 'Approuver' and 'Rejeter' on one waiting for the shop.
 */
export function OrderPayments({
  order,
  busy,
  result,
}: {
  order: Pick<AdminOrder, "paymentChoice" | "payments" | "total">;
  busy: boolean;
  result?: PaymentReviewResult;
}) {
  return (
    <div className="space-y-2">
      <PaymentReviewMessage result={result} />
      <p>
        <span className="text-sm font-medium text-slate-600">Choix du client : </span>
        {order.paymentChoice ? (
          <strong>{PAYMENT_CHOICE_LABELS[order.paymentChoice]}</strong>
        ) : (
          <span className="text-slate-700">pas encore choisi</span>
        )}
      </p>
      {order.payments.length === 0 ? (
        <p className="text-slate-700">Aucun paiement en ligne ni transfert déclaré.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {order.payments.map((payment) => (
            <li key={payment._id}>
              <PaymentAttempt payment={payment} orderTotal={order.total} busy={busy} result={result} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
