// @vitest-environment node
// On the server, as the page is rendered: no DOM, so the API client takes the in-process transport.
import { CSP_NONCE_KEY, type CspNonceSource, IN_PROCESS_API_KEY, type InProcessApiRequest } from "@shop/shared/core";
import { type ReactNode, useContext } from "react";
import * as ReactRouter from "react-router";
import {
  createRequestHandler,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  Outlet,
  Scripts,
  type ServerBuild,
  type ServerEntryModule,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as entryServer from "../entry.server";
import { api } from "./api";
import { BootScripts } from "./boot-scripts";

/**
 * <BootScripts> reads what React Router keeps to itself (`UNSAFE_` contexts, the render flag
 * that lets the loader data stream), and the server hands the page its nonce and the API through
 * `globalThis` (decision 009). Their types do not say what they mean, and may change in any
 * release: this renders a page through React Router's own request handler and the app's
 * entry.server.tsx, and says what moved.
 */
const changed = (what: string) =>
  `React Router's internals that apps/web/app/lib/boot-scripts.tsx reads changed shape (${what}): see docs/architecture.md, 'Upgrading React Router'`;

const NONCE = "bm9uY2UtdGVzdA==";
const COOKIE = "session=visitor";

/** What <BootScripts> read while the page rendered. */
let seen: { framework: unknown; dataRouter: unknown } | undefined;
function Probe() {
  seen = { framework: useContext(FrameworkContext), dataRouter: useContext(DataRouterContext) };
  return null;
}

const shopName = "Boutique test";
const calls: InProcessApiRequest[] = [];

/**
 * A small build as `react-router build` makes it: a root, the page asked for (`/catalog/:slug`,
 * with a loader that calls the API), a parent path's page (`/catalog`, in React Router's partial
 * manifest) and an unrelated one (`/contact`, not in it).
 */
function build(scripts: ReactNode): ServerBuild {
  const route = (id: string, path: string, hasLoader: boolean, parentId?: string) => ({
    id,
    path,
    parentId,
    hasLoader,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/assets/${id.replace("routes/", "")}-A1.js`,
    imports: ["/assets/chunk-S1.js"],
    css: [],
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  });
  const Root = () => (
    <>
      <Outlet />
      <Probe />
      {scripts}
    </>
  );
  const Page = () => null;
  return {
    // The app's own server entry (its promise is untyped: it resolves a Response).
    entry: { module: entryServer as ServerEntryModule },
    routes: {
      root: { id: "root", path: "", module: { default: Root } },
      "routes/catalog": { id: "routes/catalog", parentId: "root", path: "catalog", module: { default: Page } },
      "routes/item": {
        id: "routes/item",
        parentId: "root",
        path: "catalog/:slug",
        module: { default: Page, loader: async ({ request }) => ({ shop: await api(request).shop() }) },
      },
      "routes/contact": { id: "routes/contact", parentId: "root", path: "contact", module: { default: Page } },
    },
    assets: {
      entry: { module: "/assets/entry.client-E1.js", imports: ["/assets/chunk-S1.js"] },
      routes: {
        root: route("root", "", false),
        "routes/catalog": route("routes/catalog", "catalog", false, "root"),
        "routes/item": route("routes/item", "catalog/:slug", true, "root"),
        "routes/contact": route("routes/contact", "contact", false, "root"),
      },
      url: "/assets/manifest-V1.js",
      version: "V1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
}

/** The page `/catalog/phones`, rendered with these scripts: its HTML and its inline scripts. */
async function render(scripts: ReactNode) {
  seen = undefined;
  const handle = createRequestHandler(build(scripts), "production");
  let response: Response;
  try {
    response = await handle(new Request("http://shop.test/catalog/phones", { headers: { cookie: COOKIE } }));
  } catch (error) {
    throw new Error(changed(`React Router's request handler failed: ${error}`));
  }
  const html = await response.text();
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes = "", body = ""]) => ({
    attributes,
    body,
  }));
  return { status: response.status, html, inline };
}

const key = (name: string) => Symbol.for(name);
const registry = globalThis as Record<symbol, unknown>;
const before = { api: registry[key(IN_PROCESS_API_KEY)], nonce: registry[key(CSP_NONCE_KEY)] };

beforeAll(() => {
  // <BootScripts> is the production path; the development server keeps <Scripts>.
  vi.stubEnv("DEV", false);
  // As apps/server/src/plugins/web.ts registers them.
  registry[key(IN_PROCESS_API_KEY)] = async (request: InProcessApiRequest) => {
    calls.push(request);
    return { status: 200, body: { success: true, error: false, message: "", data: { name: shopName } } };
  };
  const nonce: CspNonceSource = () => NONCE;
  registry[key(CSP_NONCE_KEY)] = nonce;
});

afterAll(() => {
  vi.unstubAllEnvs();
  registry[key(IN_PROCESS_API_KEY)] = before.api;
  registry[key(CSP_NONCE_KEY)] = before.nonce;
});

/** The value at a dotted path, and what JavaScript calls its type ("array" for arrays). */
function at(root: unknown, path: string): { value: unknown; type: string } {
  let value = root;
  for (const part of path.split(".")) value = (value as Record<string, unknown> | null | undefined)?.[part];
  return { value, type: Array.isArray(value) ? "array" : value === null ? "null" : typeof value };
}

