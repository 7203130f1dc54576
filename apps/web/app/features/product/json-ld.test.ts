import { describe, expect, it } from "vitest";
import { aProductDetails, aVariant } from "../../test/builders";
import { productJsonLd } from "./json-ld";

const PRODUCT = aProductDetails({
  productName: "Galaxy S24",
  productImage: ["/uploads/images/abc/800.webp", "https://exemple.cm/photo.webp"],
  description: "Neuf.",
  price: 500_000,
  sellingPrice: 450_000,
  variants: [],
});
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
      variants: [aVariant({ _id: PRODUCT._id, price: 500_000, sellingPrice: 450_000, stockStatus: "out" })],
    };
    expect(productJsonLd(out, OPTS).offers).toMatchObject({
      "@type": "Offer",
      availability: "https://schema.org/OutOfStock",
    });
  });

  it("gathers the variants' offers, each with its price and availability, lowest and highest", () => {
    const variant = (id: string, values: string[], sellingPrice: number, out: boolean) =>
      aVariant({
        _id: id,
        optionValues: values,
        price: sellingPrice,
        sellingPrice,
        stockStatus: out ? "out" : "in_stock",
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
