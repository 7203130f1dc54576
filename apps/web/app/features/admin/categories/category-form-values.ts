import type { AdminCategory, CategoryCreateInput } from "@shop/shared";
import { FIELD_MSG, MSG } from "@shop/shared/core";
import type { ApiIssue } from "../../../lib/api";
import { textOf } from "../../../lib/form-values";

/** The 'Catégories' page's form (decision 046), as typed and as the API takes it. */

export const CATEGORY_FIELDS = ["name", "slug", "image"] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];
export type CategoryErrors = Partial<Record<CategoryField, string>>;

export interface CategoryValues {
  name: string;
  /** Empty: the server makes it from the name (a new category), or keeps it (one edited). */
  slug: string;
  hidden: boolean;
  /** Editing: take its picture away. */
  removeImage: boolean;
}

export const NEW_CATEGORY: CategoryValues = { name: "", slug: "", hidden: false, removeImage: false };

/** As the API's schemas say them: 60 characters for a name, a slug of lowercase words and hyphens. */
const NAME_MAX = 60;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SLUG_MAX = 80;

export function valuesOf(category: AdminCategory): CategoryValues {
  return { name: category.name, slug: category.slug, hidden: category.hidden, removeImage: false };
}

export function readCategoryForm(form: FormData): CategoryValues {
  return {
    name: textOf(form, "name").trim(),
    slug: textOf(form, "slug").trim(),
    hidden: textOf(form, "hidden") === "on",
    removeImage: textOf(form, "removeImage") === "on",
  };
}

/** The picture chosen in the form, if any (an empty file input posts a nameless, empty file). */
export function imageFileOf(form: FormData): File | null {
  const file = form.get("image");
  return file instanceof File && file.size > 0 ? file : null;
}

/** The checks made before asking the API, in its words. */
export function checkCategory(values: CategoryValues): CategoryErrors {
  const errors: CategoryErrors = {};
  if (!values.name) errors.name = FIELD_MSG.categoryNameRequired;
  else if (values.name.length > NAME_MAX) errors.name = FIELD_MSG.categoryNameTooLong;
  if (values.slug && (values.slug.length > SLUG_MAX || !SLUG.test(values.slug))) {
    errors.slug = FIELD_MSG.categorySlugInvalid;
  }
  return errors;
}

/** An image the shop stored, as the API answers it (absolute), back to the path a category keeps. */
export const imagePathOf = (url: string) => url.replace(/^https?:\/\/[^/]+(?=\/uploads\/images\/)/, "");

/**
 * The API's body. `image`: the path of a picture just uploaded, null to remove it, undefined
 * to leave it as it is. An empty slug is left out (made from the name, or kept).
 */
export function categoryBody(values: CategoryValues, image?: string | null): CategoryCreateInput {
  return {
    name: values.name,
    ...(values.slug ? { slug: values.slug } : {}),
    hidden: values.hidden,
    ...(image !== undefined ? { image } : values.removeImage ? { image: null } : {}),
  };
}

/**
 * Where the API's refusal shows: its field issues ("body.slug") beside their fields, and the
 * name or slug another category already has (409) beside that field.
 */
export function categoryErrorsOf(message: string, issues: readonly ApiIssue[]): CategoryErrors {
  const errors: CategoryErrors = {};
  for (const issue of issues) {
    const field = issue.path.split(".")[1] as CategoryField;
    if ((CATEGORY_FIELDS as readonly string[]).includes(field)) errors[field] ??= issue.message;
  }
  if (message === MSG.categoryNameTaken) errors.name ??= message;
  if (message === MSG.categorySlugTaken) errors.slug ??= message;
  return errors;
}
