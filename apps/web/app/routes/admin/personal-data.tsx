import { useEffect } from "react";
import { Link, useNavigation } from "react-router";
import { toast } from "../../components/ui/toast";
import { adminApi } from "../../features/admin/admin-api";
import { DashboardSection } from "../../features/admin/dashboard/dashboard-parts";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { plural } from "../../features/admin/orders/order-format";
import { personalDataAction } from "../../features/admin/personal-data/personal-data-action.server";
import {
  PERSONAL_DATA_PATH,
  REGISTER_PATH,
  readShow,
  requestsHref,
} from "../../features/admin/personal-data/personal-data-paths";
import {
  requestView,
  requireOwner,
  retentionFields,
} from "../../features/admin/personal-data/personal-data-view.server";
import { RequestCard } from "../../features/admin/personal-data/request-card";
import { RetentionForm } from "../../features/admin/personal-data/retention-form";
import type { Route } from "./+types/personal-data";

export function meta() {
  return [{ title: "Données personnelles" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request);
  const show = readShow(new URL(request.url));
  const api = adminApi(request);
  const [requests, retention] = await Promise.all([api.privacyRequests(show), api.retention()]);
  return {
    show,
    requests: requests.map(requestView),
    retention: { fields: retentionFields(retention.settings), lastRun: retention.lastRun },
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireOwner(request);
  return personalDataAction(request, await request.formData());
}

const pill = "inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold ring-1";

/**
 * 'Données personnelles' (decision 041, Cameroon's law 2024/017): the customers' requests to
 * answer within their deadline, the retention durations, and the way to the register of
 * processing. The SUPERADMIN's alone; every form works without scripts.
 */
export default function AdminPersonalData({ loaderData, actionData }: Route.ComponentProps) {
  const { show, requests, retention } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const answer = actionData?.form === "answer" ? actionData : undefined;
  const saved = actionData?.form === "retention" ? actionData : undefined;
  useEffect(() => {
    if (actionData?.ok) toast.success(actionData.message);
  }, [actionData]);
  const overdue = requests.filter((r) => r.overdue).length;

  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold">Données personnelles</h1>
        <p className="mt-1 text-slate-700">
          Les demandes de vos clients sur leurs données (loi n° 2024/017), combien de temps la boutique les garde, et le
          registre des traitements.
        </p>
        <p className="mt-2">
          <Link to={REGISTER_PATH} className="font-semibold text-brand underline">
            Registre des traitements
          </Link>
        </p>
      </div>

      <DashboardSection id="privacy-requests" title="Demandes">
        <nav aria-label="Filtrer les demandes">
          <ul className="flex flex-wrap gap-2">
            {[
              { show: "open" as const, label: "À traiter" },
              { show: "all" as const, label: "Toutes" },
            ].map((filter) => {
              const current = filter.show === show;
              return (
                <li key={filter.show}>
                  <Link
                    to={requestsHref(filter.show)}
                    aria-current={current ? "page" : undefined}
                    className={`${pill} ${current ? "bg-brand text-white ring-brand" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"}`}
                  >
                    {filter.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <p className="mt-3 text-sm text-slate-700">
          {show === "open"
            ? plural(requests.length, "demande à traiter", "demandes à traiter")
            : plural(requests.length, "demande")}
          {overdue > 0 && <span className="font-semibold text-red-800"> · {overdue} en retard</span>}
        </p>
        {/* What the last answer did: the request may have left the list with its form. */}
        <div role="status">
          {answer?.ok && (
            <p className="mt-3 rounded-md bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200">
              {answer.message}
            </p>
          )}
        </div>
        {requests.length === 0 ? (
          <p className="mt-3 rounded-lg bg-slate-50 p-6 text-center font-semibold ring-1 ring-slate-200">
            {show === "open" ? "Aucune demande à traiter." : "Aucune demande pour le moment."}
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {requests.map((request) => (
              <li key={request._id}>
                <RequestCard request={request} busy={busy} result={answer} />
              </li>
            ))}
          </ul>
        )}
      </DashboardSection>

      <DashboardSection id="privacy-retention" title="Durées de conservation">
        <p className="mb-3 text-sm text-slate-700">
          Passé ces durées, le nettoyage quotidien efface ou anonymise ces données. La page « Confidentialité » les
          reprend.
        </p>
        <RetentionForm fields={retention.fields} lastRun={retention.lastRun} busy={busy} result={saved} />
      </DashboardSection>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Page introuvable", hint: "Cette page du back-office n'existe pas." }}
      back={{ to: PERSONAL_DATA_PATH, label: "Voir les données personnelles" }}
    />
  );
}
