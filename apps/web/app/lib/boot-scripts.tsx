import { useContext } from "react";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  matchRoutes,
  Scripts,
  useLocation,
  useMatches,
} from "react-router";
import { bootScript, type PageManifest } from "./boot-script";

/**
 * React Router's <Scripts>, started after the first paint (decision 027). <Scripts> puts a
 * `modulepreload` link for every file of the page in the document and imports them at once:
 * on a slow phone they share the first second's bandwidth with the stylesheet and the largest
 * image, and the first paint waits for them. This renders the same two inline scripts — the
 * router's context (whose stream the loader data is written to), then the bootstrap — but the
 * bootstrap fetches the page's scripts only once the page has loaded and painted, then hands
 * over to the entry exactly as <Scripts> does (`window.__reactRouterManifest` and
 * `__reactRouterRouteModules`, then `import(entry)`).
 *
 * Both scripts carry this answer's nonce and are the same for the same page and build (no
 * time, no random, no visitor data), so that a cached page's policy can name them by hash
 * (decision 023). The development server keeps React Router's own <Scripts>: Vite's hot
 * reload needs its runtime imported first, and speed is measured on the build.
 *
 * The build's manifest, the router's context script and the router itself have no public API:
 * they come from two `UNSAFE_` contexts, checked by boot-scripts.internals.test.tsx against the
 * exact React Router version package.json pins (docs/architecture.md, "Upgrading React Router").
 * The page's matches and path come from the public hooks.
 */
export function BootScripts() {
  const framework = useContext(FrameworkContext);
  const dataRouter = useContext(DataRouterContext);
  const matches = useMatches();
  const { pathname } = useLocation();
  if (import.meta.env.DEV) return <Scripts />;
  if (!framework || !dataRouter) throw new Error("<BootScripts> renders inside React Router's framework mode");
  const { manifest, serverHandoffString, renderMeta, nonce, routeDiscovery, ssr } = framework;
  const { router, staticContext } = dataRouter;

  // The browser keeps what the server wrote (these scripts ran once, before hydration).
  let context = " ";
  let boot = " ";
  if (staticContext) {
    // The loader data streams after the document: React Router writes it only once the page has
    // rendered its scripts.
    if (renderMeta) renderMeta.didRenderScripts = true;
    context = `window.__reactRouterContext = ${serverHandoffString};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());`;
    const lazyDiscovery = routeDiscovery.mode === "lazy" && ssr;
    const routeIds = new Set(matches.map((m) => m.id));
    if (lazyDiscovery) {
      // As React Router's own partial manifest: the page's routes and those of its parent paths.
      const segments = pathname.split("/").filter(Boolean);
      for (let n = segments.length - 1; n >= 0; n--) {
        const parent = `/${segments.slice(0, n).join("/")}`;
        for (const m of matchRoutes(router.routes, parent) ?? []) routeIds.add(m.route.id);
      }
    }
    const { sri: _sri, ...rest } = manifest;
    const pageManifest: PageManifest = {
      ...rest,
      routes: lazyDiscovery
        ? Object.fromEntries([...routeIds].flatMap((id) => (manifest.routes[id] ? [[id, manifest.routes[id]]] : [])))
        : manifest.routes,
    };
    boot = bootScript(
      pageManifest,
      matches.map((m) => m.id),
    );
  }
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the router's own context and manifest, as <Scripts> writes them */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: context }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built from the build's manifest, escaped by bootScript */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: boot }} />
    </>
  );
}
