import type { BulkPreview, Product } from "@shop/shared";
import { FIELD_MSG, formatPrice, MSG } from "@shop/shared/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { aProduct, uuid } from "../../../test/builders";
import { hydrateOver } from "../../../test/hydrate-over";
import { type BulkAnswer, gridReadAgain, NO_BULK_VALUES } from "./bulk-form-values";
import { productsAction } from "./product-actions.server";
import { ProductsScreen } from "./products-screen";

const PREVIEW = "POST /api/admin/products/bulk/preview";
const APPLY = "POST /api/admin/products/bulk";
const GRID = "/admin-panel/all-products";

const product = (n: number, name: string, values: Partial<Product> = {}) =>
  aProduct({ _id: uuid(n), productName: name, category: "IPHONE 13", price: 400000, sellingPrice: 350000, ...values });
const MINI = product(1, "iPhone 13 Mini");
const PRO = product(2, "iPhone 13 Pro", { sellingPrice: 380000 });
const PRODUCTS = [MINI, PRO];
const CATEGORIES = [
  { name: "IPHONE 13", hidden: false },
  { name: "SAMSUNG", hidden: false },
];

/** What the API previews for MINI and PRO at −10 %. */
const PRICE_PREVIEW: BulkPreview = {
  count: 2,
  sample: [
    {
      _id: MINI._id,
      productName: MINI.productName,
      sellingPrice: 350000,
      sellingPriceAfter: 315000,
      category: "IPHONE 13",
      categoryAfter: "IPHONE 13",
    },
    {
      _id: PRO._id,
      productName: PRO.productName,
      sellingPrice: 380000,
      sellingPriceAfter: 342000,
      category: "IPHONE 13",
      categoryAfter: "IPHONE 13",
    },
  ],
  archived: 0,
  capped: 0,
};
const PRICE_DOWN = { kind: "price", mode: "percent", value: -10, field: "selling" } as const;

/**
 * The grid as the route draws it, its action the route's own (product-actions.server.ts) in
 * front of the stubbed API: the forms go through the same checks and calls as in the shop.
 */
