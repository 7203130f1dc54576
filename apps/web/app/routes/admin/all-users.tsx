import { adminApi } from "../../features/admin/admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../../features/admin/admin-errors";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { toListedUser } from "../../features/admin/users/listed-user";
import { UsersScreen } from "../../features/admin/users/users-screen";
import type { Route } from "./+types/all-users";

export function meta() {
  return [{ title: "Gestion des Utilisateurs" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  try {
    const users = await adminApi(request).users();
    return { me: { _id: me._id, role: me.role }, users: users.map(toListedUser), error: null };
  } catch (error) {
    // SPEC.md §8: the list's failure shows the server's message.
    return { me: { _id: me._id, role: me.role }, users: [], error: adminErrorMessage(error, ADMIN_TEXT.genericError) };
  }
}

export default function AllUsers({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <UsersScreen users={loaderData.users} me={loaderData.me} error={loaderData.error} />
    </main>
  );
}
