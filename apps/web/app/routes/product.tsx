import type { Product } from "@shop/shared";
import { discountPercent, productWhatsappMessage, whatsappLink } from "@shop/shared/core";
import { useState } from "react";
import { data, Link } from "react-router";
import { Price } from "../components/ui/price";
import { ProductImage } from "../components/ui/product-image";
import { type CardProduct, ProductCard, toCardProduct } from "../features/catalog/product-card";
import { ApiError, api } from "../lib/api";
import type { Route } from "./+types/product";

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = api(request);
  let product: Product;
  try {
    product = await client.productDetails(params.id);
  } catch (error) {
    // A malformed id (400) or an unknown one (404) is the same to a visitor: no such product.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
  const [shop, similar] = await Promise.all([client.shop(), client.categoryProducts(product.category, { limit: 13 })]);
  const origin = new URL(request.url).origin;
  return {
    product,
    shop,
    origin,
    similar: similar.products
      .filter((p) => p._id !== product._id)
      .slice(0, 12)
      .map(toCardProduct),
  };
}

const absolute = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Détails du produit" }];
  const { product, origin, shop } = loaderData;
  const title = `${product.productName} - ${product.brandName}`;
  const url = `${origin}/product/${product._id}`;
  const image = product.productImage[0] ? absolute(origin, product.productImage[0]) : undefined;
  const description = product.description || `${product.productName} chez ${shop.name}, Yaoundé.`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.productName,
    brand: { "@type": "Brand", name: product.brandName },
    category: product.category,
    description,
    image: product.productImage.map((u) => absolute(origin, u)),
    sku: product._id,
    offers: {
      "@type": "Offer",
      price: product.sellingPrice,
      priceCurrency: "XAF",
      availability: "https://schema.org/InStock",
      url,
      seller: { "@type": "Organization", name: shop.name },
    },
  };
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "product:price:amount", content: String(product.sellingPrice) },
    { property: "product:price:currency", content: "XAF" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    { "script:ld+json": jsonLd },
  ];
}

function Gallery({ product }: { product: Product }) {
  const [current, setCurrent] = useState(0);
  const images = product.productImage;
  const main = images[current];
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
        {main && (
          <ProductImage
            url={main}
            alt={product.productName}
            size={800}
            sizes="(min-width: 1024px) 520px, 100vw"
            priority
            className="h-full w-full object-contain p-4"
          />
        )}
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label="Autres photos">
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-label={`Photo ${i + 1} de ${images.length}`}
                aria-pressed={i === current}
                className={`h-16 w-16 overflow-hidden rounded-md bg-white ring-2 ${i === current ? "ring-brand" : "ring-slate-200"}`}
              >
                <ProductImage url={url} alt="" size={64} className="h-full w-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Share({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="text-sm font-semibold text-brand underline"
      >
        Partager ce produit
      </button>
      {open && (
        <ul className="mt-2 flex gap-3 text-sm">
          <li>
            <a
              className="underline"
              href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Facebook
            </a>
          </li>
          <li>
            <a
              className="underline"
              href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              WhatsApp
            </a>
          </li>
        </ul>
      )}
    </div>
  );
}

function Similar({ products }: { products: CardProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="similar" className="mt-10">
      <h2 id="similar" className="text-lg font-bold">
        Produits similaires
      </h2>
      <ul className="mt-3 flex snap-x gap-3 overflow-x-auto pb-2">
        {products.map((p) => (
          <li key={p._id} className="w-40 shrink-0 snap-start sm:w-52">
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, shop, origin, similar } = loaderData;
  const url = `${origin}/product/${product._id}`;
  const off = discountPercent(product.price, product.sellingPrice);
  return (
    <main className="mx-auto max-w-6xl px-4 pb-8">
      <nav aria-label="Fil d'Ariane" className="mt-4 text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link className="underline" to="/">
              Accueil
            </Link>{" "}
            /
          </li>
          <li>
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
        <Gallery product={product} />
        <div>
          <p className="inline-block rounded-full bg-brand/10 px-3 py-1 text-xs font-bold text-brand-dark">
            {product.brandName}
          </p>
          <h1 className="mt-2 text-2xl font-extrabold">{product.productName}</h1>
          <p className="mt-1 text-sm text-slate-600">{product.category}</p>
          <p className="mt-2 text-sm text-slate-600">Pas encore d'avis sur ce produit.</p>
          <div className="mt-3">
            <Price price={product.price} sellingPrice={product.sellingPrice} size="lg" />
            {off > 0 && <p className="sr-only">Réduction de {off} %</p>}
          </div>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <a
              href={whatsappLink(shop.whatsapp, productWhatsappMessage(product.productName, product.sellingPrice))}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-full bg-green-700 px-5 py-3 text-center font-semibold text-white hover:bg-green-800"
            >
              Commander via WhatsApp
            </a>
            <a
              href={`tel:+${shop.phone}`}
              className="rounded-full border-2 border-brand px-5 py-3 text-center font-semibold text-brand hover:bg-brand/5"
            >
              Appeler maintenant
            </a>
          </div>
          {product.description && (
            <section aria-labelledby="description" className="mt-6">
              <h2 id="description" className="font-bold">
                Description
              </h2>
              <p className="mt-2 whitespace-pre-line text-slate-700">{product.description}</p>
            </section>
          )}
          <Share url={url} title={`${product.productName} - ${product.brandName}`} />
        </div>
      </div>
      <Similar products={similar} />
    </main>
  );
}