function renderGrid(props: Partial<Parameters<typeof ProductsScreen>[0]> = {}, url = GRID) {
  const loader = vi.fn(() => null);
  const Stub = createRoutesStub([
    {
      path: GRID,
      loader,
      action: ({ request }) => productsAction(request),
      shouldRevalidate: gridReadAgain,
      HydrateFallback: () => null,
      Component: () => (
        <ProductsScreen
          products={PRODUCTS}
          total={2}
          page={1}
          pages={1}
          error={null}
          categories={CATEGORIES}
          {...props}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={[url]} hydrationData={{ loaderData: { "0": null } }} />);
  return { loader };
}

const bulkForm = () => screen.getByRole("form", { name: "Modifier la sélection" }) as HTMLFormElement;
const box = (name: string) => screen.getByRole("checkbox", { name: `Sélectionner « ${name} »` }) as HTMLInputElement;
const pageBox = () => screen.getByRole("checkbox", { name: "Tout sélectionner" }) as HTMLInputElement;
const previewSection = () => screen.getByRole("region", { name: "Aperçu du changement" });

/** Chooses a change and its value in the bulk form, as the admin would. */
function choose(change: string, value?: string) {
  const form = within(bulkForm());
  fireEvent.change(form.getByLabelText("Action"), { target: { value: change } });
  if (value !== undefined) fireEvent.change(form.getByLabelText("Valeur"), { target: { value } });
}

const askPreview = () => act(async () => fireEvent.click(within(bulkForm()).getByRole("button", { name: "Aperçu" })));

describe("the grid's bulk change: selection", () => {
  it("gives each card a box of the bulk form, and counts what 'Tout sélectionner' and the boxes tick", () => {
    renderGrid();
    const mini = box(MINI.productName);
    expect([mini.name, mini.value, mini.getAttribute("form")]).toEqual(["ids", MINI._id, "bulk-products"]);
    // A field of the bulk form, though it sits in its card, beside the card's own forms.
    expect(mini.form).toBe(bulkForm());
    expect(within(screen.getAllByRole("article")[0]!).getByRole("checkbox")).toBe(mini);
    expect(screen.getByText("0 sélectionné")).toBeTruthy();

    fireEvent.click(pageBox());
    expect([box(MINI.productName).checked, box(PRO.productName).checked]).toEqual([true, true]);
    expect(screen.getByText("2 sélectionnés")).toBeTruthy();

    fireEvent.click(box(PRO.productName));
    expect(screen.getByText("1 sélectionné")).toBeTruthy();
    expect(pageBox().checked).toBe(false);
    expect(pageBox().indeterminate).toBe(true);
    fireEvent.click(box(PRO.productName));
    expect(pageBox().checked).toBe(true);
    fireEvent.click(pageBox());
    expect(screen.getByText("0 sélectionné")).toBeTruthy();
  });

  it("gives an archived product no box: a bulk change never names it", () => {
    renderGrid({ products: [MINI, product(3, "iPhone 7", { archived: true })] });
    expect(screen.getAllByRole("checkbox", { name: /^Sélectionner / })).toHaveLength(1);
    expect(screen.queryByRole("checkbox", { name: "Sélectionner « iPhone 7 »" })).toBeNull();
  });

  it("offers every product of the filter only when the grid is filtered or paged", () => {
    renderGrid();
    expect(screen.queryByRole("checkbox", { name: /correspondant au filtre/ })).toBeNull();
  });

  it("takes every product of the filter, over all its pages, with the boxes as ticked", () => {
    renderGrid({ total: 30, pages: 2, filters: { q: "iphone" } }, `${GRID}?q=iphone`);
    const whole = screen.getByRole("checkbox", { name: "Tous les 30 produits correspondant au filtre" });
    fireEvent.click(whole);
    expect(screen.getByText("30 sélectionnés")).toBeTruthy();
    expect([box(MINI.productName), box(PRO.productName), pageBox()].map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    fireEvent.click(whole);
    expect(screen.getByText("0 sélectionné")).toBeTruthy();
    expect(box(MINI.productName).disabled).toBe(false);
  });
});

describe("the grid's bulk change: preview and change", () => {
  it("previews the products ticked: the API asked with their ids and the change, a few as they are and would become", async () => {
    const server = stubApi({ [PREVIEW]: ok(MSG.bulkPreviewed, PRICE_PREVIEW) });
    const { loader } = renderGrid();
    fireEvent.click(box(MINI.productName));
    fireEvent.click(box(PRO.productName));
    choose("price-percent", "-10");
    await askPreview();

    const preview = await waitFor(previewSection);
    expect(server.sent(PREVIEW)).toEqual([{ ids: [MINI._id, PRO._id], action: PRICE_DOWN }]);
    expect(preview.textContent).toContain("2 produits seront modifiés.");
    expect(preview.textContent).toContain("Prix de vente : \u221210 %");
    const samples = within(within(preview).getByRole("list", { name: "Exemples, avant et après" })).getAllByRole(
      "listitem",
    );
    expect(samples).toHaveLength(2);
    expect(samples[0]!.textContent).toContain(MINI.productName);
    expect(samples[0]!.textContent).toContain(`de ${formatPrice(350000)} →  à ${formatPrice(315000)}`);
    expect(samples[1]!.textContent).toContain(`à ${formatPrice(342000)}`);
    // Read next by a screen reader; the confirmation is a form of its own.
    expect(document.activeElement).toBe(within(preview).getByRole("heading", { name: "Aperçu du changement" }));
    expect(within(preview).getByRole("button", { name: "Appliquer" }).closest("form")).not.toBe(bulkForm());
    expect(within(preview).getByRole("link", { name: "Annuler" })).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(0);
  });

  it("applies the change previewed: the server's message in a status region, the grid read again, the boxes cleared", async () => {
    const server = stubApi({
      [PREVIEW]: ok(MSG.bulkPreviewed, PRICE_PREVIEW),
      [APPLY]: ok(MSG.bulkApplied(2), { count: 2, archived: 0, deleted: 0 }),
    });
    const { loader } = renderGrid();
    fireEvent.click(pageBox());
    choose("price-percent", "-10");
    await askPreview();
    const before = loader.mock.calls.length;
    await act(async () =>
      fireEvent.click(within(await waitFor(previewSection)).getByRole("button", { name: "Appliquer" })),
    );

    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.bulkApplied(2)));
    expect(server.sent(APPLY)).toEqual([{ ids: [MINI._id, PRO._id], action: PRICE_DOWN }]);
    expect(document.activeElement).toBe(screen.getByRole("status"));
    expect(screen.queryByRole("region", { name: "Aperçu du changement" })).toBeNull();
    await waitFor(() => expect(loader.mock.calls.length).toBe(before + 1));
    expect([box(MINI.productName).checked, box(PRO.productName).checked]).toEqual([false, false]);
    expect(screen.getByText("0 sélectionné")).toBeTruthy();
  });

  it("names the grid's filter, without its sort, when every product of the filter is chosen", async () => {
    const server = stubApi({
      [PREVIEW]: ok(MSG.bulkPreviewed, { ...PRICE_PREVIEW, count: 30 }),
      [APPLY]: ok(MSG.bulkApplied(30), { count: 30, archived: 0, deleted: 0 }),
    });
    renderGrid(
      { total: 30, pages: 2, filters: { q: "iphone", brand: "Apple", sort: "price" } },
      `${GRID}?q=iphone&brand=Apple&sort=price`,
    );
    fireEvent.click(box(MINI.productName));
    fireEvent.click(screen.getByRole("checkbox", { name: "Tous les 30 produits correspondant au filtre" }));
    choose("hide");
    await askPreview();
    const preview = await waitFor(previewSection);
    const change = { filter: { q: "iphone", brand: "Apple" }, action: { kind: "hide" } };
    expect(server.sent(PREVIEW)).toEqual([change]);
    expect(preview.textContent).toContain("30 produits seront modifiés.");
    expect(preview.textContent).toContain("Masquer sur la boutique");
    expect(preview.textContent).toContain("… et 28 autres.");
    await act(async () => fireEvent.click(within(preview).getByRole("button", { name: "Appliquer" })));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.bulkApplied(30)));
    expect(server.sent(APPLY)).toEqual([change]);
  });

  it("moves the old price too when asked, and says how many raised prices stop at the old price", async () => {
    const server = stubApi({ [PREVIEW]: ok(MSG.bulkPreviewed, { ...PRICE_PREVIEW, capped: 3 }) });
    renderGrid();
    fireEvent.click(box(PRO.productName));
    choose("price-amount", "5000");
    fireEvent.click(within(bulkForm()).getByRole("checkbox", { name: "Appliquer aussi à l'ancien prix" }));
    await askPreview();
    const preview = await waitFor(previewSection);
    expect(server.sent(PREVIEW)).toEqual([
      { ids: [PRO._id], action: { kind: "price", mode: "amount", value: 5000, field: "both" } },
    ]);
    expect(preview.textContent).toContain(`Prix de vente et ancien prix : +${formatPrice(5000)}`);
    expect(preview.textContent).toContain("3 prix de vente s'arrêtent à l'ancien prix");
  });

  it("says how many a deletion archives instead, and moves a category to one of the shop's", async () => {
    const server = stubApi({ [PREVIEW]: ok(MSG.bulkPreviewed, { ...PRICE_PREVIEW, archived: 1 }) });
    renderGrid();
    fireEvent.click(pageBox());
    choose("delete");
    await askPreview();
    const preview = await waitFor(previewSection);
    expect(preview.textContent).toContain("2 produits seront supprimés.");
    expect(preview.textContent).toContain("1 sera archivé plutôt que supprimé : des commandes le mentionnent.");

    const category = within(bulkForm()).getByLabelText("Catégorie") as HTMLSelectElement;
    expect([...category.options].map((o) => o.value)).toEqual(["", "IPHONE 13", "SAMSUNG"]);
    choose("category");
    fireEvent.change(category, { target: { value: "SAMSUNG" } });
    await askPreview();
    await waitFor(() => expect(server.sent(PREVIEW)).toHaveLength(2));
    expect(server.sent(PREVIEW)[1]).toEqual({
      ids: [MINI._id, PRO._id],
      action: { kind: "category", category: "SAMSUNG" },
    });
  });

  it("'Annuler' closes the preview, keeping the selection and the change; a change of the boxes asks a new preview", async () => {
    stubApi({ [PREVIEW]: ok(MSG.bulkPreviewed, PRICE_PREVIEW) });
    renderGrid();
    fireEvent.click(pageBox());
    choose("price-percent", "-10");
    await askPreview();
    const cancel = within(await waitFor(previewSection)).getByRole("link", { name: "Annuler" });
    // Without scripts, a link back to the same grid.
    expect(cancel.getAttribute("href")).toBe(GRID);
    fireEvent.click(cancel);
    expect(screen.queryByRole("region", { name: "Aperçu du changement" })).toBeNull();
    expect(document.activeElement).toBe(within(bulkForm()).getByRole("button", { name: "Aperçu" }));
    expect(screen.getByText("2 sélectionnés")).toBeTruthy();
    expect((within(bulkForm()).getByLabelText("Valeur") as HTMLInputElement).value).toBe("-10");

    await askPreview();
    await waitFor(previewSection);
    fireEvent.click(box(PRO.productName));
    expect(screen.queryByRole("button", { name: "Appliquer" })).toBeNull();
    expect(screen.getByText(/demandez un nouvel aperçu/)).toBeTruthy();
  });
});

