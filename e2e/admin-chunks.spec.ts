/**
 * The back-office's code loads only for admins (decision 019): no storefront page's scripts hold
 * any of it. Read from the production build (`npm run build` comes first in the test command).
 *
 * A chunk's file does not say which source modules went into it (the bundler merges modules
 * and names shared chunks after any one of them), so admin code is recognised by its strings:
 * every string literal, template part and JSX text of `features/admin/**` and `routes/admin/**`
 * that no other source file of the web app or of `packages/shared` contains. Minifiers rename
 * identifiers but keep strings as written, so a storefront chunk holding an admin module holds
 * its strings; they are compared whole (a class name inside a longer class string is no match).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, type Page, test } from "./fixtures.ts";
import { ADMIN, open, signInThrough } from "./helpers.ts";

const root = path.resolve(import.meta.dirname, "..");
const webApp = path.join(root, "apps/web/app");
const client = path.join(root, "apps/web/build/client");
const ADMIN_DIRS = [path.join(webApp, "features/admin"), path.join(webApp, "routes/admin")];
/** Shorter strings ("submit", "button") are too common to name a module. */
const MIN_LENGTH = 8;

interface ManifestEntry {
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { id: string; parentId?: string }>;
}

function readManifest(): Manifest {
  const assets = path.join(client, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("No build found: run `npm run build` first.");
  return JSON.parse(
    readFileSync(path.join(assets, file), "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;$/, ""),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

const isAdmin = (file: string) => ADMIN_DIRS.some((dir) => file.startsWith(dir + path.sep));

/** JSX text as the compiler turns it into a string: lines trimmed where they meet, blank ones dropped. */
function jsxString(text: string): string {
  const lines = text.split(/\r\n|\n|\r/);
  return lines
    .map((line, i) => {
      let piece = line;
      if (i > 0) piece = piece.trimStart();
      if (i < lines.length - 1) piece = piece.trimEnd();
      return piece;
    })
    .filter((piece) => piece.length > 0)
    .join(" ");
}

/**
 * The strings of a file, each trimmed: string literals, the fixed parts of template literals,
 * and (in sources) JSX texts. Import and export paths are not strings of the module's code.
 */
function stringsIn(file: string, text: string, kind: ts.ScriptKind): Set<string> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Set<string>();
  const keep = (value: string) => {
    const piece = value.trim();
    if (piece.length >= MIN_LENGTH) found.add(piece);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) keep(node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) keep(node.text);
    else if (ts.isJsxText(node)) keep(jsxString(node.text));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The app's own modules a source file imports at run time (type-only imports vanish in the build). */
function runtimeImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) continue;
    if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
    if (ts.isExportDeclaration(statement) && statement.isTypeOnly) continue;
    const base = path.resolve(path.dirname(file), specifier.text);
    const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
      (candidate) => /\.tsx?$/.test(candidate) && statSync(candidate, { throwIfNoEntry: false })?.isFile(),
    );
    if (resolved) found.push(resolved);
  }
  return found;
}

/** The admin modules the admin route modules pull into the browser's build. */
function bundledAdminModules(): Set<string> {
  const seen = new Set<string>();
  const queue = sourceFiles(path.join(webApp, "routes/admin"));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.server\.tsx?$/.test(file)) continue;
    seen.add(file);
    queue.push(...runtimeImportsOf(file).filter(isAdmin));
  }
  return new Set([...seen].map((file) => path.relative(webApp, file)));
}

const stringsOf = (file: string) =>
  stringsIn(file, readFileSync(file, "utf8"), file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/**
 * Libraries some storefront pages load on their own (not in the framework's entry): their words
 * ("unsupported") name none of our modules. The passkeys' library (decision 040), the offline orders' store.
 */
const LAZY_LIBRARIES = ["@simplewebauthn/browser/esm", "idb-keyval/dist"];

function libraryFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" ? [] : libraryFiles(full);
    return /\.m?js$/.test(name) ? [full] : [];
  });
}

