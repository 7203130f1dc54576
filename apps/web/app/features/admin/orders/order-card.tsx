import type { AdminOrderSummary } from "@shop/shared";
import { formatPrice } from "@shop/shared/core";
import { Link } from "react-router";
import { displayPhone } from "../../../lib/format-phone";
import { CHANNEL_LABELS, formatShortDateTime, phoneDigits } from "./order-format";
import { StatusBadge } from "./status-badge";

export const adminOrderHref = (reference: string) => `/admin-panel/orders/${encodeURIComponent(reference)}`;

/**
 * An order in a list, as a card (a wide table does not fit a phone): the whole card opens the
 * order, its reference being the link.
 */
export function OrderCard({ order, headingLevel = 2 }: { order: AdminOrderSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative rounded-lg bg-white p-3 ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand hover:ring-slate-400">
      <div className="flex items-start justify-between gap-2">
        <Heading className="font-mono text-base font-extrabold tracking-wider">
          <Link
            to={adminOrderHref(order.reference)}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none"
          >
            {order.reference}
          </Link>
        </Heading>
        <StatusBadge status={order.status} />
      </div>
      <p className="mt-1 font-semibold break-words">{order.name}</p>
      <p className="text-sm text-slate-700">
        {order.phone ? displayPhone(phoneDigits(order.phone)) : "Sans numéro"} · {CHANNEL_LABELS[order.channel]}
      </p>
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <time dateTime={order.createdAt} className="text-slate-700">
          {formatShortDateTime(order.createdAt)}
        </time>
        {/* What the customer pays: delivery included once its fee is known (decision 025). */}
        <span className="font-bold text-slate-900">{formatPrice(order.total)}</span>
      </div>
    </article>
  );
}
