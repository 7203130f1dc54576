import type { CatalogueImport, CataloguePreview } from "@shop/shared";

/** A preview as the API answers it: one product to create, one to update, one refused line. */
export const aPreview = (values: Partial<CataloguePreview> = {}): CataloguePreview => ({
  counts: { rows: 4, create: 1, update: 1, unchanged: 0, refused: 1, refusedLines: 1 },
  separator: "semicolon",
  encoding: "windows-1252",
  create: [
    {
      action: "create",
      productId: null,
      handle: "cable-tresse",
      line: 2,
      productName: "Câble tressé",
      brandName: "Anker",
      category: "ACCESSOIRES",
      description: "",
      hidden: false,
      productImage: [],
      options: [],
      variants: [],
      changes: [],
    },
  ],
  update: [
    {
      action: "update",
      productId: "7d1f0a5e-2b3c-4d5e-8f90-1a2b3c4d5e6f",
      handle: "iphone-13",
      line: 3,
      productName: "iPhone 13",
      brandName: "Apple",
      category: "IPHONE 13",
      description: "",
      hidden: false,
      productImage: [],
      options: [],
      variants: [],
      changes: ["variants"],
    },
  ],
  unchanged: [],
  refused: [{ line: 4, handle: "pirate", reason: "Prix (Variant Price) : « abc » n'est pas un prix." }],
  importId: "0f0e0d0c-0b0a-4909-8807-060504030201",
  ...values,
});

/** An import as the API answers it, running by default. */
export const anImport = (values: Partial<CatalogueImport> = {}): CatalogueImport => ({
  _id: "0f0e0d0c-0b0a-4909-8807-060504030201",
  state: "running",
  fileName: "produits.csv",
  total: 40,
  done: 12,
  counts: { rows: 40, create: 30, update: 10, unchanged: 0, refused: 0, refusedLines: 0 },
  report: { created: 9, updated: 3, unchanged: 0, refused: 0, failures: [], images: [] },
  createdAt: "2026-11-28T15:00:00.000Z",
  startedAt: "2026-11-28T15:00:01.000Z",
  finishedAt: null,
  ...values,
});
