import type { ProductDetails, ShopIdentity } from "@shop/shared";
import { discountPercent, lineName, productWhatsappMessage, whatsappLink } from "@shop/shared/core";
import {
  data,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  Link,
  type ShouldRevalidateFunctionArgs,
  useSearchParams,
} from "react-router";
import { Deferred } from "../components/ui/deferred";
import { Price } from "../components/ui/price";
import { SaleBadge } from "../components/ui/sale-badge";
import { StockStatus } from "../components/ui/stock-status";
import { AddToCartButton } from "../features/cart/add-to-cart-button";
import { type CardProduct, ProductCard, toCardProduct } from "../features/catalog/product-card";
import { ROW_ITEM_CLASS, ScrollRow } from "../features/catalog/scroll-row";
import { useRootData } from "../features/layout/root-data";
import { useShop } from "../features/layout/use-shop";
import { askStockAlert } from "../features/product/ask-stock-alert.server";
import { Gallery } from "../features/product/gallery";
import { absoluteUrl, productJsonLd } from "../features/product/json-ld";
import { ProductSkeleton } from "../features/product/product-skeleton";
import { Rating } from "../features/product/rating";
import {
  REVIEWS_SHOWN,
  type ReviewList,
  type ReviewResult,
  Reviews,
  useReviewResult,
} from "../features/product/reviews";
import { Share } from "../features/product/share";
import { STOCK_ALERT_INTENT, StockAlert, type StockAlertResult } from "../features/product/stock-alert";
import { chosenVariant, onlyVariantChanged, photosOf, variantSearch } from "../features/product/variant-choice";
import { VariantPicker } from "../features/product/variant-picker";
import { ApiError, api } from "../lib/api";
import { fieldErrorsOf } from "../lib/form-values";
import { telHref } from "../lib/format-phone";
import type { Route } from "./+types/product";

/** A malformed id (400) or an unknown one (404) is the same to a visitor: no such product. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

async function similarTo(client: ReturnType<typeof api>, product: ProductDetails): Promise<CardProduct[]> {
  const { products } = await client.categoryProducts(product.category, { limit: 13 });
  return products
    .filter((p) => p._id !== product._id)
    .slice(0, 12)
    .map(toCardProduct);
}

async function reviewsOf(client: ReturnType<typeof api>, productId: string): Promise<ReviewList> {
  return client.productReviews(productId, { limit: REVIEWS_SHOWN });
}

/** First load: everything awaited, so the server's HTML is the whole page (WhatsApp previews, search engines). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const client = api(request);
  let product: ProductDetails;
  try {
    product = await client.productDetails(params.id);
  } catch (error) {
    if (isMissing(error)) throw data(null, { status: 404 });
    throw error;
  }
  const [similar, reviews] = await Promise.all([similarTo(client, product), reviewsOf(client, product._id)]);
  return { origin: new URL(request.url).origin, product, similar, reviews };
}

/**
 * Later navigations: the browser asks the API itself and the page's skeleton shows at once
 * (the promises are not awaited; <Await> renders them). An unknown product rejects with a
 * route 404, which the layout's error screen shows as it does for the server loader.
 */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const client = api();
  const product = client.productDetails(params.id).catch((error: unknown) => {
    throw isMissing(error) ? new ErrorResponse(404, "Not Found", null) : error;
  });
  // Similar products are a bonus: without them the page is still whole.
  const similar = product.then((p) => similarTo(client, p)).catch((): CardProduct[] => []);
  const reviews = reviewsOf(client, params.id).catch((): ReviewList => ({ reviews: [], total: 0 }));
  return { origin: window.location.origin, product, similar, reviews };
}

/**
 * A signed-in customer's review (intent "review"): saved by the API, then the new rating and
 * list are answered so the page updates without reloading the product and its similar items.
 * 'Prévenez-moi' (intent "stock-alert") on a sold-out choice.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === STOCK_ALERT_INTENT) return askStockAlert(request, form);
  const comment = form.get("comment");
  const client = api(request);
  try {
    const { message } = await client.saveReview({
      productId: params.id,
      rating: Number(form.get("rating")),
      comment: typeof comment === "string" ? comment : "",
    });
    const [details, list] = await Promise.all([client.productDetails(params.id), reviewsOf(client, params.id)]);
    return { ok: true, message, rating: details.rating, list } satisfies ReviewResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fieldErrors = fieldErrorsOf(error.issues, ["rating", "comment"] as const);
    const failure: ReviewResult = { ok: false, message: error.message, fieldErrors };
    return data(failure, { status: error.status || 500 });
  }
}

/**
 * A review's answer carries what changed: the product and similar items are not fetched again;
 * nor after 'Prévenez-moi', nor when only the chosen variant (`?variant=`) changes: the page
 * already holds every variant.
 */
