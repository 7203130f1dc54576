import type { Product, ProductDetails, ProductVariantsInput } from "@shop/shared";
import { CATEGORIES, FIELD_MSG, MSG } from "@shop/shared/core";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../components/ui/toast";
import { type ApiAnswer, ok, type RouteAnswer, refused, stubApi } from "../../../test/api";
import { aProduct, aProductDetails, aVariant, aVariantStock, uuid } from "../../../test/builders";
import { FakeXhr, imageFile, installBrowserFakes } from "../../../test/fake-xhr";
import { ADMIN_TEXT } from "../admin-errors";
import { FORM_TEXT, ProductFormDialog } from "./product-form";
import { VARIANT_TEXT } from "./variants-draft";

const PRODUCT = aProduct({
  _id: uuid(7),
  productName: "Galaxy S24",
  brandName: "Samsung",
  category: "SAMSUNG",
  productImage: ["/uploads/images/s24a/800.webp", "/uploads/images/s24b/800.webp"],
  description: "Neuf, sous blister.",
  price: 600000,
  sellingPrice: 550000,
});

/** What the admin's product read answers for PRODUCT: its one variant, without options. */
const DETAILS = aProductDetails({
  ...PRODUCT,
  variants: [aVariant({ _id: uuid(70), price: 600000, sellingPrice: 550000 })],
});
const stockOf = (variants: ProductDetails["variants"], counts: (number | null)[]) =>
  variants.map((v, i) =>
    aVariantStock({
      _id: v._id,
      productId: PRODUCT._id,
      productName: PRODUCT.productName,
      label: v.label,
      stock: counts[i] ?? null,
      stockStatus: "untracked",
    }),
  );

/** The back-office's product routes (SPEC.md §7, decision 024), for PRODUCT. */
const CREATE = "POST /api/upload-product";
const UPDATE = "POST /api/update-product";
/** The form reads the product as its admin (hidden or archived too), not as the storefront does. */
const DETAILS_OF = `GET /api/admin/products/${PRODUCT._id}`;
const STOCK = `GET /api/admin/products/${PRODUCT._id}/stock`;
const VARIANTS = `POST /api/admin/products/${PRODUCT._id}/variants`;
/** The variants each save sent. */
const variantsSent = (sent: unknown[]) => sent.map((body) => (body as ProductVariantsInput).variants);

const settle = () => act(async () => {});

/** The shop's categories as the page's loader gives them (decision 046): the spec's 17, one hidden, and a new one. */
const SHOP_CATEGORIES = [
  ...CATEGORIES.map((name) => ({ name, hidden: name === "IPHONE 8" })),
  { name: "IPHONE 16", hidden: false },
];

function renderForm(product: Product | null = null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(<ProductFormDialog product={product} categories={SHOP_CATEGORIES} onSaved={onSaved} onClose={onClose} />);
  return { onSaved, onClose, dialog: screen.getByRole("dialog") };
}

/**
 * The edit modal, once the product's variants and counts are loaded (inside act: past the
 * Suspense fallback); `routes`: the server's other answers.
 */