/** Admin module → the strings only it (and other admin modules) contain. */
function adminFingerprints(framework: Set<string>): Map<string, string[]> {
  const web = sourceFiles(webApp);
  const shared = sourceFiles(path.join(root, "packages/shared/src"));
  const elsewhere = new Set<string>();
  for (const file of [...web.filter((f) => !isAdmin(f)), ...shared]) for (const s of stringsOf(file)) elsewhere.add(s);
  for (const library of LAZY_LIBRARIES) {
    for (const file of libraryFiles(path.join(root, "node_modules", library))) {
      for (const s of stringsIn(file, readFileSync(file, "utf8"), ts.ScriptKind.JS)) elsewhere.add(s);
    }
  }
  const result = new Map<string, string[]>();
  // Server-only modules never reach the browser's build.
  for (const file of web.filter((f) => isAdmin(f) && !/\.server\.tsx?$/.test(f))) {
    const own = [...stringsOf(file)].filter((s) => !elsewhere.has(s) && !framework.has(s));
    result.set(path.relative(webApp, file), own);
  }
  return result;
}

const chunkText = new Map<string, string>();
const chunkStrings = new Map<string, Set<string>>();
/** The strings of a built script, compared whole with the fingerprints (a class name inside a longer one is no match). */
function stringsOfChunk(url: string): Set<string> {
  let strings = chunkStrings.get(url);
  if (!strings) {
    strings = stringsIn(url, textOf(url), ts.ScriptKind.JS);
    chunkStrings.set(url, strings);
  }
  return strings;
}
function textOf(url: string): string {
  let text = chunkText.get(url);
  if (text === undefined) {
    text = readFileSync(path.join(client, url), "utf8");
    chunkText.set(url, text);
  }
  return text;
}

