import type { AdminBadges } from "@shop/shared";
import { ADMIN_ROLES } from "@shop/shared/core";
import { redirect } from "react-router";
import { api } from "../../lib/api";
import { SECOND_FACTOR_SETUP_PAGE } from "../auth/second-factor";
import { adminApi } from "./admin-api";
import { isSecondFactorSetup } from "./admin-errors";

/**
 * Who is asking, and whether the API opens the back-office to this session: the badges are an
 * admin call like any other, refused with "second-factor-setup" while the shop requires a
 * second factor this session was opened without (decision 040). Asked side by side.
 */
async function adminOf(request: Request) {
  const cookie = request.headers.get("cookie");
  if (!cookie || !/(?:^|;\s*)token=/.test(cookie)) throw redirect("/");
  const [user, badges] = await Promise.all([
    api(request).userDetails(),
    // The counts are a help, not the page: the back-office still opens when they cannot be read.
    adminApi(request)
      .badges()
      .catch((error: unknown) => (isSecondFactorSetup(error) ? "setup" : null)),
  ]);
  if (!user || !ADMIN_ROLES.includes(user.role)) throw redirect("/");
  if (badges === "setup") throw redirect(SECOND_FACTOR_SETUP_PAGE);
  return {
    user: { _id: user._id, name: user.name, role: user.role, profilePic: user.profilePic, email: user.email },
    badges: badges as AdminBadges | null,
  };
}

/**
 * One look-up per request: React Router gives the layout's and the page's loaders the same
 * request and runs them side by side, and both ask.
 */
const checked = new WeakMap<Request, ReturnType<typeof adminOf>>();

function checkedAdmin(request: Request) {
  let pending = checked.get(request);
  if (!pending) {
    pending = adminOf(request);
    checked.set(request, pending);
  }
  return pending;
}

/**
 * Every back-office loader and action starts here: a visitor who is not ADMIN or SUPERADMIN
 * goes to / (SPEC.md §6); an admin whose session lacks the second factor the shop requires
 * goes to set one up ('/security?required=1'). On a first load this answers before any HTML is
 * drawn; on a navigation the browser receives the redirect from the data request and follows
 * it. The layout's loader does not guard its pages: on a navigation between them only the
 * page's loader runs, and when both run, the redirect of either wins over anything the other
 * answers (React Router's static handler throws the first redirect it finds before looking at
 * errors or data). The API refuses the calls on its own anyway: this is only where the screen
 * sends people.
 */
export async function requireAdmin(request: Request) {
  return (await checkedAdmin(request)).user;
}

/** The sidebar's counts, read by the same look-up as `requireAdmin` (null when they could not be). */
export async function adminBadges(request: Request) {
  return (await checkedAdmin(request)).badges;
}

export type AdminUser = Awaited<ReturnType<typeof requireAdmin>>;
