import type { AdminCategory } from "@shop/shared";
import { Form, Link } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { ProductImage } from "../../../components/ui/product-image";
import { SubmitButton } from "../../../components/ui/submit-button";
import type { CategoryErrors, CategoryValues } from "./category-form-values";
import { CATEGORIES_PATH } from "./category-paths";

/**
 * A category's form, to add one (`category` undefined) or edit it: its name, its slug (the
 * address's part, made from the name when left empty), a picture through the shop's image
 * upload, and whether the storefront hides it. Multipart, posted to the page's action: it works
 * without scripts, the picture included.
 */
export function CategoryForm({
  category,
  values,
  errors = {},
  busy,
}: {
  category?: AdminCategory;
  values: CategoryValues;
  errors?: CategoryErrors;
  busy: boolean;
}) {
  const fid = (field: string) => `category-${category?._id ?? "new"}-${field}`;
  return (
    <Form
      method="post"
      action={CATEGORIES_PATH}
      encType="multipart/form-data"
      className="space-y-4"
      aria-label={category ? `Modifier ${category.name}` : "Nouvelle catégorie"}
    >
      <input type="hidden" name="intent" value={category ? "update" : "create"} />
      {category && <input type="hidden" name="id" value={category._id} />}
      <Field
        id={fid("name")}
        name="name"
        label="Nom"
        error={errors.name}
        hint={
          category ? "Ses produits la suivent si vous la renommez." : "Tel que la boutique l'affiche : « IPHONE 16 »."
        }
      >
        {(props) => (
          <input
            {...props}
            className={inputClass}
            type="text"
            maxLength={60}
            autoComplete="off"
            defaultValue={values.name}
          />
        )}
      </Field>
      <Field
        id={fid("slug")}
        name="slug"
        label="Slug (facultatif)"
        error={errors.slug}
        hint={
          category
            ? "Lettres minuscules sans accent, chiffres et tirets. Laissé vide, il ne change pas."
            : "Lettres minuscules sans accent, chiffres et tirets : « iphone-16 ». Laissé vide, il est fait à partir du nom."
        }
      >
        {(props) => (
          <input
            {...props}
            className={inputClass}
            type="text"
            maxLength={80}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={values.slug}
          />
        )}
      </Field>
      {category?.image && (
        <div className="flex flex-wrap items-center gap-3">
          <ProductImage
            url={category.image}
            alt=""
            size={64}
            className="size-16 rounded-md bg-slate-100 object-contain"
          />
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="removeImage"
              defaultChecked={values.removeImage}
              className="size-5 accent-brand"
            />
            Retirer l'image
          </label>
        </div>
      )}
      <Field
        id={fid("image")}
        name="image"
        label={category?.image ? "Nouvelle image (facultatif)" : "Image (facultatif)"}
        error={errors.image}
        hint="Une photo du téléphone ou de la galerie ; elle est envoyée avec le formulaire."
      >
        {(props) => (
          <input
            {...props}
            type="file"
            accept="image/*"
            className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-brand file:bg-white file:px-4 file:font-semibold file:text-brand"
          />
        )}
      </Field>
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" name="hidden" defaultChecked={values.hidden} className="size-5 accent-brand" />
        Masquer sur la boutique
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={busy} busyLabel="Enregistrement…">
          Enregistrer
        </SubmitButton>
        <Link to={CATEGORIES_PATH} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
          Annuler
        </Link>
      </div>
    </Form>
  );
}
