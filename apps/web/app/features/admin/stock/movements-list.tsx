import type { StockMovement } from "@shop/shared";
import { Link } from "react-router";
import { adminOrderHref } from "../orders/order-card";
import { formatShortDateTime } from "../orders/order-format";
import { REASON_LABELS, signed, stockText, variantName } from "./stock-format";
import { historyHref } from "./stock-query";

/** Why a count moved: the order that took or gave back the units (a link to it), or the admin's note. */
function Reason({ movement }: { movement: StockMovement }) {
  const label = REASON_LABELS[movement.reason];
  if (movement.orderReference)
    return (
      <>
        {label}{" "}
        <Link to={adminOrderHref(movement.orderReference)} className="font-mono font-semibold text-brand underline">
          {movement.orderReference}
        </Link>
      </>
    );
  return movement.note ? (
    <>
      {label} : {movement.note}
    </>
  ) : (
    label
  );
}

/**
 * The stock's history, newest first, as cards (a wide table does not fit a phone): when, which
 * product and variant, how many units in or out, the count after, why and who.
 */
export function MovementsList({ movements, filtered }: { movements: readonly StockMovement[]; filtered: boolean }) {
  if (movements.length === 0)
    return (
      <p className="rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">
        {filtered ? "Aucun mouvement de stock pour ce produit." : "Aucun mouvement de stock pour le moment."}
      </p>
    );
  return (
    <ol className="space-y-2">
      {movements.map((movement) => (
        <li key={movement._id}>
          <article className="rounded-lg bg-white p-3 ring-1 ring-slate-200" data-reason={movement.reason}>
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold break-words">
                <Link to={historyHref({ productId: movement.productId })} className="hover:underline">
                  {variantName(movement)}
                </Link>
              </h3>
              <span
                className={`shrink-0 rounded-full px-2.5 py-0.5 text-sm font-bold tabular-nums ring-1 ${
                  movement.delta > 0
                    ? "bg-green-50 text-green-900 ring-green-300"
                    : "bg-red-50 text-red-900 ring-red-300"
                }`}
              >
                {signed(movement.delta)}
              </span>
            </div>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-slate-700">Stock après</dt>
              <dd className="font-semibold">{stockText(movement.stockAfter)}</dd>
              <dt className="text-slate-700">Motif</dt>
              <dd className="break-words">
                <Reason movement={movement} />
              </dd>
              <dt className="text-slate-700">Par</dt>
              <dd className="break-words">{movement.by.name}</dd>
              <dt className="text-slate-700">Le</dt>
              <dd>
                <time dateTime={movement.createdAt}>{formatShortDateTime(movement.createdAt)}</time>
              </dd>
            </dl>
          </article>
        </li>
      ))}
    </ol>
  );
}
