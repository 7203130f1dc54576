import type { Product, ProductCreateInput, ProductUpdateInput } from "@shop/shared";
import { CATEGORIES_SORTED, FIELD_MSG, MSG } from "@shop/shared/core";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { FakeXhr, imageFile, installBrowserFakes } from "./fake-xhr";
import { ProductFormDialog } from "./product-form";

type Saved = Promise<{ product: Product; message: string }>;
const createProduct = vi.fn<(input: ProductCreateInput) => Saved>();
const updateProduct = vi.fn<(input: ProductUpdateInput) => Saved>();
vi.mock("../admin-api", () => ({ adminApi: () => ({ createProduct, updateProduct }) }));

const PRODUCT: Product = {
  _id: "00000000-0000-4000-8000-000000000007",
  productName: "Galaxy S24",
  brandName: "Samsung",
  category: "SAMSUNG",
  productImage: ["/uploads/images/s24a/800.webp", "/uploads/images/s24b/800.webp"],
  description: "Neuf, sous blister.",
  price: 600000,
  sellingPrice: 550000,
  userId: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  options: [],
  sellingPriceMax: 550000,
  stockStatus: "untracked",
  stockLeft: null,
};

const settle = () => act(async () => {});

function renderForm(product: Product | null = null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(<ProductFormDialog product={product} onSaved={onSaved} onClose={onClose} />);
  return { onSaved, onClose, dialog: screen.getByRole("dialog") };
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
    createProduct.mockReset();
    updateProduct.mockReset();
    vi.spyOn(toast, "success");
    vi.spyOn(toast, "error");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("offers the 17 categories sorted alphabetically, numeric price keyboards, and asks for a photo", () => {
    const { dialog } = renderForm();
    expect(within(dialog).getByRole("heading", { name: "Nouveau produit" })).toBeTruthy();
    const options = [...(screen.getByLabelText("Catégorie") as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(["", ...CATEGORIES_SORTED]);
    expect(CATEGORIES_SORTED).toHaveLength(17);
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
    expect(createProduct).not.toHaveBeenCalled();
  });

  it("creates a product with two photos, waiting for their uploads, then closes with the server's message", async () => {
    let answer: (value: { product: Product; message: string }) => void = () => {};
    createProduct.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
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
    expect(createProduct).toHaveBeenCalledWith({
      productName: "iPhone 15 Pro 256 Go",
      brandName: "Apple",
      category: "IPHONE 15",
      price: 850000,
      sellingPrice: 790000,
      description: "",
      productImage: ["/uploads/images/dos/800.webp", "/uploads/images/face/800.webp"],
    });
    expect(screen.getByRole("button", { name: "Enregistrement…" })).toBeTruthy();
    await act(async () => answer({ product: PRODUCT, message: MSG.productCreated }));
    expect(toast.success).toHaveBeenCalledWith(MSG.productCreated);
    expect(onSaved).toHaveBeenCalledWith(PRODUCT);
  });

  it("saves without a photo: the reminder does not block (SPEC.md §5)", async () => {
    createProduct.mockResolvedValue({ product: PRODUCT, message: MSG.productCreated });
    const { onSaved } = renderForm();
    fill(COMPLETE);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await settle();
    expect(createProduct.mock.calls[0]![0].productImage).toEqual([]);
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
    createProduct.mockRejectedValue(
      new ApiError(400, MSG.invalidInput, [
        { path: "body.productName", message: FIELD_MSG.productNameTooLong },
        { path: "body.description", message: FIELD_MSG.descriptionTooLong },
      ]),
    );
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
    [new ApiError(401, MSG.authRequired), "Erreur d'authentification, veuillez vous reconnecter."],
    [new ApiError(0, "réseau"), "Erreur lors de l'enregistrement du produit."],
    [new ApiError(403, MSG.productNotOwned), MSG.productNotOwned],
  ])("says why it was not saved (%s)", async (error, message) => {
    createProduct.mockRejectedValue(error);
    const { onSaved } = renderForm();
    fill(COMPLETE);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await settle();
    expect(screen.getByText(message, { selector: "[role=alert]" })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("edits a product: 'Modifier le produit', filled in with its photos, 'Sauvegarder' sends its id", async () => {
    updateProduct.mockResolvedValue({ product: PRODUCT, message: MSG.productUpdated });
    const { dialog, onSaved } = renderForm(PRODUCT);
    expect(within(dialog).getByRole("heading", { name: "Modifier le produit" })).toBeTruthy();
    expect((screen.getByLabelText("Nom du produit") as HTMLInputElement).value).toBe("Galaxy S24");
    expect((screen.getByLabelText("Catégorie") as HTMLSelectElement).value).toBe("SAMSUNG");
    expect((screen.getByLabelText("Prix de vente") as HTMLInputElement).value).toBe("550000");
    expect(screen.getAllByRole("img")).toHaveLength(2);
    fill({ "Prix de vente": "525000" });
    fireEvent.click(screen.getByRole("button", { name: "Retirer l'image 2" }));
    fireEvent.click(screen.getByRole("button", { name: "Sauvegarder" }));
    await settle();
    expect(updateProduct).toHaveBeenCalledWith({
      _id: PRODUCT._id,
      productName: "Galaxy S24",
      brandName: "Samsung",
      category: "SAMSUNG",
      price: 600000,
      sellingPrice: 525000,
      description: "Neuf, sous blister.",
      productImage: ["/uploads/images/s24a/800.webp"],
    });
    expect(toast.success).toHaveBeenCalledWith(MSG.productUpdated);
    expect(onSaved).toHaveBeenCalled();
  });

  it("closes with 'Annuler'", () => {
    const { onClose } = renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(onClose).toHaveBeenCalled();
  });
});
