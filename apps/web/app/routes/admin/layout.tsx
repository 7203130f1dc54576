import type { ShouldRevalidateFunctionArgs } from "react-router";
import { Outlet } from "react-router";
import { AdminSidebar } from "../../features/admin/admin-sidebar";
import { adminBadges, requireAdmin } from "../../features/admin/require-admin.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  // The counts come with the gate's look-up (the badges' call is how it learns the session may in).
  const [user, badges] = await Promise.all([requireAdmin(request), adminBadges(request)]);
  return { user, badges };
}

/**
 * The badges are read again on every move inside the back-office (one small call beside the
 * page's own), so a new order shows up on the admin's next tap.
 */
export function shouldRevalidate({ defaultShouldRevalidate, nextUrl }: ShouldRevalidateFunctionArgs) {
  return nextUrl.pathname.startsWith("/admin-panel") || defaultShouldRevalidate;
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/**
 * The back-office (decision 019): ADMIN and SUPERADMIN only, inside the shop's layout (its header
 * stays), the sidebar and the page beside it. Each page is its own `<main>`.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-[70vh] bg-slate-50 lg:flex print:block print:min-h-0 print:bg-white">
      <AdminSidebar user={loaderData.user} badges={loaderData.badges} />
      <div className="min-w-0 flex-1 px-4 py-6 lg:px-8 print:p-0">
        <Outlet />
      </div>
    </div>
  );
}
