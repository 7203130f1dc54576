import type { ProductDetails } from "@shop/shared";

/** An address the page gives out whole: our own images are stored as paths. */
export const absoluteUrl = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

/**
 * The schema.org Product of the page, for search engines and link previews: the offer in XAF
 * and, only when customers have really reviewed the product, its aggregateRating.
 */
export function productJsonLd(
  product: ProductDetails,
  opts: { origin: string; shopName: string; description: string },
) {
  const { origin, shopName, description } = opts;
  const { average, count } = product.rating;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.productName,
    brand: { "@type": "Brand", name: product.brandName },
    category: product.category,
    description,
    image: product.productImage.map((u) => absoluteUrl(origin, u)),
    sku: product._id,
    offers: {
      "@type": "Offer",
      price: product.sellingPrice,
      priceCurrency: "XAF",
      availability: "https://schema.org/InStock",
      url: `${origin}/product/${product._id}`,
      seller: { "@type": "Organization", name: shopName },
    },
    ...(average !== null && count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: average,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
