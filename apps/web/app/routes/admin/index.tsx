import { redirect } from "react-router";
import { requireAdmin } from "../../features/admin/require-admin.server";
import type { Route } from "./+types/index";

/** /admin-panel opens on the dashboard, for an admin; anyone else goes to / like everywhere here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect("/admin-panel/dashboard");
}

export default function AdminIndex() {
  return null;
}
