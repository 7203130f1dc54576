import { MSG } from "@shop/shared/core";
import { Link, useNavigation } from "react-router";
import { ActionNotices } from "../../features/admin/action-notices";
import { adminApi } from "../../features/admin/admin-api";
import { DashboardSection } from "../../features/admin/dashboard/dashboard-parts";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { PromotionCard } from "../../features/admin/promotions/promotion-card";
import { PromotionForm } from "../../features/admin/promotions/promotion-form";
import { NEW_PROMOTION, valuesOf } from "../../features/admin/promotions/promotion-form-values";
import { promotionsAction } from "../../features/admin/promotions/promotions-actions.server";
import { PROMOTIONS_PATH } from "../../features/admin/promotions/promotions-paths";
import { requireAdmin } from "../../features/admin/require-admin.server";
import type { Route } from "./+types/promotions";

export function meta() {
  return [{ title: "Promotions" }, { name: "robots", content: "noindex" }];
}

const DONE: Record<string, string> = {
  create: MSG.promotionSaved,
  update: MSG.promotionSaved,
  pause: MSG.promotionPaused,
  resume: MSG.promotionResumed,
  end: MSG.promotionEnded,
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  return {
    promotions: await adminApi(request).promotions(),
    adding: url.searchParams.get("new") === "1",
    editing: url.searchParams.get("edit"),
    done: DONE[url.searchParams.get("ok") ?? ""] ?? null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return promotionsAction(request);
}

/**
 * 'Promotions' (decision 051): every sale and code with its state and what it has brought;
 * a new one; each edited in place, paused, resumed or ended early. Every action works without
 * scripts (links and posted forms).
 */
export default function AdminPromotions({ loaderData, actionData }: Route.ComponentProps) {
  const { promotions, adding, editing, done } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failure = actionData && !actionData.ok ? actionData : null;
  const failed = (form: string) => (failure?.form === form ? failure : null);
  const creating = adding || failure?.form === "new";

  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Promotions</h1>
        {!creating && (
          <Link
            to={`${PROMOTIONS_PATH}?new=1`}
            className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
          >
            Nouvelle promotion
          </Link>
        )}
      </div>
      <ActionNotices done={done} failure={failure} />

      {creating && (
        <DashboardSection id="promotion-new" title="Nouvelle promotion">
          <PromotionForm
            values={failed("new")?.values ?? NEW_PROMOTION}
            errors={failed("new")?.fieldErrors}
            busy={busy}
          />
        </DashboardSection>
      )}

      <DashboardSection id="promotions-list" title={`Toutes les promotions (${promotions.length})`}>
        {promotions.length === 0 ? (
          <p className="text-slate-700">Aucune promotion pour le moment.</p>
        ) : (
          <ul className="space-y-3">
            {promotions.map((promotion) => {
              const refused = failed(promotion._id);
              return (
                <li key={promotion._id} className="rounded-lg p-3 ring-1 ring-slate-200">
                  {(editing === promotion._id && promotion.state !== "ended") || refused?.values ? (
                    <PromotionForm
                      id={promotion._id}
                      values={refused?.values ?? valuesOf(promotion)}
                      errors={refused?.fieldErrors}
                      busy={busy}
                    />
                  ) : (
                    <PromotionCard promotion={promotion} busy={busy} />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </DashboardSection>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Page introuvable", hint: "Revenez à la liste des promotions." }}
      back={{ to: PROMOTIONS_PATH, label: "Voir les promotions" }}
    />
  );
}
