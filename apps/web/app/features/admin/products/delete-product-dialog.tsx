import type { Product } from "@shop/shared";
import { useState } from "react";
import { toast } from "../../../components/ui/toast";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../admin-errors";
import { Modal } from "../modal";

/**
 * Deleting asks first, naming the product. The request goes with the admin's session (the
 * original sent none); a refusal (another admin's product…) is said here and in a toast.
 */
export function DeleteProductDialog({
  product,
  onClose,
  onDeleted,
}: {
  product: Pick<Product, "_id" | "productName">;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      toast.success(await adminApi().deleteProduct(product._id));
      onDeleted();
    } catch (caught) {
      const message = adminErrorMessage(caught, ADMIN_TEXT.genericError);
      setError(`La suppression a échoué : ${message}`);
      toast.error(message);
      setBusy(false);
    }
  }

  return (
    <Modal title="Supprimer le produit" onClose={onClose}>
      <p>
        Supprimer « <strong>{product.productName}</strong> » ? Il disparaîtra de la boutique.
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 rounded-full border border-slate-400 px-5 font-semibold text-slate-800 hover:bg-slate-100"
        >
          Annuler
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={busy}
          className="min-h-11 rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800 disabled:bg-red-900"
        >
          {busy ? "Suppression…" : "Supprimer"}
        </button>
      </div>
    </Modal>
  );
}
