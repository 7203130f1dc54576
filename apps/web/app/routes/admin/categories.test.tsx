import type { AdminCategory } from "@shop/shared";
import { FIELD_MSG, MSG } from "@shop/shared/core";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CategoryForm } from "../../features/admin/categories/category-form";
import { NEW_CATEGORY } from "../../features/admin/categories/category-form-values";
import { anAdminCategory, uuid } from "../../test/builders";
import { renderPage } from "../../test/render-page";
import AdminCategories from "./categories";

const CATEGORIES: AdminCategory[] = [
  anAdminCategory({ _id: uuid(1), name: "IPHONE 16", slug: "iphone-16", position: 1, productCount: 0 }),
  anAdminCategory({ _id: uuid(2), name: "IPHONE 15", slug: "iphone-15", position: 2, productCount: 1 }),
  anAdminCategory({ _id: uuid(3), name: "IPHONE 8", slug: "iphone-8", position: 3, hidden: true, productCount: 12 }),
];

type LoaderData = Parameters<typeof AdminCategories>[0]["loaderData"];

async function renderAt(values: Partial<LoaderData> = {}) {
  const loaderData: LoaderData = {
    categories: CATEGORIES,
    manage: true,
    editing: null,
    deleting: null,
    moved: null,
    direction: null,
    done: null,
    ...values,
  };
  const Stub = createRoutesStub([
    {
      path: "/admin-panel/categories",
      // The loader's answer as the page receives it; the component is the real one.
      Component: AdminCategories as never,
      loader: () => loaderData,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/admin-panel/categories"]} />);
  await screen.findByRole("heading", { level: 1, name: "Catégories" });
}

const item = (name: string) => screen.getByRole("heading", { level: 3, name: new RegExp(`^${name}`) }).closest("li")!;

describe("'Catégories'", () => {
  it("lists every category in the storefront's order, with its products and whether it is hidden", async () => {
    await renderAt({ manage: false });
    const names = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(["IPHONE 16", "IPHONE 15", "IPHONE 8 Masquée"]);
    expect(within(item("IPHONE 16")).getByText("Aucun produit")).toBeTruthy();
    expect(within(item("IPHONE 15")).getByText("1 produit")).toBeTruthy();
    expect(within(item("IPHONE 8")).getByText("12 produits")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(
      "Dans l'ordre de la boutique (2 affichées sur 3)",
    );
  });

  it("is read-only for an ADMIN", async () => {
    await renderAt({ manage: false });
    expect(screen.queryByRole("link", { name: "Nouvelle catégorie" })).toBeNull();
    expect(screen.queryAllByRole("button")).toEqual([]);
    expect(screen.getByText(/Seul le super administrateur peut/)).toBeTruthy();
  });

  it("gives the SUPERADMIN every action, as links and posted forms", async () => {
    await renderAt();
    expect(screen.getByRole("link", { name: "Nouvelle catégorie" }).getAttribute("href")).toBe(
      "/admin-panel/categories?edit=new",
    );
    const first = within(item("IPHONE 16"));
    expect((first.getByRole("button", { name: "Monter IPHONE 16" }) as HTMLButtonElement).disabled).toBe(true);
    expect((first.getByRole("button", { name: "Descendre IPHONE 16" }) as HTMLButtonElement).disabled).toBe(false);
    expect(first.getByRole("link", { name: "Modifier IPHONE 16" }).getAttribute("href")).toBe(
      `/admin-panel/categories?edit=${uuid(1)}`,
    );
    expect(first.getByRole("link", { name: "Supprimer IPHONE 16" }).getAttribute("href")).toBe(
      `/admin-panel/categories?delete=${uuid(1)}`,
    );
    const hide = first.getByRole("button", { name: "Masquer IPHONE 16" }) as HTMLButtonElement;
    expect([hide.name, hide.value, hide.form?.getAttribute("method")]).toEqual(["intent", "hide", "post"]);
    const last = within(item("IPHONE 8"));
    expect((last.getByRole("button", { name: "Descendre IPHONE 8" }) as HTMLButtonElement).disabled).toBe(true);
    expect((last.getByRole("button", { name: "Afficher IPHONE 8" }) as HTMLButtonElement).value).toBe("show");
  });

  it("gives the focus back to the move button after a move", async () => {
    await renderAt({ moved: uuid(2), direction: "up", done: MSG.categoriesOrdered });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Monter IPHONE 15" }));
    expect(screen.getByRole("status").textContent).toBe(MSG.categoriesOrdered);
  });

  it("asks before deleting, warning of the products still inside", async () => {
    await renderAt({ deleting: uuid(3) });
    const dialog = screen.getByRole("alertdialog", { name: "Supprimer « IPHONE 8 » ?" });
    expect(dialog.textContent).toContain("Elle contient encore 12 produits");
    expect(document.activeElement).toBe(dialog);
    expect(within(dialog).getByRole("link", { name: "Annuler" }).getAttribute("href")).toBe("/admin-panel/categories");
  });

  it("opens 'Nouvelle catégorie' and a category's form in place", async () => {
    await renderAt({ editing: "new" });
    const form = screen.getByRole("form", { name: "Nouvelle catégorie" });
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    expect(within(form).getByLabelText("Nom")).toBeTruthy();
    expect(within(form).getByLabelText("Slug (facultatif)").getAttribute("aria-describedby")).toBeTruthy();
    expect(within(form).getByLabelText("Image (facultatif)").getAttribute("type")).toBe("file");
    expect((within(form).getByLabelText("Masquer sur la boutique") as HTMLInputElement).checked).toBe(false);
  });
});

describe("CategoryForm", () => {
  it("shows the server's words beside their fields, the values as typed", () => {
    const posted = renderPage(
      <CategoryForm
        category={CATEGORIES[1]}
        values={{ ...NEW_CATEGORY, name: "SAMSUNG", slug: "Samsung 2", hidden: true }}
        errors={{ name: MSG.categoryNameTaken, slug: FIELD_MSG.categorySlugInvalid }}
        busy={false}
      />,
      "/admin-panel/categories",
    );
    const name = screen.getByLabelText("Nom") as HTMLInputElement;
    expect(name.value).toBe("SAMSUNG");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(MSG.categoryNameTaken)).toBeTruthy();
    expect(screen.getByText(FIELD_MSG.categorySlugInvalid)).toBeTruthy();
    expect((screen.getByLabelText("Masquer sur la boutique") as HTMLInputElement).checked).toBe(true);
    expect(posted).toEqual([]);
  });
});
