import type { ProductDetails } from "@shop/shared";
import type { StockStatus } from "@shop/shared/core";

/** An address the page gives out whole: our own images are stored as paths. */
export const absoluteUrl = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

const availability = (status: StockStatus) =>
  status === "out" ? "https://schema.org/OutOfStock" : "https://schema.org/InStock";

/**
 * The schema.org Product of the page, for search engines and link previews: the offer in XAF
 * (one per variant, gathered in an AggregateOffer, when it is sold in several) and, only when
 * customers have really reviewed the product, its aggregateRating.
 */
export function productJsonLd(
  product: ProductDetails,
  opts: { origin: string; shopName: string; description: string },
) {
  const { origin, shopName, description } = opts;
  const { average, count } = product.rating;
  const url = `${origin}/product/${product._id}`;
  const seller = { "@type": "Organization", name: shopName };
  const offers =
    product.variants.length > 1
      ? {
          "@type": "AggregateOffer",
          priceCurrency: "XAF",
          lowPrice: Math.min(...product.variants.map((v) => v.sellingPrice)),
          highPrice: Math.max(...product.variants.map((v) => v.sellingPrice)),
          offerCount: product.variants.length,
          availability: availability(product.stockStatus),
          offers: product.variants.map((v) => ({
            "@type": "Offer",
            name: v.label,
            sku: v._id,
            price: v.sellingPrice,
            priceCurrency: "XAF",
            availability: availability(v.stockStatus),
            url: `${url}?variant=${v._id}`,
            seller,
          })),
        }
      : {
          "@type": "Offer",
          price: product.sellingPrice,
          priceCurrency: "XAF",
          availability: availability(product.variants[0]?.stockStatus ?? product.stockStatus),
          url,
          seller,
        };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.productName,
    brand: { "@type": "Brand", name: product.brandName },
    category: product.category,
    description,
    image: product.productImage.map((u) => absoluteUrl(origin, u)),
    sku: product._id,
    offers,
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
