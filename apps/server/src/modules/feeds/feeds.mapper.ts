import { variantLabel } from "@shop/shared";
import { stringify } from "csv-stringify/sync";
import { absolute } from "../../lib/public-url.ts";
import type { ProductWithVariants } from "../products/products.mapper.ts";
import { priceWith, type Sale } from "../promotions/sales.ts";

/*
 * The catalogue where customers already are (decision 045): one item per variant, in the
 * fields Meta Commerce Manager (the WhatsApp Business catalogue, Facebook and Instagram shops)
 * and Google Merchant Center read, each within its published limits.
 */

export interface FeedItem {
  /** The variant's id: stable, unique, ≤ 50 characters (Google's limit, under Meta's 100). */
  id: string;
  title: string;
  description: string;
  availability: "in stock" | "out of stock";
  condition: "new" | "refurbished" | "used";
  /** The regular price, whole francs. */
  price: number;
  /** The price it sells at, when below the regular one. */
  salePrice: number | null;
  /** A sale's start and end (ISO 8601, "start/end"), when the sale price is a sale's (decision 051). */
  salePriceEffectiveDate: string | null;
  link: string;
  imageLink: string | null;
  additionalImageLinks: string[];
  brand: string;
  /** The product's id, for a product sold in several variants. */
  itemGroupId: string | null;
  /** The shop's category. */
  productType: string;
}

/** Google's title limit (Meta allows 200). */
const TITLE_MAX = 150;
/** Google's description limit (Meta allows 9,999). */
const DESCRIPTION_MAX = 5000;
/** Both allow 10 or more additional images; Google stops at 10. */
const ADDITIONAL_IMAGES_MAX = 10;

/**
 * The shop's products carry no condition field: their names and descriptions say it, as the
 * owner writes them ("Reconditionné", "Occasion"). New otherwise.
 */
export function conditionOf(text: string): FeedItem["condition"] {
  const folded = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  if (/reconditionn|refurb/.test(folded)) return "refurbished";
  if (/occasion|seconde main|deja utilise/.test(folded)) return "used";
  return "new";
}

/** Plain text on one line: feeds take no markup, and a line break would split a CSV row for some readers. */
const plain = (text: string) =>
  text
    .replace(/<[^>]*>/g, " ")
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** One item per variant, priced with the running `sales`: a sale's price is the sale price, with its dates. */
export function toFeedItems(rows: readonly ProductWithVariants[], origin: string, sales: readonly Sale[]): FeedItem[] {
  return rows.flatMap((product) =>
    product.variants.map((variant): FeedItem => {
      const label = variantLabel(variant.optionValues);
      const title = cut(plain(label ? `${product.productName} — ${label}` : product.productName), TITLE_MAX);
      const described = plain(product.description);
      const images = (variant.images.length ? variant.images : product.productImage).map((u) => absolute(u, origin));
      const several = product.variants.length > 1;
      const item = {
        productId: product.id,
        variantId: variant.id,
        category: product.category,
        brand: product.brandName,
      };
      const onSale = sales.length ? priceWith(sales, item, variant.sellingPrice) : null;
      return {
        id: variant.id,
        title,
        // Both require one, different from the title: the product's own words, or what it is.
        description: cut(
          described && described !== title ? described : `${title} — ${product.category}, ${product.brandName}`,
          DESCRIPTION_MAX,
        ),
        availability: variant.stock === 0 ? "out of stock" : "in stock",
        condition: conditionOf(`${product.productName} ${product.description}`),
        price: Math.max(variant.price, variant.sellingPrice),
        salePrice: onSale ? onSale.price : variant.sellingPrice < variant.price ? variant.sellingPrice : null,
        salePriceEffectiveDate: onSale
          ? `${onSale.sale.startsAt.toISOString()}/${onSale.sale.endsAt.toISOString()}`
          : null,
        link: `${origin}/product/${product.id}${several ? `?variant=${variant.id}` : ""}`,
        imageLink: images[0] ?? null,
        additionalImageLinks: images.slice(1, 1 + ADDITIONAL_IMAGES_MAX),
        brand: plain(product.brandName),
        itemGroupId: several ? product.id : null,
        productType: product.category,
      };
    }),
  );
}

/** "275000 XAF": ISO 4217, whole francs (the CFA franc has no cents). */
const money = (francs: number) => `${francs} XAF`;

/** Meta's CSV data feed: a header row of field names, one row per item, UTF-8, comma-separated. */
export function toMetaCsv(items: readonly FeedItem[]): string {
  return stringify(
    items.map((item) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      availability: item.availability,
      condition: item.condition,
      price: money(item.price),
      sale_price: item.salePrice === null ? "" : money(item.salePrice),
      sale_price_effective_date: item.salePriceEffectiveDate ?? "",
      link: item.link,
      image_link: item.imageLink ?? "",
      additional_image_link: item.additionalImageLinks.join(","),
      brand: item.brand,
      item_group_id: item.itemGroupId ?? "",
      product_type: item.productType,
    })),
    {
      header: true,
      columns: [
        "id",
        "title",
        "description",
        "availability",
        "condition",
        "price",
        "sale_price",
        "sale_price_effective_date",
        "link",
        "image_link",
        "additional_image_link",
        "brand",
        "item_group_id",
        "product_type",
      ],
    },
  );
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
/** Characters XML 1.0 forbids (control characters a pasted description may carry) go. */
const allowedInXml = (c: string) => {
  const code = c.charCodeAt(0);
  return code >= 0x20 ? code !== 0xfffe && code !== 0xffff : code === 0x09 || code === 0x0a || code === 0x0d;
};
const xmlSafe = (text: string) => xml([...text].filter(allowedInXml).join(""));

/** Google Merchant Center's RSS 2.0 feed, in its `g:` namespace. */
export function toGoogleXml(items: readonly FeedItem[], shop: { name: string; origin: string }): string {
  const element = (name: string, value: string | null) => (value ? `<g:${name}>${xmlSafe(value)}</g:${name}>` : "");
  const entries = items.map((item) =>
    [
      "<item>",
      element("id", item.id),
      element("title", item.title),
      element("description", item.description),
      element("link", item.link),
      element("image_link", item.imageLink),
      ...item.additionalImageLinks.map((url) => element("additional_image_link", url)),
      element("availability", item.availability === "in stock" ? "in_stock" : "out_of_stock"),
      element("price", money(item.price)),
      element("sale_price", item.salePrice === null ? null : money(item.salePrice)),
      element("sale_price_effective_date", item.salePriceEffectiveDate),
      element("condition", item.condition),
      element("brand", item.brand),
      // The shop's phones carry no GTIN in its data: said so, as Google asks.
      element("identifier_exists", "no"),
      element("item_group_id", item.itemGroupId),
      element("product_type", item.productType),
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    `<title>${xmlSafe(shop.name)}</title>`,
    `<link>${xmlSafe(shop.origin)}</link>`,
    `<description>${xmlSafe(`Le catalogue de ${shop.name}`)}</description>`,
    ...entries,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
