import { discountPercent, formatPrice } from "@shop/shared/core";

/**
 * Selling price, and the struck-through old price and '% OFF' badge when there is a discount.
 * `from`: the product's variants are sold at several prices, this is the lowest ("à partir de").
 */
export function Price({
  price,
  sellingPrice,
  size = "md",
  from = false,
}: {
  price: number;
  sellingPrice: number;
  size?: "md" | "lg";
  from?: boolean;
}) {
  const off = discountPercent(price, sellingPrice);
  return (
    <p data-price="" className="flex flex-wrap items-baseline gap-x-2">
      {from && <span className="basis-full text-xs text-slate-600">à partir de </span>}
      {/* <data> carries the machine-readable amount next to the formatted text. */}
      <data value={sellingPrice} className={`font-bold text-brand-dark ${size === "lg" ? "text-2xl" : "text-base"}`}>
        {formatPrice(sellingPrice)}
      </data>
      {off > 0 && (
        <>
          <s className="text-sm text-slate-500">{formatPrice(price)}</s>
          <span className="rounded bg-accent px-1.5 py-0.5 text-xs font-bold text-white">{off}% OFF</span>
        </>
      )}
    </p>
  );
}
