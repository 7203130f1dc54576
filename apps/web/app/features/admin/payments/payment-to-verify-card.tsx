import type { PaymentToVerify } from "@shop/shared";
import { formatPrice, ORDER_STATUSES, type OrderStatus } from "@shop/shared/core";
import { Link } from "react-router";
import { adminOrderHref } from "../orders/order-card";
import { StatusBadge } from "../orders/status-badge";
import { amountDiffers, paymentNotes, paymentPhone, paymentReferences, paymentTitle } from "./payment-format";
import { PaymentRow, ScreenshotLink, When } from "./payment-parts";
import { PaymentReviewActions } from "./review-actions";
import type { PaymentReviewResult } from "./review-payment.server";

const isOrderStatus = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);

/**
 * A payment waiting for the shop: the order (its reference opens it), what came, from which
 * number, the ID to look up in the operator's history (or the provider's reference), why an
 * online payment was flagged, the screenshot; then 'Approuver' or 'Rejeter'.
 */
export function PaymentToVerifyCard({
  payment,
  busy,
  result,
}: {
  payment: PaymentToVerify;
  busy: boolean;
  result?: PaymentReviewResult;
}) {
  const headingId = `payment-${payment._id}`;
  const { order } = payment;
  const phone = paymentPhone(payment.phone);
  const differs = amountDiffers(payment, order.total);
  return (
    <article aria-labelledby={headingId} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="font-mono text-base font-extrabold tracking-wider">
          <Link to={adminOrderHref(order.reference)} className="text-brand underline">
            {order.reference}
          </Link>
        </h2>
        {isOrderStatus(order.status) && <StatusBadge status={order.status} />}
      </div>
      <p className="mt-1 flex flex-wrap justify-between gap-x-3">
        <span className="font-semibold break-words">{order.name}</span>
        <span>
          Total <strong>{formatPrice(order.total)}</strong>
        </span>
      </p>
      <dl className="mt-2 divide-y divide-slate-100">
        <PaymentRow term="Montant">
          <strong className={differs ? "text-red-800" : undefined}>{formatPrice(payment.amount)}</strong>
          {differs && <span className="text-red-800"> (différent du total de la commande)</span>}
        </PaymentRow>
        <PaymentRow term="Moyen">{paymentTitle(payment)}</PaymentRow>
        <PaymentRow term="Numéro">{phone ?? <span className="text-slate-700">Non indiqué</span>}</PaymentRow>
        {paymentReferences(payment).map((ref) => (
          <PaymentRow key={ref.term} term={ref.term}>
            <span className="font-mono">{ref.value}</span>
          </PaymentRow>
        ))}
        {payment.method === "transfer" ? (
          <PaymentRow term="Déclaré le">
            <When iso={payment.createdAt} />
          </PaymentRow>
        ) : (
          <PaymentRow term="Reçu le">
            <When iso={payment.settledAt ?? payment.updatedAt} />
          </PaymentRow>
        )}
      </dl>
      {paymentNotes(payment).map((note) => (
        <p key={note.term} className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          <strong>{note.term} :</strong> {note.text}
        </p>
      ))}
      <div className="mt-3 space-y-3">
        <ScreenshotLink payment={payment} />
        <PaymentReviewActions
          paymentId={payment._id}
          reference={order.reference}
          subject={`de la commande ${order.reference}`}
          busy={busy}
          result={result}
        />
      </div>
    </article>
  );
}
