import { ORDER_STATUS_LABELS, type OrderStatus } from "@shop/shared/core";

/** Each status its colour, always with its word: the colour only helps the eye. */
const TONES: Record<OrderStatus, string> = {
  nouvelle: "bg-blue-100 text-blue-900 ring-blue-300",
  confirmée: "bg-amber-100 text-amber-900 ring-amber-300",
  payée: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  livrée: "bg-slate-200 text-slate-900 ring-slate-400",
  annulée: "bg-red-100 text-red-900 ring-red-300",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${TONES[status]}`}
      data-status={status}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
