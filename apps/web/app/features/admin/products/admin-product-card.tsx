import type { Product } from "@shop/shared";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { Price } from "../../../components/ui/price";
import { ProductImage } from "../../../components/ui/product-image";
import { toast } from "../../../components/ui/toast";
import { stockSummary } from "../stock/stock-format";
import { BULK_FORM_ID } from "./bulk-form-values";
import type { ProductActionResult, ProductIntent } from "./product-actions";

const CARD_SIZES = "(min-width: 1024px) 220px, 45vw";

const SUMMARY_COLOURS: Record<Product["stockStatus"], string> = {
  in_stock: "text-green-800",
  low: "text-amber-800",
  out: "text-red-700",
  untracked: "text-slate-700",
};

const ACTION_BUTTON = "min-h-11 w-full rounded-full border px-2 text-sm font-semibold disabled:opacity-60";

/**
 * A product in the back-office's grid: its picture, name, category, prices, its stock over its
 * variants, whether the storefront shows it ('Masqué', 'Archivé': decision 046), and its
 * actions (the stock's quick adjustment, edit, hide or show, duplicate, delete) and its
 * history's link. Hide, show and duplicate are forms posted to the grid's action: they work
 * before the scripts (the page comes back with the answer); with them, a fetcher does it in
 * place and the answer is a toast. `pick`: its box for a bulk change (decision 048), a field of
 * the grid's bulk form that it joins by the form's id (none for an archived product).
 */
export function AdminProductCard({
  product,
  pick,
  onStock,
  onEdit,
  onDelete,
}: {
  product: Product;
  pick?: { checked: boolean; disabled: boolean; onChange: (checked: boolean) => void };
  onStock: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const image = product.productImage[0];
  const fetcher = useFetcher<ProductActionResult>();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.data) (fetcher.data.ok ? toast.success : toast.error)(fetcher.data.message);
  }, [fetcher.data]);
  const post = (intent: ProductIntent, label: string, className: string) => (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={product._id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        aria-label={`${label} ${product.productName}`}
        className={`${ACTION_BUTTON} ${className}`}
      >
        {label}
      </button>
    </fetcher.Form>
  );
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 has-[[data-pick]:checked]:ring-2 has-[[data-pick]:checked]:ring-brand">
      {pick && (
        <label className="flex min-h-11 cursor-pointer items-center gap-2 border-b border-slate-200 px-3 text-sm font-semibold has-[:disabled]:cursor-default">
          <input
            type="checkbox"
            name="ids"
            value={product._id}
            form={BULK_FORM_ID}
            data-pick=""
            checked={pick.checked}
            disabled={pick.disabled}
            onChange={(event) => pick.onChange(event.currentTarget.checked)}
            className="size-5 shrink-0 accent-brand"
          />
          {/* One text for the name ("Sélectionner « iPhone 13 »"): a screen reader reads it whole. */}
          <span className="sr-only">{`Sélectionner « ${product.productName} »`}</span>
          <span aria-hidden="true">Sélectionner</span>
        </label>
      )}
      <div className="aspect-square bg-slate-100">
        {image && (
          <ProductImage url={image} alt="" size={400} sizes={CARD_SIZES} className="h-full w-full object-contain p-2" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 pb-2">
        <h2 className="line-clamp-2 text-sm font-semibold">
          <Link to={`/product/${product._id}`} className="hover:underline">
            {product.productName}
          </Link>
        </h2>
        <p className="text-xs text-slate-600">{product.category}</p>
        {(product.archived || product.hidden) && (
          <p>
            <span
              className={`inline-block rounded-full px-2 py-0.5 text-xs font-bold ${
                product.archived ? "bg-slate-700 text-white" : "bg-amber-100 text-amber-950"
              }`}
            >
              {product.archived ? "Archivé" : "Masqué"}
            </span>
          </p>
        )}
        <div className="mt-auto">
          <Price price={product.price} sellingPrice={product.sellingPrice} />
        </div>
        <p className={`text-xs font-semibold ${SUMMARY_COLOURS[product.stockStatus]}`}>
          <span className="font-normal text-slate-700">Stock : </span>
          {stockSummary(product)}
        </p>
      </div>
      <div className="flex flex-col gap-1 px-2 pb-2">
        <button
          type="button"
          onClick={onStock}
          aria-label={`Stock de ${product.productName}`}
          className="min-h-11 rounded-full border border-slate-500 px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          Stock
        </button>
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Modifier ${product.productName}`}
          className="min-h-11 rounded-full border border-brand px-2 text-sm font-semibold text-brand hover:bg-brand hover:text-white"
        >
          Modifier
        </button>
        {/* An archived product is off the storefront for good: nothing to hide, show or delete. */}
        {!product.archived &&
          (product.hidden
            ? post("show", "Afficher", "border-green-800 text-green-800 hover:bg-green-50")
            : post("hide", "Masquer", "border-slate-500 text-slate-800 hover:bg-slate-100"))}
        {post("duplicate", "Dupliquer", "border-slate-500 text-slate-800 hover:bg-slate-100")}
        {!product.archived && (
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Supprimer ${product.productName}`}
            className="min-h-11 rounded-full border border-red-700 px-2 text-sm font-semibold text-red-700 hover:bg-red-700 hover:text-white"
          >
            Supprimer
          </button>
        )}
        <Link
          to={`/admin-panel/history/product/${encodeURIComponent(product._id)}`}
          aria-label={`Historique de ${product.productName}`}
          className="flex min-h-11 items-center justify-center rounded-full px-2 text-sm font-semibold text-slate-800 underline hover:bg-slate-100"
        >
          Historique
        </Link>
      </div>
    </article>
  );
}