/** Every script a route may load: its modules, its parents', the entry, and all they import, transitively. */
function closureOf(manifest: Manifest, routeId: string): Set<string> {
  const start: string[] = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    start.push(route.module, ...(route.imports ?? []));
    for (const extra of [
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
    ]) {
      if (extra) start.push(extra);
    }
  }
  const seen = new Set<string>();
  const queue = start.filter((f) => f.endsWith(".js"));
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    // Static imports (`from"./x.js"`, `import"./x.js"`) and dynamic ones (`import("./x.js")`).
    for (const match of textOf(url).matchAll(/(?:from|import)\s*\(?\s*["'`](\.\/[^"'`]+\.js)["'`]/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), match[1]!));
    }
  }
  return seen;
}

const adminRoute = (id: string) => id.startsWith("routes/admin/");

test.describe("the back-office's code stays out of the storefront's scripts", () => {
  const manifest = readManifest();
  const storefrontRoutes = Object.keys(manifest.routes).filter((id) => !adminRoute(id));
  const adminRoutes = Object.keys(manifest.routes).filter(adminRoute);
  const storefrontFiles = new Set(storefrontRoutes.flatMap((id) => [...closureOf(manifest, id)]));
  const adminFiles = new Set(adminRoutes.flatMap((id) => [...closureOf(manifest, id)]));
  /** Scripts only an admin page loads. */
  const adminOnly = new Set([...adminFiles].filter((f) => !storefrontFiles.has(f)));
  const framework = new Set(
    [manifest.entry.module, ...(manifest.entry.imports ?? [])].flatMap((url) => [...stringsOfChunk(url)]),
  );
  const fingerprints = adminFingerprints(framework);

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a test wants from this pattern
  test("the strings that recognise admin code are found in the admin pages' scripts", async ({}, testInfo) => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    const adminStrings = new Set([...adminFiles].flatMap((url) => [...stringsOfChunk(url)]));
    for (const known of ["Gestion des Produits", "Changer le role de l'utilisateur", "Modifier le produit"]) {
      expect([...fingerprints.values()].flat()).toContain(known);
      expect(adminStrings.has(known)).toBe(true);
    }
    // Each admin module of the build that has strings of its own is recognised in the admin scripts.
    const bundled = bundledAdminModules();
    expect(bundled.size).toBeGreaterThan(0);
    const unseen = [...fingerprints.entries()]
      .filter(([file, strings]) => bundled.has(file) && strings.length > 0 && !strings.some((s) => adminStrings.has(s)))
      .map(([file]) => file);
    expect(unseen, "admin modules whose strings are not in any admin script").toEqual([]);
    const bare = [...fingerprints.entries()].filter(([, strings]) => strings.length === 0).map(([file]) => file);
    await testInfo.attach("admin-fingerprints.json", {
      body: JSON.stringify(Object.fromEntries(fingerprints), null, 2),
      contentType: "application/json",
    });
    // Modules with no string of their own (types, tiny helpers) cannot be recognised: listed, not failed.
    if (bare.length) console.log(`admin modules without strings of their own: ${bare.join(", ")}`);
  });

  for (const routeId of storefrontRoutes) {
    test(`${routeId}: no admin route module and no admin code in its scripts`, () => {
      const files = closureOf(manifest, routeId);
      const adminModules = adminRoutes.map((id) => manifest.routes[id]!.module);
      expect([...files].filter((f) => adminModules.includes(f))).toEqual([]);
      const found: string[] = [];
      for (const file of files) {
        const inFile = stringsOfChunk(file);
        for (const [module, strings] of fingerprints) {
          const hit = strings.find((s) => inFile.has(s));
          if (hit) found.push(`${file} holds ${module} ("${hit}")`);
        }
      }
      expect(found, `admin code in the scripts of ${routeId}`).toEqual([]);
    });
  }

  test("the back-office's words in the shared package stay out of the scripts every page loads", () => {
    // "@shop/shared/back-office", apart from "@shop/shared/core" which every route reaches (shared-chunk.ts).
    const own = ["audit.ts", "back-office.ts"].map((name) => path.join(root, "packages/shared/src", name));
    const others = [
      ...sourceFiles(webApp).filter((f) => !isAdmin(f)),
      ...sourceFiles(path.join(root, "packages/shared/src")),
    ]
      .filter((f) => !own.includes(f))
      .flatMap((f) => [...stringsOf(f)]);
    const words = own.flatMap((f) => [...stringsOf(f)]).filter((s) => !others.includes(s));
    expect(words).toContain("Second facteur bloqué (trop d'essais)");
    const home = new Set([...closureOf(manifest, "routes/home")].flatMap((url) => [...stringsOfChunk(url)]));
    expect(words.filter((word) => home.has(word))).toEqual([]);
  });

  async function scriptsRequested(page: Page, visit: () => Promise<void>): Promise<string[]> {
    const scripts: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")) scripts.push(url.pathname);
    });
    await visit();
    return scripts;
  }

  test("an anonymous visit of home, a product, the cart and search fetches no admin script", async ({ page }) => {
    expect(adminOnly.size).toBeGreaterThan(0);
    const scripts = await scriptsRequested(page, async () => {
      await open(page, "/");
      // In-app navigations load the next pages' modules too.
      await page.locator('main a[href^="/product/"]').first().click();
      await expect(page).toHaveURL(/\/product\//);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.goto("/cart");
      await open(page, "/search?q=iphone");
      await page.waitForLoadState("networkidle");
    });
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => adminOnly.has(s))).toEqual([]);
  });

  test("an admin's visit of the back-office does fetch them (the check above can see them)", async ({ page }) => {
    await signInThrough(page, ADMIN);
    const scripts = await scriptsRequested(page, async () => {
      await open(page, "/admin-panel/all-products");
    });
    expect(scripts.filter((s) => adminOnly.has(s)).length).toBeGreaterThan(0);
  });
});
