import { redirect, useNavigation } from "react-router";
import { adminApi } from "../../features/admin/admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../../features/admin/admin-errors";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { toListedUser } from "../../features/admin/users/listed-user";
import type { SecondFactorSettingResult } from "../../features/admin/users/second-factor-setting";
import { saveSecondFactorSetting } from "../../features/admin/users/second-factor-setting.server";
import { SecondFactorSettingForm } from "../../features/admin/users/second-factor-setting-form";
import { UsersScreen } from "../../features/admin/users/users-screen";
import type { Route } from "./+types/all-users";

export function meta() {
  return [{ title: "Gestion des Utilisateurs" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  const api = adminApi(request);
  // The staff's second factor is the SUPERADMIN's to set (decision 040); the list does not wait on it
  // failing, and it does not hide the list.
  const setting = me.role === "SUPERADMIN" ? api.secondFactorSetting().catch(() => null) : null;
  try {
    const users = await api.users();
    return { me: { _id: me._id, role: me.role }, users: users.map(toListedUser), error: null, setting: await setting };
  } catch (error) {
    // SPEC.md §8: the list's failure shows the server's message.
    return {
      me: { _id: me._id, role: me.role },
      users: [],
      error: adminErrorMessage(error, ADMIN_TEXT.genericError),
      setting: await setting,
    };
  }
}

/** 'Second facteur des administrateurs': the SUPERADMIN's alone, as the API says too. */
export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  if (me.role !== "SUPERADMIN") throw redirect("/admin-panel");
  const form = await request.formData();
  return saveSecondFactorSetting(request, form);
}

export default function AllUsers({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main>
      <UsersScreen users={loaderData.users} me={loaderData.me} error={loaderData.error} />
      {loaderData.setting && (
        <SecondFactorSettingForm
          setting={loaderData.setting}
          busy={busy}
          result={actionData as SecondFactorSettingResult | undefined}
        />
      )}
    </main>
  );
}
