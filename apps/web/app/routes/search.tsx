import { Deferred } from "../components/ui/deferred";
import { toCardProduct } from "../features/catalog/product-card";
import { ProductGrid } from "../features/catalog/product-grid";
import { api } from "../lib/api";
import type { Route } from "./+types/search";

export function meta({ location }: Route.MetaArgs) {
  const q = new URLSearchParams(location.search).get("q")?.trim();
  return [
    { title: q ? `Recherche : ${q}` : "Recherche" },
    { name: "description", content: "Cherchez un téléphone, une montre ou un accessoire dans la boutique." },
  ];
}

const searchFor = (client: ReturnType<typeof api>, url: URL) => {
  const q = url.searchParams.get("q") ?? "";
  return client.search(q).then(({ products, total }) => ({ products: products.map(toCardProduct), total }));
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { q: url.searchParams.get("q") ?? "", result: await searchFor(api(request), url) };
}

/** Each keystroke in the header navigates here: the browser asks /api/search, 'Chargement ...' meanwhile. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return { q: url.searchParams.get("q") ?? "", result: searchFor(api(request), url) };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, result } = loaderData;
  return (
    <main className="mx-auto max-w-7xl pt-6 pb-8">
      <h1 className="sr-only">Recherche{q ? ` : ${q}` : ""}</h1>
      <Deferred
        key={q}
        value={result}
        fallback={
          <p role="status" className="px-4 text-lg">
            Chargement ...
          </p>
        }
        errorElement={
          <p role="alert" className="px-4">
            La recherche n'a pas abouti. Vérifiez votre connexion et réessayez.
          </p>
        }
      >
        {({ products, total }) =>
          products.length === 0 ? (
            <p role="status" className="px-4 text-lg">
              Pas de données....
            </p>
          ) : (
            <>
              <div role="status">
                <h2 className="px-4 text-lg font-semibold">Resultat : {total}</h2>
              </div>
              <div className="mt-4">
                <ProductGrid products={products} />
              </div>
            </>
          )
        }
      </Deferred>
    </main>
  );
}
