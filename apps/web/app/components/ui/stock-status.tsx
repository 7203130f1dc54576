import type { StockStatus as Status } from "@shop/shared/core";

/**
 * What customers read of stock (decision 024): 'En stock' (a count not tracked too),
 * 'Plus que N en stock' at LOW_STOCK_MAX or under, 'Épuisé'.
 */
export function stockText(status: Status, left: number | null): string {
  if (status === "out") return "Épuisé";
  if (status === "low" && left !== null) return `Plus que ${left} en stock`;
  return "En stock";
}

const TONE: Record<Status, string> = {
  in_stock: "text-green-800",
  untracked: "text-green-800",
  low: "text-amber-800",
  out: "text-red-700",
};

const DOT: Record<Status, string> = {
  in_stock: "bg-green-600",
  untracked: "bg-green-600",
  low: "bg-amber-500",
  out: "bg-red-600",
};

/** The status as a coloured dot and its words; one line, so a card keeps its height. */
export function StockStatus({
  status,
  left,
  size = "sm",
  id,
}: {
  status: Status;
  left: number | null;
  size?: "xs" | "sm";
  id?: string;
}) {
  return (
    <p
      id={id}
      data-stock={status}
      className={`flex items-center gap-1.5 font-semibold ${size === "xs" ? "text-xs" : "text-sm"} ${TONE[status]}`}
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${DOT[status]}`} />
      {stockText(status, left)}
    </p>
  );
}
