import type { AdminVariantStock, Product, ProductDetails } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { type FormEvent, type RefObject, Suspense, use, useEffect, useRef, useState } from "react";
import { Field, inputClass } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { type FieldErrors, fieldErrorsOf, firstInvalid } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../admin-errors";
import { type CategoryOption, categoryChoices } from "../categories/category-choices";
import { Modal } from "../modal";
import { type Settled, settle } from "../settled";
import { ImagePicker } from "./image-picker";
import { initialImages } from "./image-uploads";
import {
  checkProduct,
  francsOf,
  PRODUCT_FIELDS,
  type ProductField,
  type ProductTextField,
  type ProductValues,
  productInput,
  productValues,
} from "./product-form-values";
import { useImageUploads } from "./use-image-uploads";
import {
  cheapestPrices,
  checkVariants,
  type Edit,
  editDraft,
  imagePath,
  loadedDraft,
  newDraft,
  shownRows,
  type VariantErrors,
  type VariantsDraft,
  variantsInput,
  withCounts,
} from "./variants-draft";
import { VariantsEditor } from "./variants-editor";

/** The product form's own words about variants. */
export const FORM_TEXT = {
  loading: "Chargement de la fiche…",
  loadError: "Impossible de charger les variantes du produit. Vérifiez la connexion et réessayez.",
  variantsNotSaved: (message: string) => `Le produit est enregistré, mais pas ses variantes : ${message}`,
  countsReloaded: "Stocks rechargés : vérifiez-les, puis enregistrez à nouveau.",
} as const;

type Loaded = { product: ProductDetails; stock: AdminVariantStock[] };

/** Why the save button waits, said beside it. */
function waitReason(sending: number, failed: number): string | null {
  if (sending > 0) return `Patientez : ${sending} image${sending > 1 ? "s" : ""} en cours d'envoi.`;
  if (failed > 0) return "Réessayez ou retirez les images en échec avant d'enregistrer.";
  return null;
}

/**
 * The create modal (Annuler, Enregistrer) and, given a product, the edit modal 'Modifier le
 * produit' (Annuler, Sauvegarder) of SPEC.md §2, with the product's options and variants
 * (decision 024): editing first loads its variants and their exact counts. A product saved whose
 * variants were refused is kept (the list shows it once the modal closes). `categories`: the
 * shop's, as the page's loader read them (decision 046).
 */
export function ProductFormDialog({
  product,
  categories,
  onClose,
  onSaved,
}: {
  product: Product | null;
  categories: readonly CategoryOption[];
  onClose: () => void;
  onSaved: (product: Product) => void;
}) {
  const load = () => (product ? settle(adminApi().productVariants(product._id), FORM_TEXT.loadError) : null);
  const [loading, setLoading] = useState(load);
  const saved = useRef<Product | null>(null);
  const close = () => (saved.current ? onSaved(saved.current) : onClose());
  return (
    <Modal title={product ? "Modifier le produit" : "Nouveau produit"} onClose={close} size="lg">
      <Suspense fallback={<p className="py-6 text-center text-slate-700">{FORM_TEXT.loading}</p>}>
        <LoadedForm
          product={product}
          categories={categories}
          loading={loading}
          onRetry={() => setLoading(load())}
          saved={saved}
          onClose={close}
          onSaved={onSaved}
        />
      </Suspense>
    </Modal>
  );
}

function LoadedForm({
  loading,
  onRetry,
  ...props
}: {
  product: Product | null;
  categories: readonly CategoryOption[];
  loading: Promise<Settled<Loaded>> | null;
  onRetry: () => void;
  saved: RefObject<Product | null>;
  onClose: () => void;
  onSaved: (product: Product) => void;
}) {
  const loaded = loading ? use(loading) : null;
  if (loaded && !loaded.ok)
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
          {loaded.message}
        </p>
        <button
          type="button"
          onClick={onRetry}
          className="min-h-11 rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark"
        >
          Réessayer
        </button>
      </div>
    );
  return <ProductForm {...props} loaded={loaded?.data ?? null} />;
}

