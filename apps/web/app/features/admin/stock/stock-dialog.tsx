import type { AdminVariantStock } from "@shop/shared";
import { Suspense, use, useState } from "react";
import { Link } from "react-router";
import { adminApi } from "../admin-api";
import { Modal } from "../modal";
import { type Settled, settle } from "../settled";
import { AdjustStockForm } from "./adjust-stock-form";
import { STOCK_TEXT, stockText, variantName } from "./stock-format";
import { historyHref } from "./stock-query";

/**
 * A product's quick stock adjustment, from the products screen: every variant with its exact
 * count and its own form (+/−, new count, reason). What each change did is said in a live
 * region at the top; `onClose` is told whether anything changed (the list then reads again).
 */
export function StockDialog({ productId, onClose }: { productId: string; onClose: (changed: boolean) => void }) {
  const [loading] = useState(() => settle(adminApi().productStock(productId), STOCK_TEXT.loadError));
  const [changed, setChanged] = useState(false);
  return (
    <Modal title="Ajuster le stock" onClose={() => onClose(changed)} size="lg">
      <Suspense fallback={<p className="py-6 text-center text-slate-700">Chargement du stock…</p>}>
        <StockVariants loading={loading} productId={productId} onChanged={() => setChanged(true)} />
      </Suspense>
    </Modal>
  );
}

function StockVariants({
  loading,
  productId,
  onChanged,
}: {
  loading: Promise<Settled<AdminVariantStock[]>>;
  productId: string;
  onChanged: () => void;
}) {
  const loaded = use(loading);
  const [variants, setVariants] = useState(loaded.ok ? loaded.data : []);
  const [said, setSaid] = useState("");
  if (!loaded.ok)
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
        {loaded.message}
      </p>
    );
  const productName = variants[0]?.productName ?? "";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">{productName}</p>
        <Link to={historyHref({ productId })} className="text-sm font-semibold text-brand underline">
          Historique du stock
        </Link>
      </div>
      <p role="status" className="rounded-md bg-green-50 px-3 py-2 font-medium text-green-900 empty:hidden">
        {said}
      </p>
      <ul className="space-y-3">
        {variants.map((variant) => (
          <li key={variant._id}>
            <AdjustStockForm
              variant={variant}
              onAdjusted={(saved, message) => {
                setVariants((all) => all.map((v) => (v._id === saved._id ? saved : v)));
                setSaid(`${message} ${variantName(saved)} : ${stockText(saved.stock)}.`);
                onChanged();
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
