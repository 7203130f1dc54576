import { Deferred } from "../components/ui/deferred";
import { CategorySection, CategorySectionSkeleton, loadCategorySection } from "../features/catalog/category-section";
import { api } from "../lib/api";
import type { Route } from "./+types/catalogue";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Tous nos articles par catégorie - iPhone, Samsung, Pixel, accessoires" },
    {
      name: "description",
      content:
        "Le catalogue complet : iPhone de toutes les générations, Samsung, Pixel, Redmi, Huawei, Apple Watch, gadgets et accessoires, aux prix en FCFA.",
    },
  ];
}

/** One row per shown category, in the storefront's order (the categories' list, decision 046). */
async function load(client: ReturnType<typeof api>) {
  const categories = await client.categories();
  return categories.map(({ name }) => ({ category: name, section: loadCategorySection(client, name, "row") }));
}

/** First load: every row rendered on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const rows = await load(api(request));
  return { rows: await Promise.all(rows.map(async (row) => ({ category: row.category, section: await row.section }))) };
}

/**
 * Navigation: the short list of categories first (the headings), then each row fetches from
 * /api on its own and shows 13 skeletons meanwhile.
 */
export async function clientLoader() {
  return { rows: await load(api()) };
}

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl pb-8">
      <div className="mx-4 mt-6 rounded-2xl bg-gradient-to-r from-slate-900 to-brand-dark px-6 py-8 text-white sm:py-12">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Tous nos articles</h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-100 sm:text-base">
          Des iPhone de chaque génération aux accessoires : parcourez les {loaderData.rows.length} catégories de la
          boutique, commandez par WhatsApp ou par téléphone.
        </p>
      </div>
      {loaderData.rows.map((row, i) => (
        <Deferred
          key={row.category}
          value={row.section}
          fallback={<CategorySectionSkeleton kind="row" title={row.category} />}
        >
          {(section) => <CategorySection section={section} index={i} eager={i === 0} />}
        </Deferred>
      ))}
    </main>
  );
}