/** Compared to know whether the variants changed: without options their prices follow the product's. */
function variantsKey(input: ReturnType<typeof variantsInput>): string {
  const priced = input.options.length > 0;
  return JSON.stringify({
    ...input,
    variants: input.variants.map((v) => (priced ? v : { ...v, price: 0, sellingPrice: 0 })),
  });
}

/** Where the API's issue about a variant shows: the field of the card it was sent from. */
function variantIssueKey(path: string, sentRows: readonly number[]): string | null {
  const option = /\.options\.(\d+)\.(name|values)/.exec(path);
  if (option) return `option-${option[1]}-${option[2]}`;
  const variant = /\.variants\.(\d+)\.(price|sellingPrice|stock|images)/.exec(path);
  if (variant) return `variant-${sentRows[Number(variant[1])] ?? 0}-${variant[2]}`;
  return /\.variants/.test(path) ? "variants" : null;
}

function ProductForm({
  product,
  categories,
  loaded,
  saved,
  onClose,
  onSaved,
}: {
  product: Product | null;
  categories: readonly CategoryOption[];
  loaded: Loaded | null;
  saved: RefObject<Product | null>;
  onClose: () => void;
  onSaved: (product: Product) => void;
}) {
  const editing = product !== null;
  const [values, setValues] = useState<ProductValues>(() => productValues(product));
  const [errors, setErrors] = useState<FieldErrors<ProductField>>({});
  const [variantErrors, setVariantErrors] = useState<VariantErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [staleCounts, setStaleCounts] = useState(false);
  const [said, setSaid] = useState("");
  const [busy, setBusy] = useState(false);
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  const images = useImageUploads(product?.productImage ?? []);
  const [draft, setDraft] = useState<VariantsDraft>(() => {
    if (!loaded) return newDraft();
    // The product's photos have these keys in the form (image-uploads' initialImages).
    const keys = new Map(
      initialImages(product?.productImage ?? []).items.map((item) => [imagePath(item.url ?? ""), item.key]),
    );
    return loadedDraft(loaded.product, loaded.stock, keys);
  });
  const [initialVariants] = useState(() => variantsKey(currentVariants(draft)));
  const form = useRef<HTMLFormElement>(null);
  const reason = waitReason(images.sending, images.failed);
  const hasOptions = draft.options.length > 0;

  useEffect(() => {
    if (focusOn) document.getElementById(focusOn.id)?.focus();
  }, [focusOn]);

  function currentVariants(d: VariantsDraft) {
    const urls = new Map(images.items.map((item) => [item.key, item.status === "done" ? item.url : null]));
    return variantsInput(
      d,
      { price: francsOf(values.price) ?? 0, sellingPrice: francsOf(values.sellingPrice) ?? 0 },
      (ref) => (urls.has(ref) ? (urls.get(ref) ?? null) : ref.includes("/") ? ref : null),
    );
  }

  const set = (field: ProductTextField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const edit = (change: Edit) => {
    setDraft((d) => editDraft(d, change, { price: values.price, sellingPrice: values.sellingPrice }));
    if (Object.keys(variantErrors).length) setVariantErrors({});
  };

  /** The errors under their fields, the first one (in the form's order) focused. */
  const show = (found: FieldErrors<ProductField>, foundVariants: VariantErrors) => {
    setErrors(found);
    setVariantErrors(foundVariants);
    const first = firstInvalid(PRODUCT_FIELDS, found);
    if (first && first !== "description") {
      const target = first === "productImage" ? "gallery" : first;
      (form.current?.elements.namedItem(target) as HTMLElement | null)?.focus();
      return;
    }
    const rank = (key: string) => {
      const [kind, index, field] = key.split("-");
      if (key === "variants") return 1_000;
      const fields = ["name", "values", "price", "sellingPrice", "stock", "images"];
      return (kind === "option" ? 0 : 2_000) + Number(index) * 10 + fields.indexOf(field ?? "");
    };
    const firstVariant = Object.keys(foundVariants).sort((a, b) => rank(a) - rank(b))[0];
    if (firstVariant) setFocusOn({ id: firstVariant });
    else if (first) (form.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || reason) return;
    setFormError(null);
    setStaleCounts(false);
    setSaid("");
    const found = checkProduct(values, { prices: !hasOptions, categories: categories.map((c) => c.name) });
    const foundVariants = checkVariants(draft);
    if (firstInvalid(PRODUCT_FIELDS, found) || Object.keys(foundVariants).length) {
      show(found, foundVariants);
      return;
    }
    setBusy(true);
    const variants = currentVariants(draft);
    const sentRows = shownRows(draft).flatMap((row, i) => (row.sold || !hasOptions ? [i] : []));
    // With options, the product's prices are its cheapest variant's (the server sets them so too).
    const prices = hasOptions ? cheapestPrices(variants) : null;
    const input = { ...productInput(values, images.urls), ...(prices ?? {}) };
    const id = product?._id ?? saved.current?._id;
    let productSaved = false;
    try {
      const result = id ? await adminApi().updateProduct({ _id: id, ...input }) : await adminApi().createProduct(input);
      productSaved = true;
      if (!editing) saved.current = result.product;
      if (variantsKey(variants) !== initialVariants) {
        await adminApi().saveVariants(result.product._id, variants);
      }
      saved.current = null;
      toast.success(result.message);
      onSaved(result.product);
    } catch (error) {
      const message = adminErrorMessage(error, ADMIN_TEXT.productSaveError);
      setFormError(productSaved ? FORM_TEXT.variantsNotSaved(message) : message);
      toast.error(message);
      if (error instanceof ApiError) {
        setStaleCounts(error.status === 409 && error.message === MSG.stockChangedMeanwhile);
        if (productSaved) {
          const found: VariantErrors = {};
          for (const issue of error.issues) {
            const key = variantIssueKey(issue.path, sentRows);
            if (key) found[key] ??= issue.message;
          }
          show({}, found);
        } else {
          // "body.productImage.2" (one address refused) is about the photos as a whole.
          const issues = error.issues.map((i) => ({
            ...i,
            path: i.path.replace(/\.productImage\.\d+$/, ".productImage"),
          }));
          show(fieldErrorsOf(issues, PRODUCT_FIELDS), {});
        }
      }
      setBusy(false);
    }
  }

  /** After a 409: the counts as they are now, the admin's other changes kept. */
  async function reloadCounts() {
    const id = product?._id ?? saved.current?._id;
    if (!id) return;
    try {
      const stock = await adminApi().productStock(id);
      setDraft((d) => withCounts(d, stock));
      setStaleCounts(false);
      setFormError(null);
      setSaid(FORM_TEXT.countsReloaded);
    } catch (error) {
      setFormError(adminErrorMessage(error, FORM_TEXT.loadError));
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
    <form ref={form} onSubmit={submit} noValidate className="space-y-4">
      {text("productName", "Nom du produit")}
      {text("brandName", "Marque")}
      <Field id="product-category" name="category" label="Catégorie" error={errors.category}>
        {(props) => (
          <select {...props} value={values.category} onChange={set("category")} className={inputClass}>
            <option value="">Choisir une catégorie</option>
            {categoryChoices(categories, product?.category).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {!hasOptions && (
        <div className="grid gap-4 sm:grid-cols-2">
          {price("price", "Prix", "L'ancien prix, en FCFA.")}
          {price("sellingPrice", "Prix de vente", "Le prix payé, en FCFA.")}
        </div>
      )}
      <ImagePicker images={images} error={errors.productImage} />
      <VariantsEditor draft={draft} onEdit={edit} errors={variantErrors} images={images} />
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
      <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-900 empty:hidden">
        {said}
      </p>
      {formError && (
        <div className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          <p role="alert">{formError}</p>
          {staleCounts && (
            <button
              type="button"
              onClick={reloadCounts}
              className="mt-2 min-h-11 rounded-full border border-red-800 px-4 font-semibold text-red-800 hover:bg-red-100"
            >
              Recharger les stocks
            </button>
          )}
        </div>
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
  );
}
