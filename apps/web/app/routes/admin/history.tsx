import { ORDER_REFERENCE_PATTERN } from "@shop/shared/core";
import { data, Link } from "react-router";
import { adminApi } from "../../features/admin/admin-api";
import { JournalLines } from "../../features/admin/journal/journal-parts";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { ApiError } from "../../lib/api";
import type { Route } from "./+types/history";

export function meta() {
  return [{ title: "Historique" }, { name: "robots", content: "noindex" }];
}

/** The thing whose history is asked, or null when the address cannot name one. */
function subjectOf(entity: string | undefined, param: string | undefined) {
  const id = (param ?? "").trim();
  if (entity === "product" && id && id.length <= 100) return { entity, id } as const;
  if (entity === "order") {
    // As typed in the address bar ("cmd-7k4q"): the log names orders by their reference.
    const reference = id.toUpperCase().replace(/\s+/g, "");
    if (ORDER_REFERENCE_PATTERN.test(reference)) return { entity, id: reference } as const;
  }
  return null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const subject = subjectOf(params.entity, params.id);
  if (!subject) throw data(null, { status: 404 });
  try {
    return { ...subject, lines: await adminApi(request).history(subject.entity, subject.id), refused: null };
  } catch (error) {
    // Another admin's product (the history is its own admin's and the SUPERADMIN's): said, not an error page.
    if (error instanceof ApiError && error.status === 403) return { ...subject, lines: [], refused: error.message };
    throw error;
  }
}

/** A product's or an order's changes in the back-office, newest first (decision 038). */
export default function AdminHistory({ loaderData }: Route.ComponentProps) {
  const { entity, id, lines, refused } = loaderData;
  const back =
    entity === "order"
      ? { to: `/admin-panel/orders/${encodeURIComponent(id)}`, label: `← Commande ${id}` }
      : { to: "/admin-panel/all-products", label: "← Tous les produits" };
  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <p>
        <Link to={back.to} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline">
          {back.label}
        </Link>
      </p>
      <header>
        <h1 className="text-2xl font-extrabold">Historique</h1>
        <p className="mt-1 text-slate-700">
          {entity === "order" ? "Commande" : "Produit"} <span className="font-mono break-all">{id}</span>
        </p>
      </header>
      {refused ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
          {refused}
        </p>
      ) : (
        <JournalLines
          lines={lines}
          withEntity={false}
          empty={
            entity === "order"
              ? "Aucune modification enregistrée pour cette commande."
              : "Aucune modification enregistrée pour ce produit."
          }
        />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Historique introuvable", hint: "Seuls les produits et les commandes ont un historique." }}
      back={{ to: "/admin-panel", label: "Retour au back-office" }}
    />
  );
}