export function shouldRevalidate({
  formData,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "review" || intent === STOCK_ALERT_INTENT) return false;
  if (onlyVariantChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

const pageTitle = (product: ProductDetails) => `${product.productName} - ${product.brandName}`;

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const shop = matches[0]?.loaderData?.shop;
  // A client navigation has no product yet: the page sets its own <title> once it has one.
  if (!loaderData || loaderData.product instanceof Promise || !shop) return [{ title: "Détails du produit" }];
  const { product, origin } = loaderData;
  const title = pageTitle(product);
  // The canonical address is the product's; a shared link's preview shows the variant it names.
  const url = `${origin}/product/${product._id}`;
  const variant = chosenVariant(product.variants, new URLSearchParams(location.search).get("variant"));
  const photo = photosOf(product.productImage, variant)[0];
  const image = photo ? absoluteUrl(origin, photo) : undefined;
  const description = product.description || `${product.productName} chez ${shop.name}, Yaoundé.`;
  const jsonLd = productJsonLd(product, { origin, shopName: shop.name, description });
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "product:price:amount", content: String(variant?.sellingPrice ?? product.sellingPrice) },
    { property: "product:price:currency", content: "XAF" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    { "script:ld+json": jsonLd },
  ];
}

function Similar({ products }: { products: CardProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="similar" className="mt-10">
      <h2 id="similar" className="text-lg font-bold">
        Produits similaires
      </h2>
      <div className="-mx-4 mt-3">
        <ScrollRow label="Produits similaires">
          {products.map((p) => (
            <li key={p._id} className={ROW_ITEM_CLASS}>
              <ProductCard product={p} />
            </li>
          ))}
        </ScrollRow>
      </div>
    </section>
  );
}

