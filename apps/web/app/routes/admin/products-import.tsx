import type { CatalogueImport } from "@shop/shared";
import { data } from "react-router";
import { adminApi } from "../../features/admin/admin-api";
import { importAction } from "../../features/admin/catalogue-import/import-actions.server";
import { ImportScreen } from "../../features/admin/catalogue-import/import-screen";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { IMPORT_PATH } from "../../features/admin/products/products-query";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { ApiError } from "../../lib/api";
import type { Route } from "./+types/products-import";

export function meta() {
  return [{ title: "Importer des produits" }, { name: "robots", content: "noindex" }];
}

/** `?id=` follows that import (where a confirmation leads); otherwise the admin's last one. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id");
  const api = adminApi(request);
  try {
    const current: CatalogueImport | null = id ? await api.importStatus(id) : await api.latestImport();
    return { current };
  } catch (error) {
    // Another admin's import, or one that never was: the page's 404.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return importAction(request);
}

export default function ProductsImport({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportScreen current={loaderData.current} answer={actionData ?? null} />;
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Import introuvable", hint: "Choisissez le fichier et prévisualisez-le à nouveau." }}
      back={{ to: IMPORT_PATH, label: "Importer des produits" }}
    />
  );
}
