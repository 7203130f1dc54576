import type { AdminBadges } from "@shop/shared";
import { NavLink } from "react-router";
import { adminLinksFor, BADGE_WORDS } from "./admin-nav";
import type { AdminUser } from "./require-admin.server";

/**
 * The admin's photo, name and role, and the back-office's links. On a phone it is a band above
 * the page whose links scroll sideways inside it (the page itself never does); from `lg` up, a
 * column beside the page.
 */
export function AdminSidebar({ user, badges }: { user: AdminUser; badges: AdminBadges | null }) {
  return (
    <aside
      aria-label="Back-office"
      className="border-b border-slate-200 bg-white lg:w-60 lg:shrink-0 lg:border-r lg:border-b-0 print:hidden"
    >
      <div className="flex items-center gap-3 px-4 py-3 lg:flex-col lg:py-6 lg:text-center">
        {user.profilePic ? (
          <img
            src={user.profilePic}
            alt=""
            width={64}
            height={64}
            className="size-10 shrink-0 rounded-full object-cover lg:size-16"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-brand text-lg font-bold text-white lg:size-16 lg:text-2xl"
          >
            {user.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold">{user.name}</p>
          <p className="text-xs font-medium text-slate-600">{user.role}</p>
        </div>
      </div>
      <nav aria-label="Menu du back-office">
        <ul className="relative flex gap-1 overflow-x-auto px-2 pb-2 lg:flex-col lg:overflow-visible lg:px-3 lg:pb-6">
          {adminLinksFor(user.role).map((link) => {
            const count = link.badge && badges ? badges[link.badge] : 0;
            return (
              <li key={link.to} className="shrink-0">
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
                      isActive ? "bg-brand text-white" : "text-slate-800 hover:bg-slate-100"
                    }`
                  }
                >
                  {link.label}
                  {link.badge && count > 0 && (
                    <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                      {count}
                      <span className="sr-only"> {BADGE_WORDS[link.badge]}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
