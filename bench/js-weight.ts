/**
 * The JavaScript each storefront page (and back-office page) loads, from the production build (run `npm run build`
 * first): the entry, and every route module of the page (root, layout, page) with the chunks
 * they import, as React Router's manifest lists them. Each file is counted once per page, at
 * gzip -9 (the budget's measure, decision 012) and at Brotli 11 (what the server sends).
 * `--files <Page>` lists that page's files, largest first.
 *
 *   npm run build && npm run bench:js
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { table } from "./lib/format.ts";
import { ROOT } from "./lib/paths.ts";

const client = path.join(ROOT, "apps/web/build/client");
const assets = path.join(client, "assets");
const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("No build found: run `npm run build` first.");

interface Entry {
  module: string;
  imports?: string[];
}
const manifest = JSON.parse(
  readFileSync(path.join(assets, manifestFile), "utf8")
    .replace(/^window\.__reactRouterManifest=/, "")
    .replace(/;$/, ""),
) as { entry: Entry; routes: Record<string, Entry & { parentId?: string }> };

const BUDGET_KIB = 120;
const PAGES: Record<string, string> = {
  Home: "routes/home",
  Catalogue: "routes/catalogue",
  Product: "routes/product",
  Category: "routes/product-category",
  Search: "routes/search",
  Contact: "routes/contact",
  Login: "routes/login",
  "Sign-up": "routes/sign-up",
  Cart: "routes/cart",
  Order: "routes/order",
  "Order status": "routes/order-status",
  "Pay (payment screen)": "routes/pay",
  "Payment (waiting screen)": "routes/payment",
  // The back-office, loaded by admins only (the budget is the storefront's; measured because
  // the owner runs the shop from a phone too).
  "Admin dashboard": "routes/admin/dashboard",
  "Admin orders": "routes/admin/orders",
  "Admin order": "routes/admin/order",
  "Admin messages": "routes/admin/messages",
  "Admin products": "routes/admin/all-products",
  "Admin users": "routes/admin/all-users",
};

const sizes = new Map<string, { gzip: number; brotli: number }>();
function sizeOf(url: string) {
  let known = sizes.get(url);
  if (!known) {
    const file = path.join(client, url);
    const bytes = readFileSync(file);
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    known = { gzip, brotli };
    sizes.set(url, known);
  }
  return known;
}

function filesOf(routeId: string): Set<string> {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const rows = Object.entries(PAGES).map(([name, routeId]) => {
  const files = [...filesOf(routeId)].filter((f) => f.endsWith(".js"));
  const total = files.reduce(
    (sum, f) => {
      const s = sizeOf(f);
      return { gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli };
    },
    { gzip: 0, brotli: 0 },
  );
  const within = total.gzip / 1024 <= BUDGET_KIB ? "yes" : "no";
  return [name, files.length, `${kib(total.gzip)} KiB`, `${kib(total.brotli)} KiB`, within];
});
console.log(table(["Page", "Files", "JavaScript, gzip -9", "Brotli 11", "Within 120 KiB gzip"], "lrrrc", rows));

const detail = process.argv.indexOf("--files");
if (detail !== -1) {
  const name = process.argv[detail + 1] ?? "Home";
  const routeId = PAGES[name];
  if (!routeId) throw new Error(`Unknown page ${name}: one of ${Object.keys(PAGES).join(", ")}`);
  console.log(`\n${name}: file, gzip -9`);
  const files = [...filesOf(routeId)].filter((f) => f.endsWith(".js"));
  for (const f of files.sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip))
    console.log(`${kib(sizeOf(f).gzip)} KiB  ${f}`);
}
