import { Deferred } from "../components/ui/deferred";
import { CategorySection, CategorySectionSkeleton } from "../features/catalog/category-section";
import { preloadCardImage } from "../features/catalog/product-card";
import { HeroCarousel } from "../features/home/hero-carousel";
import { LazyCategorySection } from "../features/home/lazy-section";
import { loadHomeSections } from "../features/home/sections";
import { api } from "../lib/api";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs) {
  const home = loaderData?.home;
  const first = home && !(home instanceof Promise) ? home.sections[0]?.products[0] : undefined;
  return [
    ...preloadCardImage(first),
    { title: "Téléphones, iPhone, Samsung et accessoires à Yaoundé" },
    {
      name: "description",
      content:
        "iPhone par génération, Samsung, Pixel, Redmi, Huawei, montres et accessoires. Commande par WhatsApp ou téléphone, livraison à Yaoundé.",
    },
  ];
}

/**
 * First load: the server renders the first sections, so the first bytes already show products;
 * the others come from /api as the visitor scrolls (decision 027).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return { home: await loadHomeSections(api(request)) };
}

/** Navigation inside the shop: the browser calls /api itself and shows skeletons meanwhile. */
export function clientLoader() {
  return { home: loadHomeSections(api()) };
}

function HomeSkeleton() {
  return (
    <>
      <CategorySectionSkeleton kind="row" />
      <CategorySectionSkeleton kind="paged" />
    </>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="pb-8">
      <HeroCarousel />
      <div className="mx-auto max-w-7xl">
        <h1 className="mt-6 px-4 text-2xl font-extrabold">Les Meilleurs Articles</h1>
        <Deferred value={loaderData.home} fallback={<HomeSkeleton />}>
          {({ sections, later }) =>
            sections.length === 0 ? (
              <p className="mt-6 px-4 text-slate-600">Aucun produit disponible pour le moment.</p>
            ) : (
              <>
                {sections.map((section, i) => (
                  <CategorySection key={section.category} section={section} index={i} eager={i === 0} />
                ))}
                {later.map(({ category, kind }, i) => (
                  <LazyCategorySection key={category} category={category} kind={kind} index={sections.length + i} />
                ))}
              </>
            )
          }
        </Deferred>
      </div>
    </main>
  );
}
