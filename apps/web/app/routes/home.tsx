import { CATEGORIES } from "@shop/shared/core";
import { type CardProduct, ProductCard, toCardProduct } from "../features/catalog/product-card";
import { api } from "../lib/api";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Téléphones, iPhone, Samsung et accessoires à Yaoundé" },
    {
      name: "description",
      content:
        "iPhone par génération, Samsung, Pixel, Redmi, Huawei, montres et accessoires. Commande par WhatsApp ou téléphone, livraison à Yaoundé.",
    },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const client = api(request);
  const highlights = await client.categoryHighlights();
  const rows = await Promise.all(
    CATEGORIES.filter((c) => highlights.some((p) => p.category === c)).map(async (category) => ({
      category,
      products: (await client.categoryProducts(category, { limit: 12 })).products.map(toCardProduct),
    })),
  );
  return { rows };
}

function CategoryRow({ category, products, index }: { category: string; products: CardProduct[]; index: number }) {
  // Category names hold spaces, which an id (and so aria-labelledby) cannot.
  const headingId = `category-${index}`;
  const first = index === 0;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="px-4 text-lg font-bold">
        {category}
      </h2>
      <ul className="mt-3 flex snap-x gap-3 overflow-x-auto px-4 pb-2">
        {products.map((product, i) => (
          <li key={product._id} className="w-40 shrink-0 snap-start sm:w-52">
            <ProductCard product={product} eager={first && i < 2} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <main className="mx-auto max-w-7xl pb-8">
      <h1 className="mt-6 px-4 text-2xl font-extrabold">Les Meilleurs Articles</h1>
      {rows.length === 0 ? (
        <p className="mt-6 px-4 text-slate-600">Aucun produit disponible pour le moment.</p>
      ) : (
        rows.map((row, i) => (
          <CategoryRow key={row.category} category={row.category} products={row.products} index={i} />
        ))
      )}
    </main>
  );
}
