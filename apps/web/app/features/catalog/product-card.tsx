import type { Product } from "@shop/shared";
import { imageSrcSet } from "@shop/shared/core";
import { Link } from "react-router";
import { Price } from "../../components/ui/price";
import { ProductImage } from "../../components/ui/product-image";
import { SaleBadge } from "../../components/ui/sale-badge";
import { StockStatus } from "../../components/ui/stock-status";
import { AddToCartButton } from "../cart/add-to-cart-button";

export const CARD_IMAGE_SIZES = "(min-width: 1024px) 220px, 45vw";

/**
 * A `<link rel="preload">` (as a meta descriptor) for the first card's picture: the largest
 * element of the first screen, fetched with high priority before the scripts.
 */
export function preloadCardImage(product: CardProduct | undefined) {
  if (!product?.image) return [];
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      href: product.image,
      imageSrcSet: imageSrcSet(product.image),
      imageSizes: CARD_IMAGE_SIZES,
      fetchPriority: "high",
    },
  ];
}

/** What a card shows: loaders send only this to the browser, not whole products. */
export type CardProduct = Pick<
  Product,
  "_id" | "productName" | "category" | "price" | "sellingPrice" | "sellingPriceMax" | "stockStatus" | "stockLeft"
> & {
  image?: string;
  /** A running sale's name (decision 051), for its badge. */
  saleName?: string;
};

export const toCardProduct = (p: Product): CardProduct => ({
  _id: p._id,
  productName: p.productName,
  category: p.category,
  price: p.price,
  sellingPrice: p.sellingPrice,
  sellingPriceMax: p.sellingPriceMax,
  stockStatus: p.stockStatus,
  stockLeft: p.stockLeft,
  image: p.productImage[0],
  ...(p.sale ? { saleName: p.sale.name } : {}),
});

/**
 * A product in a row or a grid: first image, name, category, prices ("à partir de" the lowest
 * when its variants differ), its stock, and 'Ajouter au panier'. The link holds the picture and
 * the text; the button is its sibling below it, never inside it (a button in a link is invalid
 * HTML and would follow the link too). For a product sold in variants the button adds the
 * cheapest that can be bought (decision 024); its page offers the choice. Sold out: disabled.
 */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const image = product.image;
  const to = `/product/${product._id}`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <Link
        to={to}
        className="flex flex-1 flex-col rounded-t-lg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
      >
        <div className="aspect-square bg-slate-100">
          {image && (
            <ProductImage
              url={image}
              alt={product.productName}
              size={400}
              sizes={CARD_IMAGE_SIZES}
              priority={eager}
              className="h-full w-full object-contain p-2"
            />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3 pb-2">
          <h3 className="line-clamp-2 text-sm font-semibold">{product.productName}</h3>
          <p className="text-xs text-slate-600">{product.category}</p>
          <div className="mt-auto">
            {product.saleName && <SaleBadge name={product.saleName} />}
            <Price
              price={product.price}
              sellingPrice={product.sellingPrice}
              from={product.sellingPriceMax > product.sellingPrice}
            />
            <StockStatus status={product.stockStatus} left={product.stockLeft} size="xs" />
          </div>
        </div>
      </Link>
      <div className="px-2 pb-2">
        <AddToCartButton
          productId={product._id}
          productName={product.productName}
          returnTo={to}
          soldOut={product.stockStatus === "out"}
          compact
          className="w-full border border-brand px-2 text-[0.8125rem] text-brand hover:bg-brand hover:text-white disabled:hover:bg-transparent disabled:hover:text-brand sm:text-sm"
        />
      </div>
    </article>
  );
}
