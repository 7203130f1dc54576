import type { AdminOrder } from "@shop/shared";
import { ORDER_STATUS_LABELS } from "@shop/shared/core";
import { formatShortDateTime } from "./order-format";

export interface HistoryLine {
  key: string;
  text: string;
  /** What came with the change, on a line of its own: "MTN MoMo — transaction TRX.…" (decision 026). */
  note?: string;
}

/**
 * An order's life in words, oldest first: 'Commande reçue' when it was made, then each change
 * as "Confirmée — par Awa, le 22/11/2026 à 14:05" (the admin's name as it was then), with its
 * note when it has one (a payment's operator and transaction).
 */
export function historyLines(order: Pick<AdminOrder, "createdAt" | "history">): HistoryLine[] {
  return [
    { key: "created", text: `Commande reçue — le ${formatShortDateTime(order.createdAt)}` },
    ...order.history.map((change, i) => ({
      key: `${i}-${change.toStatus}`,
      text: `${ORDER_STATUS_LABELS[change.toStatus]} — par ${change.changedBy.name}, le ${formatShortDateTime(change.createdAt)}`,
      ...(change.note?.trim() ? { note: change.note.trim() } : {}),
    })),
  ];
}