describe("what boot-scripts.tsx reads of React Router", () => {
  it("exports the contexts and functions it imports", () => {
    const exports = ReactRouter as Record<string, unknown>;
    for (const name of ["UNSAFE_FrameworkContext", "UNSAFE_DataRouterContext"]) {
      const context = exports[name] as { $$typeof?: symbol } | undefined;
      expect(context?.$$typeof, changed(`${name} is not an exported React context`)).toBe(Symbol.for("react.context"));
    }
    for (const name of ["matchRoutes", "Scripts", "useLocation", "useMatches", "createRequestHandler", "ServerRouter"])
      expect(typeof exports[name], changed(`${name} is not an exported function`)).toBe("function");
  });

  it("is in the contexts of a page rendered on the server, with the types it expects", async () => {
    const { status } = await render(<BootScripts />);
    expect(status, changed("a framework-mode page did not render")).toBe(200);
    expect(seen, changed("the page rendered without the contexts")).toBeDefined();
    const fields: [path: string, type: string][] = [
      ["framework.manifest.entry.module", "string"],
      ["framework.manifest.entry.imports", "array"],
      ["framework.manifest.routes", "object"],
      ["framework.manifest.routes.routes/item.module", "string"],
      ["framework.manifest.routes.routes/item.imports", "array"],
      ["framework.serverHandoffString", "string"],
      ["framework.renderMeta", "object"],
      ["framework.nonce", "string"],
      ["framework.routeDiscovery.mode", "string"],
      ["framework.ssr", "boolean"],
      ["dataRouter.router.routes", "array"],
      ["dataRouter.staticContext", "object"],
    ];
    for (const [path, type] of fields) {
      const found = at(seen, path);
      expect(found.type, changed(`${path} is ${found.type}, not ${type}`)).toBe(type);
    }
    expect(at(seen, "framework.routeDiscovery.mode").value, changed("routeDiscovery.mode")).toBe("lazy");
  });

  it("writes what <Scripts> writes: the router's context, the page's manifest and routes, then the loader data", async () => {
    const ours = await render(<BootScripts />);
    const theirs = await render(<Scripts />);
    const contextScript = (page: typeof ours) =>
      page.inline.find((s) => s.body.startsWith("window.__reactRouterContext = "))?.body;
    expect(contextScript(theirs), changed("<Scripts> no longer writes window.__reactRouterContext")).toBeDefined();
    expect(
      contextScript(ours),
      changed("the router's context script differs from <Scripts>' (serverHandoffString, the stream)"),
    ).toBe(contextScript(theirs));

    const manifest = (page: typeof ours) => {
      const text = page.html.match(/window\.__reactRouterManifest = ([\s\S]*?);\n/)?.[1];
      return text === undefined ? undefined : JSON.parse(text);
    };
    expect(manifest(theirs), changed("<Scripts> no longer writes window.__reactRouterManifest")).toBeDefined();
    expect(manifest(ours), changed("the page's manifest differs from <Scripts>' partial manifest")).toEqual(
      manifest(theirs),
    );
    expect(Object.keys(manifest(ours).routes).sort(), changed("the partial manifest's routes")).toEqual([
      "root",
      "routes/catalog",
      "routes/item",
    ]);

    const theirIds = [
      ...(theirs.html.match(/__reactRouterRouteModules = \{(.*?)\};/)?.[1] ?? "").matchAll(/"([^"]+)":/g),
    ];
    expect(
      ours.html.match(/var ids = (\[.*?\]);/)?.[1],
      changed("the page's route ids differ from <Scripts>' window.__reactRouterRouteModules"),
    ).toBe(JSON.stringify(theirIds.map((m) => m[1])));

    // React Router writes the loader data only once a script component set renderMeta.didRenderScripts.
    const data = ours.inline.filter((s) => s.body.startsWith("window.__reactRouterContext.streamController."));
    expect(
      data.some((s) => s.body.includes(shopName)),
      changed("the loader data is not streamed after <BootScripts> (renderMeta.didRenderScripts)"),
    ).toBe(true);
    expect(data.at(-1)?.body, changed("the loader data stream is not closed")).toBe(
      "window.__reactRouterContext.streamController.close();",
    );
  });

  it("receives the server's hand-off through globalThis: the nonce on its scripts, the API in the loaders", async () => {
    const { inline } = await render(<BootScripts />);
    const own = inline.filter(
      (s) =>
        s.body.startsWith("window.__reactRouterContext = ") || s.body.startsWith("window.__reactRouterManifest = "),
    );
    expect(own.length, changed("<BootScripts> did not write its two scripts")).toBe(2);
    for (const script of own)
      expect(
        script.attributes,
        changed(`the nonce of globalThis[Symbol.for("${CSP_NONCE_KEY}")] does not reach FrameworkContext.nonce`),
      ).toContain(`nonce="${NONCE}"`);
    calls.length = 0;
    await render(<BootScripts />);
    expect(
      calls,
      changed(`the loader's API call did not go through globalThis[Symbol.for("${IN_PROCESS_API_KEY}")]`),
    ).toEqual([{ method: "GET", path: "/api/shop", body: undefined, cookie: COOKIE }]);
  });
});