async function renderEdit(
  product: Product,
  details: ProductDetails,
  counts: (number | null)[],
  routes: Record<string, RouteAnswer> = {},
) {
  const server = stubApi({
    [DETAILS_OF]: ok("", details),
    [STOCK]: ok("", stockOf(details.variants, counts)),
    ...routes,
  });
  const onSaved = vi.fn();
  const onClose = vi.fn();
  await act(async () => {
    render(<ProductFormDialog product={product} categories={SHOP_CATEGORIES} onSaved={onSaved} onClose={onClose} />);
  });
  return { onSaved, onClose, server, dialog: screen.getByRole("dialog") };
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const COMPLETE = {
  "Nom du produit": "iPhone 15 Pro 256 Go",
  Marque: "Apple",
  Catégorie: "IPHONE 15",
  Prix: "850 000",
  "Prix de vente": "790000",
};

describe("ProductFormDialog", () => {
  beforeEach(() => {
    installBrowserFakes();
    vi.spyOn(toast, "success");
    vi.spyOn(toast, "error");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("offers the shop's categories sorted alphabetically, hidden ones marked, numeric price keyboards, and asks for a photo", () => {
    const { dialog } = renderForm();
    expect(within(dialog).getByRole("heading", { name: "Nouveau produit" })).toBeTruthy();
    const options = [...(screen.getByLabelText("Catégorie") as HTMLSelectElement).options];
    expect(options.map((o) => o.text)).toEqual([
      "Choisir une catégorie",
      "ACCESSOIRES",
      "APPLE WATCH",
      "GADGETS ÉLECTRONIQUES",
      "HUAWEI",
      "IPHONE 8 (masquée)",
      "IPHONE 11",
      "IPHONE 12",
      "IPHONE 13",
      "IPHONE 14",
      "IPHONE 15",
      "IPHONE 16",
      "IPHONE PROMAX",
      "IPHONE XR",
      "NOUVEAUX IPHONE",
      "PIXEL",
      "REDMI",
      "SAMSUNG",
      "SMARTPHONES",
    ]);
    expect(options.find((o) => o.text === "IPHONE 8 (masquée)")?.value).toBe("IPHONE 8");
    expect(screen.getByLabelText("Prix").getAttribute("inputmode")).toBe("numeric");
    expect(screen.getByLabelText("Prix de vente").getAttribute("inputmode")).toBe("numeric");
    expect(screen.getByText("*Veuillez sélectionner au moins une image")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Annuler" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enregistrer" })).toBeTruthy();
    const camera = screen.getByLabelText("Prendre une photo");
    expect(camera.getAttribute("capture")).toBe("environment");
    expect(camera.hasAttribute("multiple")).toBe(false);
    expect(screen.getByLabelText("Choisir des photos").hasAttribute("multiple")).toBe(true);
  });

  it("says what is missing under each field and focuses the first, sending nothing", () => {
    const server = stubApi();
    renderForm();
    fill({ Prix: "12abc" });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    const name = screen.getByLabelText("Nom du produit");
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    for (const message of [FIELD_MSG.productNameRequired, FIELD_MSG.brandNameRequired, FIELD_MSG.categoryInvalid]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getAllByText(FIELD_MSG.priceInvalid)).toHaveLength(2);
    expect(server.calls).toEqual([]);
  });

  it("creates a product with two photos, waiting for their uploads, then closes with the server's message", async () => {
    let answer: (created: ApiAnswer) => void = () => {};
    const server = stubApi({ [CREATE]: new Promise((resolve) => (answer = resolve)) });
    const { onSaved } = renderForm();
    fill(COMPLETE);
    fireEvent.change(screen.getByLabelText("Choisir des photos"), {
      target: { files: [imageFile("face.png"), imageFile("dos.jpg", "image/jpeg")] },
    });
    await settle();
    expect(screen.queryByText("*Veuillez sélectionner au moins une image")).toBeNull();
    expect(screen.getByRole("progressbar", { name: "Envoi de face.png" })).toBeTruthy();
    expect(screen.getByText("Image principale")).toBeTruthy();

    const save = screen.getByRole("button", { name: "Enregistrer" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText("Patientez : 2 images en cours d'envoi.").id).toBe(save.getAttribute("aria-describedby"));

    act(() => FakeXhr.sent[0]!.progress(50, 100));
    expect(screen.getByText("Envoi… 50 %")).toBeTruthy();
    await act(async () => FakeXhr.sent[0]!.stored("face"));
    await act(async () => FakeXhr.sent[1]!.stored("dos"));
    expect(save.disabled).toBe(false);
    expect(screen.queryByRole("progressbar")).toBeNull();

    // The second photo becomes the main one.
    fireEvent.click(screen.getByRole("button", { name: "Avancer l'image 2" }));
    expect(screen.getByRole("img", { name: "Aperçu 1 : dos.jpg" })).toBeTruthy();

    fireEvent.click(save);
    expect(server.sent(CREATE)).toEqual([
      {
        productName: "iPhone 15 Pro 256 Go",
        brandName: "Apple",
        category: "IPHONE 15",
        price: 850000,
        sellingPrice: 790000,
        description: "",
        productImage: ["/uploads/images/dos/800.webp", "/uploads/images/face/800.webp"],
      },
    ]);
    expect(screen.getByRole("button", { name: "Enregistrement…" })).toBeTruthy();
    await act(async () => answer(ok(MSG.productCreated, PRODUCT)));
    expect(toast.success).toHaveBeenCalledWith(MSG.productCreated);
    expect(onSaved).toHaveBeenCalledWith(PRODUCT);
  });

  it("saves without a photo: the reminder does not block (SPEC.md §5)", async () => {
    const server = stubApi({ [CREATE]: ok(MSG.productCreated, PRODUCT) });
    const { onSaved } = renderForm();
    fill(COMPLETE);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await settle();
    expect(server.sent(CREATE)).toEqual([expect.objectContaining({ productImage: [] })]);
    expect(onSaved).toHaveBeenCalled();
  });

  it("refuses a file that is not an image at once, with the spec's message", async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText("Choisir des photos"), {
      target: { files: [imageFile("notice.pdf", "application/pdf")] },
    });
    expect(screen.getByText(`notice.pdf : ${MSG.imageInvalid}`)).toBeTruthy();
    await settle();
    expect(FakeXhr.sent).toEqual([]);
  });

  it("shows the server's field issues under their fields, the first focused, and its message", async () => {
    stubApi({
      [CREATE]: refused(400, MSG.invalidInput, [
        { path: "body.productName", message: FIELD_MSG.productNameTooLong },
        { path: "body.description", message: FIELD_MSG.descriptionTooLong },
      ]),
    });
    renderForm();
    fill(COMPLETE);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await settle();
    expect(screen.getByText(FIELD_MSG.productNameTooLong)).toBeTruthy();
    expect(screen.getByText(FIELD_MSG.descriptionTooLong)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Nom du produit"));
    expect(screen.getByText(MSG.invalidInput, { selector: "[role=alert]" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Enregistrer" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ["a session ended", refused(401, MSG.authRequired), "Erreur d'authentification, veuillez vous reconnecter."],
    ["the network failed", new TypeError("Failed to fetch"), "Erreur lors de l'enregistrement du produit."],
    ["another admin's product", refused(403, MSG.productNotOwned), MSG.productNotOwned],
  ])("says why it was not saved (%s)", async (_, answer, message) => {
    stubApi({ [CREATE]: answer });
    const { onSaved } = renderForm();
    fill(COMPLETE);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await settle();
    expect(screen.getByText(message, { selector: "[role=alert]" })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("edits a product: 'Modifier le produit', filled in with its photos, 'Sauvegarder' sends its id", async () => {
    const { dialog, onSaved, server } = await renderEdit(PRODUCT, DETAILS, [null], {
      [UPDATE]: ok(MSG.productUpdated, PRODUCT),
    });
    expect(server.calls).toEqual([
      { route: DETAILS_OF, body: undefined },
      { route: STOCK, body: undefined },
    ]);
    expect(within(dialog).getByRole("heading", { name: "Modifier le produit" })).toBeTruthy();
    expect((screen.getByLabelText("Nom du produit") as HTMLInputElement).value).toBe("Galaxy S24");
    expect((screen.getByLabelText("Catégorie") as HTMLSelectElement).value).toBe("SAMSUNG");
    expect((screen.getByLabelText("Prix de vente") as HTMLInputElement).value).toBe("550000");
    expect(screen.getAllByRole("img")).toHaveLength(2);
    fill({ "Prix de vente": "525000" });
    fireEvent.click(screen.getByRole("button", { name: "Retirer l'image 2" }));
    fireEvent.click(screen.getByRole("button", { name: "Sauvegarder" }));
    await settle();
    expect(server.sent(UPDATE)).toEqual([
      {
        _id: PRODUCT._id,
        productName: "Galaxy S24",
        brandName: "Samsung",
        category: "SAMSUNG",
        price: 600000,
        sellingPrice: 525000,
        description: "Neuf, sous blister.",
        productImage: ["/uploads/images/s24a/800.webp"],
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(MSG.productUpdated);
    expect(onSaved).toHaveBeenCalled();
    // Its stock was left as it was ('Non suivi'): no variants call.
    expect(server.sent(VARIANTS)).toEqual([]);
  });

  it("closes with 'Annuler'", () => {
    const { onClose } = renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(onClose).toHaveBeenCalled();
  });

  describe("options and variants (decision 024)", () => {
    /** Adds an option through the form: its name, then its values typed with commas. */
    function addOption(name: string, values: string) {
      fireEvent.click(screen.getByRole("button", { name: "Ajouter une option" }));
      const option = screen.getAllByRole("group", { name: /^Option \d$/ }).at(-1)!;
      fireEvent.change(within(option).getByLabelText("Nom de l'option"), { target: { value: name } });
      const typed = within(option).getByLabelText("Ajouter des valeurs");
      fireEvent.change(typed, { target: { value: values } });
      fireEvent.keyDown(typed, { key: "Enter" });
    }
    const card = (name: string) => screen.getByRole("group", { name });
    const type = (name: string, label: string, value: string) =>
      fireEvent.change(within(card(name)).getByLabelText(label, { exact: true }), { target: { value } });

    it("a new product's one stock is 'Non suivi' until a count is typed, sent after the product", async () => {
      const server = stubApi({ [CREATE]: ok(MSG.productCreated, PRODUCT), [VARIANTS]: ok(MSG.variantsSaved, DETAILS) });
      const { onSaved } = renderForm();
      const untracked = screen.getByRole("checkbox", { name: "Non suivi" }) as HTMLInputElement;
      expect(untracked.checked).toBe(true);
      expect((screen.getByLabelText("Stock") as HTMLInputElement).disabled).toBe(true);
      fill(COMPLETE);
      fireEvent.click(untracked);
      fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
      expect(screen.getByText(VARIANT_TEXT.stockRequired)).toBeTruthy();
      await settle();
      expect(document.activeElement).toBe(screen.getByLabelText("Stock"));
      expect(server.calls).toEqual([]);
      fill({ Stock: "7" });
      fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
      await settle();
      expect(server.sent(VARIANTS)).toEqual([
        {
          options: [],
          variants: [{ optionValues: [], price: 850000, sellingPrice: 790000, stock: 7, images: [] }],
        },
      ]);
      expect(onSaved).toHaveBeenCalledWith(PRODUCT);
    });

    it("creates a phone with Stockage and Couleur: three combinations sold, priced, counted, one with its photo", async () => {
      const server = stubApi({ [CREATE]: ok(MSG.productCreated, PRODUCT), [VARIANTS]: ok(MSG.variantsSaved, DETAILS) });
      const { onSaved } = renderForm();
      fill(COMPLETE);
      fireEvent.change(screen.getByLabelText("Choisir des photos"), { target: { files: [imageFile("noir.png")] } });
      await settle();
      await act(async () => FakeXhr.sent[0]!.stored("noir"));
      addOption("Stockage", "64 Go, 128 Go");
      addOption("Couleur", "Noir, Blanc");
      // The product's own prices give way to each variant's.
      expect(document.getElementById("product-sellingPrice")).toBeNull();
      expect(screen.getByRole("heading", { name: "Variantes : 4 vendues sur 4" })).toBeTruthy();
      fireEvent.click(within(card("128 Go, Blanc")).getByRole("button", { name: "Ne pas vendre" }));
      expect(screen.getByRole("heading", { name: "Variantes : 3 vendues sur 4" })).toBeTruthy();
      expect(within(card("128 Go, Blanc")).getByRole("button", { name: "Vendre cette variante" })).toBeTruthy();
      // New combinations start at the prices typed for the product.
      expect((within(card("64 Go, Noir")).getByLabelText("Prix", { exact: true }) as HTMLInputElement).value).toBe(
        "850 000",
      );
      type("64 Go, Blanc", "Prix de vente", "780000");
      type("128 Go, Noir", "Prix", "950000");
      type("128 Go, Noir", "Prix de vente", "900000");
      type("64 Go, Noir", "Stock", "5");
      type("64 Go, Blanc", "Stock", "2");
      fireEvent.click(within(card("128 Go, Noir")).getByRole("checkbox", { name: "Non suivi" }));
      const photo = within(card("64 Go, Noir")).getByRole("button", { name: "Photo 1" });
      fireEvent.click(photo);
      expect(photo.getAttribute("aria-pressed")).toBe("true");

      fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
      await settle();
      // The product at its cheapest variant's prices, then its variants.
      expect(server.sent(CREATE)).toEqual([expect.objectContaining({ price: 850000, sellingPrice: 780000 })]);
      expect(server.sent(VARIANTS)[0]).toEqual({
        options: [
          { name: "Stockage", values: ["64 Go", "128 Go"] },
          { name: "Couleur", values: ["Noir", "Blanc"] },
        ],
        variants: [
          {
            optionValues: ["64 Go", "Noir"],
            price: 850000,
            sellingPrice: 790000,
            stock: 5,
            images: ["/uploads/images/noir/800.webp"],
          },
          { optionValues: ["64 Go", "Blanc"], price: 850000, sellingPrice: 780000, stock: 2, images: [] },
          { optionValues: ["128 Go", "Noir"], price: 950000, sellingPrice: 900000, stock: null, images: [] },
        ],
      });
      expect(toast.success).toHaveBeenCalledWith(MSG.productCreated);
      expect(onSaved).toHaveBeenCalledWith(PRODUCT);
    });

    it("checks each variant before sending anything, the first error focused", async () => {
      const server = stubApi();
      renderForm();
      fill(COMPLETE);
      addOption("Couleur", "Noir");
      type("Noir", "Prix de vente", "900000");
      fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
      await settle();
      expect(within(card("Noir")).getByText(MSG.sellingAbovePrice)).toBeTruthy();
      expect(within(card("Noir")).getByText(VARIANT_TEXT.stockRequired)).toBeTruthy();
      expect(document.activeElement).toBe(within(card("Noir")).getByLabelText("Prix de vente"));
      fireEvent.click(screen.getByRole("button", { name: "Ajouter une option" }));
      fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
      await settle();
      expect(screen.getByText(VARIANT_TEXT.optionNameRequired)).toBeTruthy();
      expect(server.calls).toEqual([]);
    });

    it("keeps a product saved whose variants were refused: told so, saved again by its id, shown once closed", async () => {
      const server = stubApi({
        [CREATE]: ok(MSG.productCreated, PRODUCT),
        [UPDATE]: ok(MSG.productUpdated, PRODUCT),
        [VARIANTS]: new TypeError("Failed to fetch"),
      });
      const { onSaved } = renderForm();
      fill(COMPLETE);
      addOption("Couleur", "Noir");
      type("Noir", "Stock", "3");
      fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
      await settle();
      expect(
        screen.getByText(FORM_TEXT.variantsNotSaved(ADMIN_TEXT.productSaveError), { selector: "[role=alert]" }),
      ).toBeTruthy();
      expect(onSaved).not.toHaveBeenCalled();
      server.answer(VARIANTS, ok(MSG.variantsSaved, DETAILS));
      fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
      await settle();
      expect(server.sent(CREATE)).toHaveLength(1);
      expect(server.sent(UPDATE)).toEqual([expect.objectContaining({ _id: PRODUCT._id })]);
      expect(server.sent(VARIANTS)).toHaveLength(2);
      expect(onSaved).toHaveBeenCalledWith(PRODUCT);
    });

    it("closing after the variants were refused still shows the product saved", async () => {
      stubApi({ [CREATE]: ok(MSG.productCreated, PRODUCT), [VARIANTS]: new TypeError("Failed to fetch") });
      const { onSaved, onClose } = renderForm();
      fill(COMPLETE);
      addOption("Couleur", "Noir");
      type("Noir", "Stock", "3");
      fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
      await settle();
      fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
      expect(onSaved).toHaveBeenCalledWith(PRODUCT);
      expect(onClose).not.toHaveBeenCalled();
    });

    const PHONE = aProductDetails({
      ...DETAILS,
      options: [
        { name: "Stockage", values: ["128 Go", "256 Go"] },
        { name: "Couleur", values: ["Noir", "Bleu"] },
      ],
      variants: [
        aVariant({
          _id: uuid(71),
          optionValues: ["128 Go", "Noir"],
          price: 600000,
          sellingPrice: 550000,
          images: ["http://localhost/uploads/images/s24b/800.webp"],
        }),
        aVariant({ _id: uuid(72), optionValues: ["256 Go", "Bleu"], price: 700000, sellingPrice: 650000 }),
      ],
    });

    it("edits a product's variants: counts loaded, combinations not sold shown so, counts seen sent back", async () => {
      const { server } = await renderEdit(PRODUCT, PHONE, [8, 0], {
        [UPDATE]: ok(MSG.productUpdated, PRODUCT),
        [VARIANTS]: ok(MSG.variantsSaved, PHONE),
      });
      expect(screen.getByRole("heading", { name: "Variantes : 2 vendues sur 4" })).toBeTruthy();
      expect((within(card("128 Go, Noir")).getByLabelText("Stock") as HTMLInputElement).value).toBe("8");
      expect((within(card("256 Go, Bleu")).getByLabelText("Stock") as HTMLInputElement).value).toBe("0");
      expect(within(card("128 Go, Bleu")).getByText("Non vendue")).toBeTruthy();
      // Its photo is the product's second one, chosen.
      expect(within(card("128 Go, Noir")).getByRole("button", { name: "Photo 2" }).getAttribute("aria-pressed")).toBe(
        "true",
      );
      type("256 Go, Bleu", "Stock", "3");
      fireEvent.click(screen.getByRole("button", { name: "Sauvegarder" }));
      await settle();
      expect(server.sent(UPDATE)).toEqual([expect.objectContaining({ price: 600000, sellingPrice: 550000 })]);
      expect(variantsSent(server.sent(VARIANTS))[0]).toEqual([
        {
          _id: PHONE.variants[0]!._id,
          stockSeen: 8,
          optionValues: ["128 Go", "Noir"],
          price: 600000,
          sellingPrice: 550000,
          stock: 8,
          images: ["/uploads/images/s24b/800.webp"],
        },
        {
          _id: PHONE.variants[1]!._id,
          stockSeen: 0,
          optionValues: ["256 Go", "Bleu"],
          price: 700000,
          sellingPrice: 650000,
          stock: 3,
          images: [],
        },
      ]);
    });

    it("says when an order changed a count meanwhile, and reloads the counts keeping the rest", async () => {
      const { server } = await renderEdit(PRODUCT, PHONE, [8, 0], {
        [UPDATE]: ok(MSG.productUpdated, PRODUCT),
        [VARIANTS]: refused(409, MSG.stockChangedMeanwhile),
      });
      type("128 Go, Noir", "Prix de vente", "540000");
      type("256 Go, Bleu", "Stock", "3");
      fireEvent.click(screen.getByRole("button", { name: "Sauvegarder" }));
      await settle();
      expect(screen.getByText(FORM_TEXT.variantsNotSaved(MSG.stockChangedMeanwhile))).toBeTruthy();
      server.answer(STOCK, ok("", stockOf(PHONE.variants, [7, 0])));
      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Recharger les stocks" })));
      // Read with the variants when the modal opened, then again.
      expect(server.sent(STOCK)).toHaveLength(2);
      expect(screen.getByText(FORM_TEXT.countsReloaded).getAttribute("role")).toBe("status");
      expect((within(card("128 Go, Noir")).getByLabelText("Stock") as HTMLInputElement).value).toBe("7");
      expect((within(card("128 Go, Noir")).getByLabelText("Prix de vente") as HTMLInputElement).value).toBe("540000");
      server.answer(VARIANTS, ok(MSG.variantsSaved, PHONE));
      fireEvent.click(screen.getByRole("button", { name: "Sauvegarder" }));
      await settle();
      expect(variantsSent(server.sent(VARIANTS))[1]?.[0]).toMatchObject({ stockSeen: 7, stock: 7 });
    });

    it("says when the variants could not be loaded, and tries again", async () => {
      const server = stubApi({
        [DETAILS_OF]: new TypeError("Failed to fetch"),
        [STOCK]: ok("", stockOf(DETAILS.variants, [4])),
      });
      const onSaved = vi.fn();
      await act(async () => {
        render(
          <ProductFormDialog product={PRODUCT} categories={SHOP_CATEGORIES} onSaved={onSaved} onClose={() => {}} />,
        );
      });
      expect(screen.getByRole("alert").textContent).toBe(FORM_TEXT.loadError);
      server.answer(DETAILS_OF, ok("", DETAILS));
      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Réessayer" })));
      expect((screen.getByLabelText("Stock") as HTMLInputElement).value).toBe("4");
    });
  });
});
