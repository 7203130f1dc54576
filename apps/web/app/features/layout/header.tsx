import { Form, Link, NavLink, useNavigate, useSearchParams } from "react-router";

const LINKS = [
  { to: "/", label: "Accueil" },
  { to: "/product", label: "Articles" },
  { to: "/about", label: "À Propos" },
  { to: "/contact", label: "Contact" },
];

/** Typing navigates at each keystroke to /search?q=…, or /search when empty (SPEC.md §2). */
function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Form role="search" action="/search" className="w-full" onSubmit={(e) => e.preventDefault()}>
      <label className="sr-only" htmlFor="header-search">
        Rechercher un produit
      </label>
      <input
        id="header-search"
        name="q"
        type="search"
        defaultValue={params.get("q") ?? ""}
        placeholder="Rechercher un produit…"
        autoComplete="off"
        className="w-full rounded-full border border-slate-300 bg-white px-4 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        onChange={(e) => {
          const q = e.currentTarget.value;
          navigate(q ? `/search?q=${encodeURIComponent(q)}` : "/search", { replace: true });
        }}
      />
    </Form>
  );
}

export function Header({ shopName }: { shopName: string }) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 bg-white/95 shadow-sm backdrop-blur">
      {/* On a phone: name and Connexion on one line, the search box full width below. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 lg:h-16 lg:flex-nowrap lg:py-0">
        <Link to="/" className="mr-auto shrink-0 text-lg font-extrabold text-brand lg:mr-0">
          {shopName}
        </Link>
        <nav aria-label="Navigation principale" className="hidden gap-4 lg:flex">
          {LINKS.map((link) => (
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
        <Link
          to="/login"
          className="shrink-0 rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
        >
          Connexion
        </Link>
      </div>
    </header>
  );
}