describe("the grid's bulk change: refusals", () => {
  it("checks the form before asking the API: nothing chosen, no value", async () => {
    const server = stubApi();
    renderGrid();
    choose("price-percent", "-10");
    await askPreview();
    expect((await screen.findByRole("alert")).textContent).toBe(FIELD_MSG.bulkTargetInvalid);
    fireEvent.click(box(MINI.productName));
    choose("price-percent", "");
    await askPreview();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(FIELD_MSG.bulkPriceValueInvalid));
    choose("");
    await askPreview();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(FIELD_MSG.bulkActionInvalid));
    expect(server.calls).toEqual([]);
  });

  it("says the API's refusal in its words: another admin's products (403), too many (400)", async () => {
    const server = stubApi({ [PREVIEW]: refused(403, MSG.bulkNotOwned(1)) });
    renderGrid();
    fireEvent.click(pageBox());
    choose("show");
    await askPreview();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(MSG.bulkNotOwned(1));
    expect(document.activeElement).toBe(alert);
    expect(screen.queryByRole("region", { name: "Aperçu du changement" })).toBeNull();

    server.answer(PREVIEW, refused(400, MSG.bulkTooMany(10_000)));
    await askPreview();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(MSG.bulkTooMany(10_000)));
  });

  it("says a change refused at the last moment, the preview kept", async () => {
    stubApi({
      [PREVIEW]: ok(MSG.bulkPreviewed, PRICE_PREVIEW),
      [APPLY]: refused(400, MSG.bulkPriceTooLow),
    });
    renderGrid();
    fireEvent.click(pageBox());
    choose("price-amount", "-400000");
    await askPreview();
    await act(async () =>
      fireEvent.click(within(await waitFor(previewSection)).getByRole("button", { name: "Appliquer" })),
    );
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(MSG.bulkPriceTooLow));
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("the grid's bulk change without JavaScript", () => {
  it("is one HTML form: the boxes, the page's products, the filter and the change, posted to the grid's action", () => {
    renderGrid({ total: 30, pages: 2, filters: { q: "iphone", sort: "price" } }, `${GRID}?q=iphone&sort=price`);
    const form = bulkForm();
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(`${GRID}?q=iphone&sort=price`);
    expect(form.id).toBe("bulk-products");
    const names = (el: Element) => [(el as HTMLInputElement).name, (el as HTMLInputElement).value];
    expect(names(form.querySelector("input[name=intent]")!)).toEqual(["intent", "bulk-preview"]);
    expect([...form.querySelectorAll("input[name=pageIds]")].map(names)).toEqual([
      ["pageIds", MINI._id],
      ["pageIds", PRO._id],
    ]);
    // The grid's filter, without its sort nor its page.
    expect([...form.querySelectorAll("input[type=hidden][name^='filter.']")].map(names)).toEqual([
      ["filter.q", "iphone"],
    ]);
    expect(names(pageBox())).toEqual(["all", "page"]);
    expect(names(screen.getByRole("checkbox", { name: /correspondant au filtre/ }))).toEqual(["scope", "filter"]);
    const fields = within(form);
    expect((fields.getByLabelText("Action") as HTMLSelectElement).name).toBe("change");
    expect([...(fields.getByLabelText("Action") as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual([
      ["", "Choisir une action"],
      ["price-percent", "Changer le prix (%)"],
      ["price-amount", "Changer le prix (montant en FCFA)"],
      ["category", "Changer de catégorie"],
      ["hide", "Masquer"],
      ["show", "Afficher"],
      ["stock", "Fixer le stock"],
      ["delete", "Supprimer"],
    ]);
    expect(names(fields.getByLabelText("Valeur"))).toEqual(["value", ""]);
    expect(names(fields.getByRole("checkbox", { name: "Appliquer aussi à l'ancien prix" }))).toEqual(["field", "both"]);
    expect((fields.getByLabelText("Catégorie") as HTMLSelectElement).name).toBe("category");
    expect(fields.getByRole("group", { name: "Sélection" })).toBeTruthy();
    expect(fields.getByRole("group", { name: "Changement" })).toBeTruthy();
    // Each field hides by CSS alone while the chosen action does not use it.
    const hiding = (el: Element) => el.closest("div, label")!.className;
    expect(hiding(fields.getByLabelText("Valeur"))).toContain("[form:has(.bulk-no-value:checked)_&]:hidden");
    const hide = [...(fields.getByLabelText("Action") as HTMLSelectElement).options].find((o) => o.value === "hide")!;
    expect(hide.className.split(" ").sort()).toEqual(["bulk-no-category", "bulk-no-price", "bulk-no-value"]);
  });

  it("draws the preview the action answered, its confirmation posting the same change, the boxes as previewed", () => {
    const answer: BulkAnswer = {
      bulk: "preview",
      ok: true,
      preview: { ...PRICE_PREVIEW, count: 1, sample: PRICE_PREVIEW.sample.slice(1) },
      input: { ids: [PRO._id], action: { kind: "stock", stock: 5 } },
      values: {
        ids: [PRO._id],
        wholePage: false,
        wholeFilter: false,
        change: "stock",
        value: "5",
        both: false,
        category: "",
      },
    };
    renderGrid({ answer });
    const preview = previewSection();
    expect(preview.textContent).toContain("1 produit sera modifié.");
    expect(preview.textContent).toContain("Stock de chaque variante : 5");
    const confirm = within(preview).getByRole("button", { name: "Appliquer" }).closest("form")!;
    expect(confirm.getAttribute("method")).toBe("post");
    expect(confirm.getAttribute("action")).toBe(GRID);
    const hidden = [...confirm.querySelectorAll("input[type=hidden]")].map((el) => [
      (el as HTMLInputElement).name,
      (el as HTMLInputElement).value,
    ]);
    // Scripts run in this test: the answer comes back as data, not as a redirect.
    expect(hidden).toEqual([
      ["intent", "bulk-apply"],
      ["ids", PRO._id],
      ["change", "stock"],
      ["value", "5"],
    ]);
    expect([box(MINI.productName).checked, box(PRO.productName).checked]).toEqual([false, true]);
    expect((within(bulkForm()).getByLabelText("Action") as HTMLSelectElement).value).toBe("stock");
    expect((within(bulkForm()).getByLabelText("Valeur") as HTMLInputElement).value).toBe("5");
  });

  it("draws a refusal in an alert, with the choices as they were posted", () => {
    renderGrid({
      answer: {
        bulk: "preview",
        ok: false,
        message: FIELD_MSG.categoryInvalid,
        values: {
          ids: [MINI._id],
          wholePage: false,
          wholeFilter: false,
          change: "category",
          value: "",
          both: false,
          category: "",
        },
      },
    });
    expect(screen.getByRole("alert").textContent).toBe(FIELD_MSG.categoryInvalid);
    expect([box(MINI.productName).checked, box(PRO.productName).checked]).toEqual([true, false]);
    expect((within(bulkForm()).getByLabelText("Action") as HTMLSelectElement).value).toBe("category");
    // Not the card's answer line: the bulk form says its own.
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("asks, from the server's HTML, for a redirect after the change: a reload does not apply it twice", () => {
    const answer: BulkAnswer = {
      bulk: "preview",
      ok: true,
      preview: PRICE_PREVIEW,
      input: { ids: [MINI._id, PRO._id], action: PRICE_DOWN },
      values: { ...NO_BULK_VALUES, wholePage: true, change: "price-percent", value: "-10" },
    };
    const Stub = createRoutesStub([
      {
        path: GRID,
        Component: () => (
          <ProductsScreen products={PRODUCTS} total={2} page={1} pages={1} error={null} answer={answer} />
        ),
      },
    ]);
    const html = document.createElement("div");
    html.innerHTML = renderToString(<Stub initialEntries={[GRID]} />);
    const confirm = within(html).getByRole("button", { name: "Appliquer" }).closest("form")!;
    expect((confirm.elements.namedItem("redirect") as HTMLInputElement).value).toBe("1");
    expect((confirm.elements.namedItem("intent") as HTMLInputElement).value).toBe("bulk-apply");
    // The boxes previewed come ticked; the count is the scripts' (without them it could not follow the boxes).
    expect((within(html).getByRole("checkbox", { name: "Tout sélectionner" }) as HTMLInputElement).checked).toBe(true);
    expect(within(html).queryByText(/sélectionnés?$/)).toBeNull();
  });

  it("keeps the boxes ticked before the scripts ran", async () => {
    const Stub = createRoutesStub([
      {
        path: GRID,
        Component: () => (
          <ProductsScreen products={PRODUCTS} total={2} page={1} pages={1} error={null} categories={CATEGORIES} />
        ),
      },
    ]);
    await hydrateOver(<Stub initialEntries={[GRID]} />, () => {
      box(PRO.productName).checked = true;
    });
    expect(box(PRO.productName).checked).toBe(true);
    expect(screen.getByText("1 sélectionné")).toBeTruthy();
    fireEvent.click(box(MINI.productName));
    expect(screen.getByText("2 sélectionnés")).toBeTruthy();
    expect(pageBox().checked).toBe(true);
  });
});
