import { MSG } from "@shop/shared/core";
import { Link, useNavigation } from "react-router";
import { ActionNotices } from "../../features/admin/action-notices";
import { adminApi } from "../../features/admin/admin-api";
import { categoriesAction } from "../../features/admin/categories/category-actions.server";
import { CategoryForm } from "../../features/admin/categories/category-form";
import { NEW_CATEGORY, valuesOf } from "../../features/admin/categories/category-form-values";
import { CategoryActions, CategorySummary, DeleteConfirm } from "../../features/admin/categories/category-parts";
import { CATEGORIES_PATH } from "../../features/admin/categories/category-paths";
import { DashboardSection } from "../../features/admin/dashboard/dashboard-parts";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { requireAdmin } from "../../features/admin/require-admin.server";
import type { Route } from "./+types/categories";

export function meta() {
  return [{ title: "Catégories" }, { name: "robots", content: "noindex" }];
}

const DONE: Record<string, string> = {
  create: MSG.categorySaved,
  update: MSG.categorySaved,
  hide: MSG.categorySaved,
  show: MSG.categorySaved,
  move: MSG.categoriesOrdered,
  delete: MSG.categoryDeleted,
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("direction");
  const direction: "up" | "down" | null = asked === "up" || asked === "down" ? asked : null;
  return {
    categories: await adminApi(request).categories(),
    // Every admin sees them; the SUPERADMIN alone changes them (the API refuses an ADMIN anyway).
    manage: user.role === "SUPERADMIN",
    editing: url.searchParams.get("edit"),
    deleting: url.searchParams.get("delete"),
    moved: url.searchParams.get("moved"),
    direction,
    done: DONE[url.searchParams.get("ok") ?? ""] ?? null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return categoriesAction(request);
}

/**
 * 'Catégories' (decision 046): the shop's categories in the storefront's order, each with its
 * products' count and whether the storefront hides it. The SUPERADMIN adds, edits, hides,
 * reorders and deletes them, each in place; an ADMIN reads them. Every action works without
 * scripts (links and posted forms), as on 'Livraison'.
 */
export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, manage, editing, deleting, moved, direction, done } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failure = actionData && !actionData.ok ? actionData : null;
  const failed = (form: string) => (failure?.form === form ? failure : null);
  const adding = manage && (editing === "new" || failure?.form === "new");
  const shown = categories.filter((c) => !c.hidden).length;

  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Catégories</h1>
        {manage && !adding && (
          <Link
            to={`${CATEGORIES_PATH}?edit=new`}
            className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark"
          >
            Nouvelle catégorie
          </Link>
        )}
      </div>
      <ActionNotices done={done} failure={failure} />
      {!manage && (
        <p className="rounded-md bg-white p-3 text-sm text-slate-700 ring-1 ring-slate-200">
          Seul le super administrateur peut ajouter, modifier, ordonner ou supprimer les catégories.
        </p>
      )}

      {adding && (
        <DashboardSection id="category-new" title="Nouvelle catégorie">
          <CategoryForm
            values={failed("new")?.values ?? NEW_CATEGORY}
            errors={failed("new")?.fieldErrors}
            busy={busy}
          />
        </DashboardSection>
      )}

      <DashboardSection
        id="categories-list"
        title={`Dans l'ordre de la boutique (${shown} affichées sur ${categories.length})`}
      >
        {categories.length === 0 ? (
          <p className="text-slate-700">Aucune catégorie pour le moment.</p>
        ) : (
          <ol className="space-y-3">
            {categories.map((category, i) => {
              // A refused change of this one (a deletion while it holds products…): said at the top, the card shown again.
              const refused = failed(category._id);
              return (
                <li key={category._id} className="rounded-lg p-3 ring-1 ring-slate-200">
                  {manage && (editing === category._id || refused?.values) ? (
                    <>
                      <h3 className="mb-2 text-lg font-bold">Modifier « {category.name} »</h3>
                      <CategoryForm
                        category={category}
                        values={refused?.values ?? valuesOf(category)}
                        errors={refused?.fieldErrors}
                        busy={busy}
                      />
                    </>
                  ) : manage && deleting === category._id && !refused ? (
                    <DeleteConfirm category={category} busy={busy} />
                  ) : (
                    <>
                      <CategorySummary category={category} />
                      {manage && (
                        <CategoryActions
                          category={category}
                          first={i === 0}
                          last={i === categories.length - 1}
                          busy={busy}
                          focus={moved === category._id ? direction : null}
                        />
                      )}
                    </>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </DashboardSection>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Page introuvable", hint: "Revenez à la liste des catégories." }}
      back={{ to: CATEGORIES_PATH, label: "Voir les catégories" }}
    />
  );
}
