import { useCallback, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ADMIN_DASHBOARD, MY_ORDERS, NAV_LINKS } from "./links";
import { isAdmin, type Session, useLogout } from "./session";
import { useDismiss } from "./use-dismiss";

/**
 * The phone's menu (SPEC.md §2): a panel sliding in from the left with the same links, the
 * user's name, the cart and sign-out. Closes on a press outside, on Escape and after a link.
 */
export function MobileMenu({ session }: { session: Session | null }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(panel, open, close);
  const logout = useLogout();

  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location (a link was followed) closes the menu
  useEffect(() => setOpen(false), [key]);

  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  const item = "block rounded px-3 py-2.5 text-base font-medium hover:bg-slate-100";
  return (
    <div className="lg:hidden">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label="Menu"
        onClick={() => setOpen((o) => !o)}
        className="grid size-10 place-items-center rounded-full hover:bg-slate-100"
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
      </button>
      <div
        aria-hidden="true"
        className={`fixed inset-0 z-40 bg-black/40 transition-opacity ${open ? "opacity-100" : "pointer-events-none opacity-0"}`}
      />
      <div
        ref={panel}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        inert={!open}
        onKeyDown={(e) => {
          if (e.key === "Escape") toggle.current?.focus();
        }}
        className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-4 shadow-xl transition-transform duration-300 motion-reduce:transition-none ${
          open ? "translate-x-0" : "invisible -translate-x-full"
        }`}
      >
        <div className="flex items-center justify-between">
          <p className="font-bold">{session ? session.user.name : "Bienvenue"}</p>
          <button
            ref={closeButton}
            type="button"
            onClick={() => {
              close();
              toggle.current?.focus();
            }}
            aria-label="Fermer le menu"
            className="grid size-10 place-items-center rounded-full text-2xl hover:bg-slate-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
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
            <button type="button" onClick={logout} className={`${item} w-full text-left`}>
              Déconnexion
            </button>
          ) : (
            <Link to="/login" className="block rounded-full bg-brand px-4 py-2 text-center font-semibold text-white">
              Connexion
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
