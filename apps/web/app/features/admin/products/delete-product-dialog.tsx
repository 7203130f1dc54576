import type { Product } from "@shop/shared";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../admin-errors";
import { Modal } from "../modal";

/**
 * Deleting asks first, naming the product. The request goes with the admin's session (the
 * original sent none); a refusal (another admin's product…) is said here and in a toast. A
 * product that orders name is archived instead (decision 046): the dialog stays open to say so,
 * in the server's words, until the admin closes it.
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
  const [archived, setArchived] = useState<string | null>(null);
  // The confirm button is gone once archived: the focus goes to the way back, after the words.
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (archived) back.current?.focus();
  }, [archived]);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const result = await adminApi().deleteProduct(product._id);
      toast.success(result.message);
      if (result.archived) setArchived(result.message);
      else onDeleted();
    } catch (caught) {
      const message = adminErrorMessage(caught, ADMIN_TEXT.genericError);
      setError(`La suppression a échoué : ${message}`);
      toast.error(message);
      setBusy(false);
    }
  }

  if (archived)
    return (
      <Modal title="Produit archivé" onClose={onDeleted}>
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-950">
          {archived}
        </p>
        <div className="mt-4 flex sm:justify-end">
          <button
            ref={back}
            type="button"
            onClick={onDeleted}
            className="min-h-11 rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark"
          >
            Retour aux produits
          </button>
        </div>
      </Modal>
    );

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
