import type { JournalPage } from "@shop/shared";
import { ADMIN_ROLES } from "@shop/shared/core";
import { Link, redirect, useNavigation } from "react-router";
import { adminApi } from "../../features/admin/admin-api";
import { JournalFilters, type JournalPerson } from "../../features/admin/journal/journal-filters";
import { JournalLines, JournalPager, VerdictNotice } from "../../features/admin/journal/journal-parts";
import {
  isFiltered,
  journalExportHref,
  journalFilters,
  journalHref,
  readJournalQuery,
} from "../../features/admin/journal/journal-query";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { ApiError } from "../../lib/api";
import type { Route } from "./+types/journal";

export function meta() {
  return [{ title: "Journal" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  // The whole log is the SUPERADMIN's (it names every admin's changes): an ADMIN goes back home.
  if (user.role !== "SUPERADMIN") throw redirect("/admin-panel");
  const query = readJournalQuery(new URL(request.url));
  const api = adminApi(request);
  const [page, people, verdict] = await Promise.all([
    api.journal({ ...journalFilters(query), before: query.before }).then(
      (page): JournalPage & { refused: string | null } => ({ ...page, refused: null }),
      (error: unknown) => {
        // Filters the API refuses (days the wrong way round) are said above an empty list.
        if (error instanceof ApiError && error.status === 400) return { lines: [], next: null, refused: error.message };
        throw error;
      },
    ),
    // The people to choose from help, they are not the page: without them it still lists.
    api
      .users()
      .then((users) =>
        users
          .filter((u) => ADMIN_ROLES.includes(u.role))
          .map((u): JournalPerson => ({ _id: u._id, name: u.name, role: u.role })),
      )
      .catch(() => []),
    query.verify ? api.journalVerify() : null,
  ]);
  return { query, ...page, people, verdict };
}

/**
 * 'Journal' (decision 038): every change made in the back-office, newest first, filtered by
 * person, kind of thing and which one, action and days; exported as CSV; its chain checked.
 */
export default function AdminJournal({ loaderData }: Route.ComponentProps) {
  const { query, lines, next, refused, people, verdict } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin-panel/journal";
  const filters = journalFilters(query);
  const action =
    "inline-flex min-h-11 items-center rounded-full px-4 py-2.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100";
  return (
    <main className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-extrabold">Journal</h1>
      <p className="mt-1 text-slate-700">
        Chaque modification faite dans le back-office : qui, quand, depuis quelle adresse, avant et après.
      </p>

      <JournalFilters filters={filters} people={people} />

      <ul className="mt-4 flex flex-wrap gap-2">
        <li>
          {/* A plain link: the browser downloads the file with the session's cookie, no script. */}
          <a href={journalExportHref(filters)} download className={action}>
            Exporter en CSV
          </a>
        </li>
        <li>
          <Link to={journalHref({ ...query, verify: true })} className={action}>
            Vérifier le journal
          </Link>
        </li>
      </ul>

      {verdict && <VerdictNotice verdict={verdict} />}
      {refused && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
          {refused}
        </p>
      )}

      <div className={`mt-4 ${loading ? "opacity-60" : ""}`}>
        <JournalLines
          lines={lines}
          empty={
            isFiltered(query) || query.before ? "Aucune ligne ne correspond à ces filtres." : "Le journal est vide."
          }
        />
        <JournalPager
          newest={query.before ? journalHref(filters) : null}
          older={next === null ? null : journalHref({ ...filters, before: next })}
        />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Page introuvable", hint: "Cette page du back-office n'existe pas." }}
      back={{ to: "/admin-panel", label: "Retour au back-office" }}
    />
  );
}
