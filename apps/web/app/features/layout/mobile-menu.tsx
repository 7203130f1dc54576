import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ADMIN_DASHBOARD, MY_DATA, MY_DEVICES, MY_ORDERS, MY_SECURITY, NAV_LINKS } from "./links";
import { LogoutButton } from "./logout-button";
import { isAdmin, type Session } from "./session";
import { useDetails } from "./use-dismiss";

/**
 * The phone's menu (SPEC.md §2): a panel over the page from the left with the same links, the
 * user's name, the cart and sign-out. A <details>, so that it opens and closes before the
 * scripts run (decision 027, "The first tap"): the dimmed page behind the panel and the ×
 * are parts of its summary, so a press on either closes it. Once the scripts run it also
 * closes on Escape and after a link.
 */
export function MobileMenu({ session }: { session: Session | null }) {
  const { ref, close, onToggle, onKeyDown } = useDetails();

  // A new location (a link was followed) closes the menu; not the first, which may find it opened
  // before the scripts ran.
  const { key } = useLocation();
  const shownAt = useRef(key);
  useEffect(() => {
    if (key === shownAt.current) return;
    shownAt.current = key;
    close();
  }, [key, close]);

  const item = "block rounded px-3 py-2.5 text-base font-medium hover:bg-slate-100";
  return (
    <details
      // Opened before the scripts ran: React finds `open` on it, as it should.
      suppressHydrationWarning
      ref={ref}
      onToggle={onToggle}
      onKeyDown={onKeyDown}
      className="group lg:hidden"
    >
      <summary
        aria-label="Menu"
        aria-controls="mobile-menu"
        className="grid size-10 cursor-pointer list-none place-items-center rounded-full hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
        <span aria-hidden="true" className="fixed inset-0 z-40 hidden bg-black/40 group-open:block" />
        <span
          aria-hidden="true"
          data-close=""
          className="fixed top-4 left-[calc(min(18rem,85vw)-1rem)] z-[60] hidden size-10 -translate-x-full place-items-center rounded-full text-2xl hover:bg-slate-100 group-open:grid"
        >
          ×
        </span>
      </summary>
      <div
        id="mobile-menu"
        className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-4 shadow-xl transition-transform duration-300 starting:-translate-x-full motion-reduce:transition-none"
      >
        <p className="flex min-h-10 items-center pr-12 font-bold">{session ? session.user.name : "Bienvenue"}</p>
        <nav aria-label="Navigation mobile" className="mt-4">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={({ isActive }) => `${item} ${isActive ? "text-brand" : ""}`}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {session && (
              <li>
                <Link to="/cart" className={item}>
                  Panier ({session.cartCount})
                </Link>
              </li>
            )}
            {session && (
              <li>
                <Link to={MY_ORDERS.to} className={item}>
                  {MY_ORDERS.label}
                </Link>
              </li>
            )}
            {session && (
              <li>
                <Link to={MY_DEVICES.to} className={item}>
                  {MY_DEVICES.label}
                </Link>
              </li>
            )}
            {session && (
              <li>
                <Link to={MY_SECURITY.to} className={item}>
                  {MY_SECURITY.label}
                </Link>
              </li>
            )}
            {session && (
              <li>
                <Link to={MY_DATA.to} className={item}>
                  {MY_DATA.label}
                </Link>
              </li>
            )}
            {session && isAdmin(session.user.role) && (
              <li>
                <Link to={ADMIN_DASHBOARD} className={item}>
                  Admin Dashboard
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <div className="mt-auto border-t border-slate-200 pt-4">
          {session ? (
            <LogoutButton className={`${item} w-full text-left`} />
          ) : (
            <Link to="/login" className="block rounded-full bg-brand px-4 py-2 text-center font-semibold text-white">
              Connexion
            </Link>
          )}
        </div>
      </div>
    </details>
  );
}
