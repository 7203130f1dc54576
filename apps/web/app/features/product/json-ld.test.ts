import type { ProductDetails } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { productJsonLd } from "./json-ld";

const PRODUCT: ProductDetails = {
  _id: "0b8f5c1e-2f4a-4d7b-9a51-3c2d1e0f9a87",
  productName: "Galaxy S24",
  brandName: "Samsung",
  category: "SAMSUNG",
  productImage: ["/uploads/images/abc/800.webp", "https://exemple.cm/photo.webp"],
  description: "Neuf.",
  price: 500_000,
  sellingPrice: 450_000,
  userId: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  options: [],
  sellingPriceMax: 450_000,
  stockStatus: "untracked",
  stockLeft: null,
  rating: { average: null, count: 0 },
  variants: [],
};
const OPTS = { origin: "https://boutique.cm", shopName: "Maképé Phones", description: "Neuf." };

describe("productJsonLd", () => {
  it("describes the offer in XAF with absolute image addresses", () => {
    expect(productJsonLd(PRODUCT, OPTS)).toMatchObject({
      "@type": "Product",
      name: "Galaxy S24",
      image: ["https://boutique.cm/uploads/images/abc/800.webp", "https://exemple.cm/photo.webp"],
      offers: { price: 450_000, priceCurrency: "XAF", url: `https://boutique.cm/product/${PRODUCT._id}` },
    });
  });

  it("has no aggregateRating while nobody has reviewed the product", () => {
    expect(productJsonLd(PRODUCT, OPTS)).not.toHaveProperty("aggregateRating");
  });

  it("gives the customers' average and count once there are reviews", () => {
    const rated = { ...PRODUCT, rating: { average: 4.3, count: 3 } };
    expect(productJsonLd(rated, OPTS).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("says when the only variant is sold out", () => {
    const out = {
      ...PRODUCT,
      stockStatus: "out" as const,
      variants: [
        { _id: PRODUCT._id, optionValues: [], label: "", price: 500_000, sellingPrice: 450_000, images: [] },
      ].map((v) => ({ ...v, stockStatus: "out" as const, stockLeft: null })),
    };
    expect(productJsonLd(out, OPTS).offers).toMatchObject({
      "@type": "Offer",
      availability: "https://schema.org/OutOfStock",
    });
  });

  it("gathers the variants' offers, each with its price and availability, lowest and highest", () => {
    const variant = (id: string, values: string[], sellingPrice: number, out: boolean) => ({
      _id: id,
      optionValues: values,
      label: values.join(", "),
      price: sellingPrice,
      sellingPrice,
      images: [],
      stockStatus: out ? ("out" as const) : ("in_stock" as const),
      stockLeft: null,
    });
    const phone = {
      ...PRODUCT,
      options: [{ name: "Stockage", values: ["128 Go", "256 Go"] }],
      variants: [variant("a", ["128 Go"], 395_000, false), variant("b", ["256 Go"], 470_000, true)],
    };
    const { offers } = productJsonLd(phone, OPTS);
    expect(offers).toMatchObject({
      "@type": "AggregateOffer",
      priceCurrency: "XAF",
      lowPrice: 395_000,
      highPrice: 470_000,
      offerCount: 2,
      offers: [
        { "@type": "Offer", name: "128 Go", price: 395_000, availability: "https://schema.org/InStock" },
        {
          "@type": "Offer",
          name: "256 Go",
          price: 470_000,
          availability: "https://schema.org/OutOfStock",
          url: `https://boutique.cm/product/${PRODUCT._id}?variant=b`,
        },
      ],
    });
  });
});
