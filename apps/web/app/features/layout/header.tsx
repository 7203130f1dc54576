import { useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useNavigate, useSearchParams } from "react-router";
import { ADMIN_DASHBOARD, MY_DATA, MY_DEVICES, MY_ORDERS, MY_SECURITY, NAV_LINKS } from "./links";
import { LogoutButton } from "./logout-button";
import { MobileMenu } from "./mobile-menu";
import { isAdmin, type Session } from "./session";
import { useDetails } from "./use-dismiss";

/** Typing navigates at each keystroke to /search?q=…, or /search when empty (SPEC.md §2). */
function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  const [text, setText] = useState(q);
  const input = useRef<HTMLInputElement>(null);
  const search = (value: string) => {
    setText(value);
    navigate(value ? `/search?q=${encodeURIComponent(value)}` : "/search", { replace: true });
  };
  // Prefilled from q, and following the address when it changes elsewhere (back button, a
  // link) — but never while the visitor types, when the address trails the keystrokes.
  useEffect(() => {
    if (document.activeElement !== input.current) setText(q);
  }, [q]);
  // Typed before the scripts ran: searched as soon as they do, as each keystroke is after.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the scripts take the page over
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed !== q) search(typed);
  }, []);
  return (
    <Form role="search" action="/search" className="w-full" onSubmit={(e) => e.preventDefault()}>
      <label className="sr-only" htmlFor="header-search">
        Rechercher un produit
      </label>
      <input
        id="header-search"
        name="q"
        type="search"
        ref={input}
        value={text}
        placeholder="Rechercher un produit…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className="w-full rounded-full border border-slate-300 bg-white px-4 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        onChange={(e) => search(e.currentTarget.value)}
      />
    </Form>
  );
}

export function CartLink({ count, className = "" }: { count: number; className?: string }) {
  return (
    <Link
      to="/cart"
      aria-label={`Panier : ${count} article${count > 1 ? "s" : ""}`}
      className={`relative grid size-10 shrink-0 place-items-center rounded-full text-slate-800 hover:bg-slate-100 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path
          d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="17" cy="20" r="1.5" />
      </svg>
      <span className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-xs font-bold text-white">
        {count}
      </span>
    </Link>
  );
}

/**
 * Desktop user menu: the name, the Admin Dashboard link for admins, my orders, devices and security,
 * sign-out (a <details>, decision 027).
 */
function UserMenu({ session }: { session: Session }) {
  const { ref, close, onToggle, onKeyDown } = useDetails();
  return (
    <details
      // Opened before the scripts ran: React finds `open` on it, as it should.
      suppressHydrationWarning
      ref={ref}
      onToggle={onToggle}
      onKeyDown={onKeyDown}
      className="relative hidden lg:block"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full px-2 py-1 text-sm font-semibold hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-brand text-white">
          {session.user.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="max-w-32 truncate">{session.user.name}</span>
      </summary>
      <div
        id="user-menu"
        className="absolute right-0 mt-2 w-56 rounded-lg bg-white p-2 shadow-lg ring-1 ring-slate-200"
      >
        <ul className="text-sm">
          {isAdmin(session.user.role) && (
            <li>
              <Link to={ADMIN_DASHBOARD} onClick={close} className="block rounded px-3 py-2 hover:bg-slate-100">
                Admin Dashboard
              </Link>
            </li>
          )}
          <li>
            <Link to={MY_ORDERS.to} onClick={close} className="block rounded px-3 py-2 hover:bg-slate-100">
              {MY_ORDERS.label}
            </Link>
          </li>
          <li>
            <Link to={MY_DEVICES.to} onClick={close} className="block rounded px-3 py-2 hover:bg-slate-100">
              {MY_DEVICES.label}
            </Link>
          </li>
          <li>
            <Link to={MY_SECURITY.to} onClick={close} className="block rounded px-3 py-2 hover:bg-slate-100">
              {MY_SECURITY.label}
            </Link>
          </li>
          <li>
            <Link to={MY_DATA.to} onClick={close} className="block rounded px-3 py-2 hover:bg-slate-100">
              {MY_DATA.label}
            </Link>
          </li>
          <li>
            <LogoutButton className="block w-full rounded px-3 py-2 text-left hover:bg-slate-100" />
          </li>
        </ul>
      </div>
    </details>
  );
}

export function Header({ shopName, session }: { shopName: string; session: Session | null }) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 bg-white shadow-sm print:hidden">
      {/* On a phone: menu, name, cart and Connexion on one line, the search box full width below. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2 lg:h-16 lg:flex-nowrap lg:gap-x-4 lg:py-0">
        <MobileMenu session={session} />
        <Link to="/" className="mr-auto shrink-0 text-lg font-extrabold text-brand lg:mr-0">
          {shopName}
        </Link>
        <nav aria-label="Navigation principale" className="hidden gap-4 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) => `text-sm font-medium ${isActive ? "text-brand" : "text-slate-700"}`}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="order-last min-w-0 basis-full lg:order-none lg:flex-1 lg:basis-auto">
          <SearchBox />
        </div>
        {session ? (
          <>
            <CartLink count={session.cartCount} />
            <UserMenu session={session} />
          </>
        ) : (
          <Link
            to="/login"
            className="shrink-0 rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
          >
            Connexion
          </Link>
        )}
      </div>
    </header>
  );
}
