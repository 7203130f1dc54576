import { ADMIN_ROLES } from "@shop/shared/core";
import { redirect } from "react-router";
import { api } from "../../lib/api";

/**
 * Every back-office loader and action starts here: a visitor who is not ADMIN or SUPERADMIN
 * goes to / (SPEC.md §6). On a first load this answers before any HTML is drawn; on a
 * navigation the browser receives the redirect from the data request and follows it. The API
 * refuses the calls on its own anyway: this is only where the screen sends people.
 */
export async function requireAdmin(request: Request) {
  const cookie = request.headers.get("cookie");
  if (!cookie || !/(?:^|;\s*)token=/.test(cookie)) throw redirect("/");
  const user = await api(request).userDetails();
  if (!user || !ADMIN_ROLES.includes(user.role)) throw redirect("/");
  return { _id: user._id, name: user.name, role: user.role, profilePic: user.profilePic, email: user.email };
}

export type AdminUser = Awaited<ReturnType<typeof requireAdmin>>;