function ProductView({
  product,
  shop,
  origin,
  similar,
  reviews,
  ownTitle,
  answered,
  reviewed: reviewAnswer,
}: {
  product: ProductDetails;
  shop: ShopIdentity;
  origin: string;
  similar: CardProduct[] | Promise<CardProduct[]>;
  reviews: ReviewList | Promise<ReviewList>;
  /** After a client navigation `meta` had no product: React 19 puts this <title> in the head. */
  ownTitle: boolean;
  /** 'Prévenez-moi' posted without JavaScript: the action's answer. */
  answered?: StockAlertResult;
  /** A review posted without JavaScript (or before it ran): the action's answer. */
  reviewed?: ReviewResult;
}) {
  const url = `${origin}/product/${product._id}`;
  // The choice is the address's (`?variant=`), so that a shared link opens on it.
  const [searchParams] = useSearchParams();
  const variant = chosenVariant(product.variants, searchParams.get("variant"));
  const price = variant?.price ?? product.price;
  const sellingPrice = variant?.sellingPrice ?? product.sellingPrice;
  const stock = variant ?? product;
  const sale = (variant ?? product).sale;
  const soldOut = stock.stockStatus === "out";
  const name = lineName(product.productName, variant?.label ?? "");
  const photos = photosOf(product.productImage, variant);
  const off = discountPercent(price, sellingPrice);
  const session = useRootData()?.session;
  // A review just saved changes the stars at once.
  const reviewed = useReviewResult(product._id) ?? reviewAnswer;
  const rating = reviewed?.ok ? reviewed.rating : product.rating;
  return (
    <main className="mx-auto max-w-6xl px-4 pb-8">
      {ownTitle && <title>{pageTitle(product)}</title>}
      <nav aria-label="Fil d'Ariane" className="mt-4 text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link className="underline" to="/">
              Accueil
            </Link>{" "}
            /
          </li>
          <li>
            {/* The original linked /products, which does not exist: the catalogue is /product. */}
            <Link className="underline" to="/product">
              Articles
            </Link>{" "}
            /
          </li>
          <li aria-current="page" className="font-medium text-slate-900">
            {product.productName}
          </li>
        </ol>
      </nav>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        {/* Keyed by its photos: another variant's set starts at its first photo. */}
        <Gallery
          key={photos.join(" ")}
          images={photos}
          alt={name}
          first={Number(searchParams.get("photo") ?? 1) - 1}
          photoHref={(index) => {
            const params = new URLSearchParams(searchParams);
            params.set("photo", String(index + 1));
            return `?${params}`;
          }}
        />
        <div>
          <p className="inline-block rounded-full bg-brand/10 px-3 py-1 text-xs font-bold text-brand-dark">
            {product.brandName}
          </p>
          <h1 className="mt-2 text-2xl font-extrabold">{product.productName}</h1>
          <p className="mt-1 text-sm text-slate-600">{product.category}</p>
          <Rating rating={rating} />
          {/* Price and stock follow the choice, and a screen reader hears them change. */}
          <div id="offer" className="mt-3 space-y-1" aria-live="polite" aria-atomic="true">
            {sale && <SaleBadge name={sale.name} endsAt={sale.endsAt} size="md" />}
            <Price price={price} sellingPrice={sellingPrice} size="lg" />
            {off > 0 && <p className="sr-only">Réduction de {off} %</p>}
            <StockStatus status={stock.stockStatus} left={stock.stockLeft} />
          </div>
          <VariantPicker options={product.options} variants={product.variants} chosen={variant} />
          {soldOut && (
            <p id="sold-out-reason" className="mt-4 text-sm font-medium text-slate-700">
              Ce choix est épuisé : il ne peut pas être ajouté au panier pour le moment.
            </p>
          )}
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <AddToCartButton
              productId={product._id}
              variantId={variant?._id}
              productName={product.productName}
              // Back to this address after signing in: on the choice, if one was made.
              returnTo={`/product/${product._id}${searchParams.has("variant") && variant ? variantSearch(variant._id) : ""}`}
              soldOut={soldOut}
              describedBy={soldOut ? "sold-out-reason" : undefined}
              className="min-h-12 bg-brand px-5 py-3 text-white hover:bg-brand-dark disabled:hover:bg-brand"
            />
            <a
              href={whatsappLink(shop.whatsapp, productWhatsappMessage(name, sellingPrice))}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-full bg-green-700 px-5 py-3 text-center font-semibold text-white hover:bg-green-800"
            >
              Commander via WhatsApp
            </a>
            <a
              href={telHref(shop.phone)}
              className="rounded-full border-2 border-brand px-5 py-3 text-center font-semibold text-brand hover:bg-brand/5"
            >
              Appeler maintenant
            </a>
          </div>
          {soldOut && variant && (
            <StockAlert key={variant._id} variantId={variant._id} name={name} answered={answered} />
          )}
          {product.description && (
            <section aria-labelledby="description" className="mt-6">
              <h2 id="description" className="font-bold">
                Description
              </h2>
              <p className="mt-2 whitespace-pre-line text-slate-700">{product.description}</p>
            </section>
          )}
          <Share url={url} title={pageTitle(product)} />
        </div>
      </div>
      <Deferred value={reviews} fallback={null}>
        {(list) => <Reviews productId={product._id} list={list} userId={session?.user._id} answered={reviewAnswer} />}
      </Deferred>
      <Deferred value={similar} fallback={null}>
        {(products) => <Similar products={products} />}
      </Deferred>
    </main>
  );
}

export default function ProductPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { product, similar, reviews, origin } = loaderData;
  const answered = actionData && "intent" in actionData ? actionData : undefined;
  const reviewed = actionData && !("intent" in actionData) ? actionData : undefined;
  const shop = useShop();
  return (
    // Keyed by product: going to another product shows the skeleton again instead of
    // keeping the previous product on screen while the next one loads.
    <Deferred key={params.id} value={product} fallback={<ProductSkeleton />}>
      {(details) => (
        <ProductView
          product={details}
          shop={shop}
          origin={origin}
          similar={similar}
          reviews={reviews}
          ownTitle={product instanceof Promise}
          answered={answered}
          reviewed={reviewed}
        />
      )}
    </Deferred>
  );
}
