import type { CartLine } from "@shop/shared";
import { formatPrice, IMAGE_WIDTHS, lineName, MAX_CART_QUANTITY } from "@shop/shared/core";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { ProductImage } from "../../components/ui/product-image";
import { CART_INTENTS } from "./cart-intents";

const stepButton =
  "grid size-10 place-items-center rounded-full border border-slate-300 bg-white text-xl font-bold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 aria-disabled:cursor-wait aria-disabled:opacity-40";

/**
 * One line of the cart (SPEC.md §2): first picture, name leading to the product, category,
 * price, quantity with minus (from 2 up: the quantity never goes below 1) and plus, and removal.
 * In print, only the words and numbers remain. The buttons post the line's form to the cart
 * page's action until the scripts run, which then do the work here (decision 027).
 */
export function CartLineItem({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  /** A change of this line is under way: its buttons wait. */
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const product = line.productId;
  // While a change is under way the buttons say they wait (aria-disabled) and ignore presses,
  // but keep the keyboard's focus, which a disabled button would drop.
  const unlessBusy = (action: () => void) => (event: MouseEvent) => {
    event.preventDefault();
    if (!busy) action();
  };
  const waiting = busy || undefined;
  // The line's variant (decision 024): its name after the product's, its own price.
  const name = lineName(product.productName, line.variant.label);
  const unitPrice = line.variant.sellingPrice;
  const image = product.productImage[0];
  return (
    <li
      className="flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 print:break-inside-avoid print:rounded-none print:px-0 print:shadow-none print:ring-0"
      aria-busy={busy || undefined}
    >
      <form id={`line-${line._id}`} method="post" action="/cart" hidden>
        <input type="hidden" name="intent" value={CART_INTENTS.line} />
        <input type="hidden" name="line" value={line._id} />
      </form>
      <div className="size-24 shrink-0 overflow-hidden rounded-md bg-slate-100 print:hidden">
        {image && (
          <ProductImage url={image} alt="" size={IMAGE_WIDTHS.card} className="h-full w-full object-contain p-1" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start gap-2">
          <h2 className="line-clamp-2 flex-1 text-sm font-semibold sm:text-base">
            <Link to={`/product/${product._id}`} className="hover:underline">
              {name}
            </Link>
          </h2>
          <button
            type="submit"
            form={`line-${line._id}`}
            name="remove"
            value="1"
            onClick={unlessBusy(onRemove)}
            aria-disabled={waiting}
            aria-label={`Retirer ${name} du panier`}
            className="-mt-1 -mr-1 grid size-10 shrink-0 place-items-center rounded-full text-red-700 hover:bg-red-50 aria-disabled:cursor-wait aria-disabled:opacity-40 print:hidden"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path
                d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
        <p className="text-xs text-slate-600">{product.category}</p>
        <p className="font-bold text-brand-dark">
          <data value={unitPrice}>{formatPrice(unitPrice)}</data>
        </p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <fieldset className="flex items-center gap-2">
            <legend className="sr-only">Quantité de {name}</legend>
            <button
              type="submit"
              form={`line-${line._id}`}
              name="quantity"
              value={line.quantity - 1}
              className={`${stepButton} print:hidden`}
              onClick={unlessBusy(() => onQuantity(line.quantity - 1))}
              disabled={line.quantity <= 1}
              aria-disabled={waiting}
              aria-label={`Diminuer la quantité de ${name}`}
            >
              <span aria-hidden="true">−</span>
            </button>
            <span className="hidden text-sm print:inline">Quantité :</span>
            <output aria-live="polite" className="min-w-8 text-center font-semibold tabular-nums">
              {line.quantity}
            </output>
            <button
              type="submit"
              form={`line-${line._id}`}
              name="quantity"
              value={line.quantity + 1}
              className={`${stepButton} print:hidden`}
              onClick={unlessBusy(() => onQuantity(line.quantity + 1))}
              disabled={line.quantity >= MAX_CART_QUANTITY}
              aria-disabled={waiting}
              aria-label={`Augmenter la quantité de ${name}`}
            >
              <span aria-hidden="true">+</span>
            </button>
          </fieldset>
          {line.quantity > 1 && (
            <p className="text-sm text-slate-700">
              Sous-total : <span className="font-semibold">{formatPrice(line.quantity * unitPrice)}</span>
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
