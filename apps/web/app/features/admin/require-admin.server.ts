import { ADMIN_ROLES } from "@shop/shared/core";
import { redirect } from "react-router";
import { api } from "../../lib/api";

async function adminOf(request: Request) {
  const cookie = request.headers.get("cookie");
  if (!cookie || !/(?:^|;\s*)token=/.test(cookie)) throw redirect("/");
  const user = await api(request).userDetails();
  if (!user || !ADMIN_ROLES.includes(user.role)) throw redirect("/");
  return { _id: user._id, name: user.name, role: user.role, profilePic: user.profilePic, email: user.email };
}

/**
 * One look-up per request: React Router gives the layout's and the page's loaders the same
 * request and runs them side by side, and both ask.
 */
const checked = new WeakMap<Request, ReturnType<typeof adminOf>>();

/**
 * Every back-office loader and action starts here: a visitor who is not ADMIN or SUPERADMIN
 * goes to / (SPEC.md §6). On a first load this answers before any HTML is drawn; on a
 * navigation the browser receives the redirect from the data request and follows it. The
 * layout's loader does not guard its pages: on a navigation between them only the page's
 * loader runs, and when both run, the redirect of either wins over anything the other answers
 * (React Router's static handler throws the first redirect it finds before looking at errors
 * or data). The API refuses the calls on its own anyway: this is only where the screen sends people.
 */
export function requireAdmin(request: Request) {
  let pending = checked.get(request);
  if (!pending) {
    pending = adminOf(request);
    checked.set(request, pending);
  }
  return pending;
}

export type AdminUser = Awaited<ReturnType<typeof requireAdmin>>;
