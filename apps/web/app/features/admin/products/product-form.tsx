import type { Product } from "@shop/shared";
import { CATEGORIES_SORTED } from "@shop/shared/core";
import { type FormEvent, useRef, useState } from "react";
import { Field, inputClass } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { type FieldErrors, fieldErrorsOf, firstInvalid } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../admin-errors";
import { Modal } from "../modal";
import { ImagePicker } from "./image-picker";
import {
  checkProduct,
  PRODUCT_FIELDS,
  type ProductField,
  type ProductTextField,
  type ProductValues,
  productInput,
  productValues,
} from "./product-form-values";
import { useImageUploads } from "./use-image-uploads";

/** Why the save button waits, said beside it. */
function waitReason(sending: number, failed: number): string | null {
  if (sending > 0) return `Patientez : ${sending} image${sending > 1 ? "s" : ""} en cours d'envoi.`;
  if (failed > 0) return "Réessayez ou retirez les images en échec avant d'enregistrer.";
  return null;
}

/**
 * The create modal (Annuler, Enregistrer) and, given a product, the edit modal 'Modifier le
 * produit' (Annuler, Sauvegarder) of SPEC.md §2. The browser checks what it can first; the
 * server's field issues show under their fields, the first one focused; other failures are
 * the messages of SPEC.md §8. Photos go up as soon as they are picked; saving waits for them.
 */
export function ProductFormDialog({
  product,
  onClose,
  onSaved,
}: {
  product: Product | null;
  onClose: () => void;
  onSaved: (product: Product) => void;
}) {
  const editing = product !== null;
  const [values, setValues] = useState<ProductValues>(() => productValues(product));
  const [errors, setErrors] = useState<FieldErrors<ProductField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const images = useImageUploads(product?.productImage ?? []);
  const form = useRef<HTMLFormElement>(null);
  const reason = waitReason(images.sending, images.failed);

  const set = (field: ProductTextField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const show = (found: FieldErrors<ProductField>) => {
    setErrors(found);
    const first = firstInvalid(PRODUCT_FIELDS, found);
    const target = first === "productImage" ? "gallery" : first;
    if (target) (form.current?.elements.namedItem(target) as HTMLElement | null)?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || reason) return;
    setFormError(null);
    const found = checkProduct(values);
    if (firstInvalid(PRODUCT_FIELDS, found)) {
      show(found);
      return;
    }
    setBusy(true);
    try {
      const input = productInput(values, images.urls);
      const saved = editing
        ? await adminApi().updateProduct({ _id: product._id, ...input })
        : await adminApi().createProduct(input);
      toast.success(saved.message);
      onSaved(saved.product);
    } catch (error) {
      const message = adminErrorMessage(error, ADMIN_TEXT.productSaveError);
      setFormError(message);
      toast.error(message);
      if (error instanceof ApiError) {
        // "body.productImage.2" (one address refused) is about the photos as a whole.
        const issues = error.issues.map((i) => ({
          ...i,
          path: i.path.replace(/\.productImage\.\d+$/, ".productImage"),
        }));
        show(fieldErrorsOf(issues, PRODUCT_FIELDS));
      }
      setBusy(false);
    }
  }

  const text = (field: "productName" | "brandName", label: string, autoComplete = "off") => (
    <Field id={`product-${field}`} name={field} label={label} error={errors[field]}>
      {(props) => (
        <input
          {...props}
          value={values[field]}
          onChange={set(field)}
          autoComplete={autoComplete}
          className={inputClass}
        />
      )}
    </Field>
  );
  const price = (field: "price" | "sellingPrice", label: string, hint: string) => (
    <Field id={`product-${field}`} name={field} label={label} hint={hint} error={errors[field]}>
      {(props) => (
        <input
          {...props}
          inputMode="numeric"
          value={values[field]}
          onChange={set(field)}
          autoComplete="off"
          className={inputClass}
        />
      )}
    </Field>
  );

  return (
    <Modal title={editing ? "Modifier le produit" : "Nouveau produit"} onClose={onClose} size="lg">
      <form ref={form} onSubmit={submit} noValidate className="space-y-4">
        {text("productName", "Nom du produit")}
        {text("brandName", "Marque")}
        <Field id="product-category" name="category" label="Catégorie" error={errors.category}>
          {(props) => (
            <select {...props} value={values.category} onChange={set("category")} className={inputClass}>
              <option value="">Choisir une catégorie</option>
              {CATEGORIES_SORTED.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          {price("price", "Prix", "L'ancien prix, en FCFA.")}
          {price("sellingPrice", "Prix de vente", "Le prix payé, en FCFA.")}
        </div>
        <ImagePicker images={images} error={errors.productImage} />
        <Field id="product-description" name="description" label="Description (facultatif)" error={errors.description}>
          {(props) => (
            <textarea
              {...props}
              rows={4}
              value={values.description}
              onChange={set("description")}
              className={inputClass}
            />
          )}
        </Field>
        {formError && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {formError}
          </p>
        )}
        <div className="sticky bottom-0 -mx-4 -mb-4 border-t border-slate-200 bg-white px-4 py-3">
          {reason && (
            <p id="product-save-reason" className="mb-2 text-sm font-medium text-slate-700">
              {reason}
            </p>
          )}
          <div className="flex gap-2 sm:justify-end">
            <button
              type="button"
              onClick={onClose}
              className="min-h-11 flex-1 rounded-full border border-slate-400 px-5 font-semibold text-slate-800 hover:bg-slate-100 sm:flex-none"
            >
              Annuler
            </button>
            <button
              type="submit"
              disabled={busy || reason !== null}
              aria-describedby={reason ? "product-save-reason" : undefined}
              className="min-h-11 flex-1 rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-slate-500 sm:flex-none"
            >
              {busy ? "Enregistrement…" : editing ? "Sauvegarder" : "Enregistrer"}
            </button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
