import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { anAdminCategory } from "../../../test/builders";
import { formOf } from "../../../test/forms";
import {
  categoryBody,
  categoryErrorsOf,
  checkCategory,
  imageFileOf,
  imagePathOf,
  NEW_CATEGORY,
  readCategoryForm,
  valuesOf,
} from "./category-form-values";

describe("the category form", () => {
  it("reads the posted form, trimmed, its boxes ticked or not", () => {
    expect(readCategoryForm(formOf({ name: "  IPHONE 16 ", slug: " ", hidden: "on" }))).toEqual({
      name: "IPHONE 16",
      slug: "",
      hidden: true,
      removeImage: false,
    });
    expect(readCategoryForm(formOf({ name: "PIXEL", slug: "pixel", removeImage: "on" }))).toMatchObject({
      hidden: false,
      removeImage: true,
    });
  });

  it("takes a picture only when one was chosen", () => {
    const form = formOf({ name: "PIXEL" });
    expect(imageFileOf(form)).toBeNull();
    form.set("image", new File([], ""));
    expect(imageFileOf(form)).toBeNull();
    const photo = new File([new Uint8Array([1, 2, 3])], "pixel.jpg", { type: "image/jpeg" });
    form.set("image", photo);
    expect(imageFileOf(form)?.name).toBe("pixel.jpg");
  });

  it("checks first what the server would refuse, in its words", () => {
    expect(checkCategory(NEW_CATEGORY)).toEqual({ name: FIELD_MSG.categoryNameRequired });
    expect(checkCategory({ ...NEW_CATEGORY, name: "x".repeat(61) })).toEqual({ name: FIELD_MSG.categoryNameTooLong });
    expect(checkCategory({ ...NEW_CATEGORY, name: "IPHONE 16" })).toEqual({});
    expect(checkCategory({ ...NEW_CATEGORY, name: "IPHONE 16", slug: "iphone-16" })).toEqual({});
    for (const slug of ["iPhone-16", "iphone 16", "iphone--16", "-iphone", "électronique", "a".repeat(81)]) {
      expect(checkCategory({ ...NEW_CATEGORY, name: "IPHONE 16", slug })).toEqual({
        slug: FIELD_MSG.categorySlugInvalid,
      });
    }
  });

  it("sends the slug only when typed, and the picture only when it changes", () => {
    const values = { ...NEW_CATEGORY, name: "IPHONE 16" };
    expect(categoryBody(values)).toEqual({ name: "IPHONE 16", hidden: false });
    expect(categoryBody({ ...values, slug: "iphone-16", hidden: true }, "/uploads/images/abc/800.webp")).toEqual({
      name: "IPHONE 16",
      slug: "iphone-16",
      hidden: true,
      image: "/uploads/images/abc/800.webp",
    });
    expect(categoryBody({ ...values, removeImage: true })).toEqual({ name: "IPHONE 16", hidden: false, image: null });
    // A new picture wins over "remove".
    expect(categoryBody({ ...values, removeImage: true }, "/uploads/images/new/800.webp").image).toBe(
      "/uploads/images/new/800.webp",
    );
  });

  it("keeps a stored picture as its path", () => {
    expect(imagePathOf("https://boutique.cm/uploads/images/abc-1/800.webp")).toBe("/uploads/images/abc-1/800.webp");
    expect(imagePathOf("/uploads/images/abc-1/800.webp")).toBe("/uploads/images/abc-1/800.webp");
  });

  it("fills the edit form from the category", () => {
    expect(valuesOf(anAdminCategory({ name: "PIXEL", slug: "pixel", hidden: true }))).toEqual({
      name: "PIXEL",
      slug: "pixel",
      hidden: true,
      removeImage: false,
    });
  });

  it("places the server's refusals beside their fields: its issues, and a name or slug already taken", () => {
    expect(
      categoryErrorsOf("Requête invalide.", [
        { path: "body.slug", message: FIELD_MSG.categorySlugInvalid },
        { path: "body.image", message: FIELD_MSG.imageUrlInvalid },
        { path: "body.other", message: "ignored" },
      ]),
    ).toEqual({ slug: FIELD_MSG.categorySlugInvalid, image: FIELD_MSG.imageUrlInvalid });
    expect(categoryErrorsOf(MSG.categoryNameTaken, [])).toEqual({ name: MSG.categoryNameTaken });
    expect(categoryErrorsOf(MSG.categorySlugTaken, [])).toEqual({ slug: MSG.categorySlugTaken });
    expect(categoryErrorsOf(MSG.categoryNotEmpty(3), [])).toEqual({});
  });
});
