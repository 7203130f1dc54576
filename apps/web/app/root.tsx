import { type ReactNode, useEffect } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { FlashNotice } from "./components/ui/flash-notice";
import { Toaster } from "./components/ui/toast";
import { CartActionsProvider, CartCountProvider, useCartSession } from "./features/cart/cart-session";
import { Footer } from "./features/layout/footer";
import { Header } from "./features/layout/header";
import { type RootData, useRootData } from "./features/layout/root-data";
import { loadSession } from "./features/layout/session";
import { keptOnPhone } from "./features/offline/kept-on-phone";
import { KeptOrders } from "./features/offline/kept-orders";
import { useManifestLink } from "./features/offline/manifest-link";
import { OfflineNotice } from "./features/offline/offline-notice";
import { registerServiceWorker } from "./features/offline/service-worker";
import { api } from "./lib/api";
import { BootScripts } from "./lib/boot-scripts";
import { CLEAR_FLASH, readFlash } from "./lib/flash.server";
import { forgetToken } from "./lib/token";
import "./app.css";
// In the page itself: one request fewer before the first paint (decision 027).
import favicon from "./favicon.svg?inline";

/**
 * The document, and the shop's layout (header, menus, footer, the visitor's session) in the
 * root route itself rather than a layout route of its own: every page then loads one route
 * file fewer (a storefront page loads at most four scripts, decision 027).
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <link rel="icon" href={favicon} type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <Meta />
        <Links />
        <noscript>
          <style>{'html:not([data-painted]) img[loading="lazy"] { display: inline }'}</style>
        </noscript>
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <BootScripts />
      </body>
    </html>
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const client = api(request);
  const [shop, session] = await Promise.all([client.shop(), loadSession(client, request.headers.get("cookie"))]);
  // A form posted without JavaScript left a message for this page: said once, then forgotten.
  const notice = readFlash(request);
  const rootData: RootData = { shop, session, notice };
  if (!notice) return rootData;
  return data(rootData, { headers: { "Set-Cookie": CLEAR_FLASH } });
}

/**
 * The title of a page that has none of its own, and of the error screen (a page without a
 * title is lost in the browser's tabs and history, and for screen readers).
 */
export function meta({ loaderData, error }: Route.MetaArgs) {
  const shop = loaderData?.shop.name;
  if (!error) return shop ? [{ title: shop }] : [];
  const title = isRouteErrorResponse(error) && error.status === 404 ? "Page introuvable" : "Erreur";
  return [{ title: shop ? `${title} | ${shop}` : title }, { name: "robots", content: "noindex" }];
}

/**
 * The shop's identity and the visitor's session do not change when a page changes: they reload
 * only after a form was sent (sign-in, cart) or when asked (sign-out), so moving between pages
 * costs no request to the server beyond the page's own /api calls.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // An order kept on the phone (decision 034): nothing changed on the server, and no network.
  if (keptOnPhone(actionResult)) return false;
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Marks the page as interactive: browser tests wait for it before they click. Painted, too
  // (the bootstrap script says so first in the build; the development server has none).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the scripts take the page over
  useEffect(() => {
    document.documentElement.dataset.painted = "";
    document.documentElement.dataset.hydrated = "";
    registerServiceWorker();
    // Signed out by the form posted without scripts (routes/logout.tsx): the stored token goes too.
    if (!loaderData.session) forgetToken();
  }, []);
  // Installable (decision 034), linked after the first paint.
  useManifestLink(useLocation().pathname);
  // The header's cart count is refreshed on its own after a cart change (decision 016).
  const { session, actions } = useCartSession(loaderData.session);
  return (
    <CartActionsProvider value={actions}>
      <CartCountProvider value={session ? session.cartCount : null}>
        <Header shopName={loaderData.shop.name} session={session} />
        <div className="pt-[6.5rem] lg:pt-16 print:pt-0">
          <FlashNotice notice={loaderData.notice} />
          <OfflineNotice />
          <KeptOrders />
          <Outlet />
        </div>
        <Footer shop={loaderData.shop} />
        <Toaster />
      </CartCountProvider>
    </CartActionsProvider>
  );
}

/**
 * Errors of any page show inside the shop's layout, with a way back home; without it when the
 * shop's identity itself could not be read.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  // A move to another page that failed for want of a network: the whole page is asked for
  // instead, which the phone answers with its copy, or says it is offline (decision 034).
  useEffect(() => {
    if (error instanceof TypeError && !navigator.onLine) window.location.reload();
  }, [error]);
  const data = useRootData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      {data && <Header shopName={data.shop.name} session={data.session} />}
      <main className="mx-auto max-w-xl px-4 pt-36 pb-16 text-center lg:pt-28">
        {/* The spec's words, in English: said so, for screen readers on this French page. */}
        <h1 lang="en" className="text-2xl font-bold">
          Unexpected Application Error!
        </h1>
        <p className="mt-2 text-slate-600">
          {notFound ? "Cette page n'existe pas ou plus." : "Une erreur est survenue. Veuillez réessayer."}
        </p>
        <Link className="mt-6 inline-block rounded-full bg-brand px-5 py-2 font-semibold text-white" to="/">
          Retour à l'accueil
        </Link>
      </main>
      {data && <Footer shop={data.shop} />}
      <Toaster />
    </>
  );
}
