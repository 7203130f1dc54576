/**
 * The signed-in crowd, part of `npm run bench` (api-bench.ts; alone: `npm run bench --
 * --signed-in-only`): 200 connections, each one of 50 signed-in customers (four connections a
 * customer), every connection going through the same visit in a loop, one request after the
 * other: the home page, a product page, `get-product`, `category-product`, `product-details`,
 * two searches (one with a typo), then its customer's `view-card-product`,
 * `countAddToCartProduct` and `update-cart-product` (quantity 2, then 1 the next time round).
 * Against the production build on the demo catalogue (shop-server.ts), and in the same run
 * against a bare node:http server answering the same requests with the app's bytes. Target:
 * 0 errors and p99 < 250 ms, on PostgreSQL and on PGlite (docs/performance.md, "A crowd").
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Recorded } from "./bare-server.ts";
import {
  type Customer,
  catalogueReads,
  loadProcess,
  MANY_SIGN_UPS,
  makeCustomers,
  PAGE_KEYS,
  PHONE,
  pagesOf,
  raw,
  settle,
  startBare,
} from "./crowd-mix.ts";
import { type DbKind, databaseVersion } from "./lib/databases.ts";
import { f2, int, table } from "./lib/format.ts";
import { loadAverage } from "./lib/machine.ts";
import { STOREFRONT_BUILD } from "./lib/paths.ts";
import type { LoadRequest, LoadResult, TagResult } from "./load.ts";
import { shopServer } from "./shop-server.ts";

export const SIGNED_IN_P99_MS = 250;

export interface SignedInSettings {
  connections: number;
  customers: number;
  warmup: number;
  seconds: number;
}

export const SIGNED_IN_DEFAULTS: SignedInSettings = { connections: 200, customers: 50, warmup: 3, seconds: 20 };

export interface SignedInRun {
  kind: DbKind;
  database: string;
  loadAverage: string;
  settings: SignedInSettings;
  app: LoadResult;
  bare: LoadResult;
  meets: boolean;
  problems: string[];
}

/** One customer's visit, twice round (the cart's quantity set to 2, then back to 1). */
export function visit(productPath: string, productId: string, customer: Customer): LoadRequest[] {
  const auth = { ...PHONE, authorization: `Bearer ${customer.token}` };
  const browse: LoadRequest[] = [
    { tag: "page home", method: "GET", path: "/", headers: PHONE },
    { tag: "page product", method: "GET", path: productPath, headers: PHONE },
    ...catalogueReads(productId),
    { tag: "api search (typo)", method: "GET", path: "/api/search?q=samsng", headers: PHONE },
    { tag: "cart view-card-product", method: "GET", path: "/api/view-card-product", headers: auth },
    { tag: "cart countAddToCartProduct", method: "GET", path: "/api/countAddToCartProduct", headers: auth },
  ];
  const update = (quantity: number): LoadRequest => ({
    tag: "cart update-cart-product",
    method: "POST",
    path: "/api/update-cart-product",
    headers: auth,
    body: JSON.stringify({ _id: customer.lineId, quantity }),
  });
  return [...browse, update(2), ...browse, update(1)];
}

/** The app's answer to each distinct request of the visit (the first customer's for the cart's), for the bare server. */
async function record(base: string, requests: LoadRequest[]): Promise<{ recorded: Recorded[]; problems: string[] }> {
  const recorded = new Map<string, Recorded>();
  const problems: string[] = [];
  for (const r of requests) {
    const key = `${r.method} ${r.path}`;
    if (recorded.has(key)) continue;
    const answer = await raw(base, r.path, {
      method: r.method,
      headers: { ...r.headers, ...(r.body ? { "content-type": "application/json" } : {}) },
      body: r.body,
    });
    if (answer.status !== 200) problems.push(`${r.tag}: HTTP ${answer.status}`);
    const headers: Record<string, string> = {};
    for (const name of ["content-encoding", "etag", "vary", "cache-control"]) {
      const value = answer.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    recorded.set(key, {
      method: r.method,
      url: r.path,
      status: answer.status,
      contentType: answer.headers["content-type"] ?? "",
      bodyBase64: answer.body.toString("base64"),
      headers,
    });
  }
  return { recorded: [...recorded.values()], problems };
}

function load(base: string, perConnection: LoadRequest[][], s: SignedInSettings, seconds: number) {
  return loadProcess({
    url: base,
    method: "GET",
    connections: s.connections,
    seconds,
    idReplacement: false,
    perConnection,
  }).result;
}

/** The signed-in crowd on one database: the production server seeded afresh, then the bare server. */
export async function signedInCrowd(
  kind: DbKind,
  postgresUrl: string,
  s: SignedInSettings = SIGNED_IN_DEFAULTS,
  log: (line: string) => void = console.log,
): Promise<SignedInRun> {
  if (!existsSync(STOREFRONT_BUILD))
    throw new Error("No storefront build: run `npm run build` first (the signed-in crowd loads its pages).");
  const started = loadAverage();
  let database = await databaseVersion(kind, postgresUrl);
  const shop = shopServer((line) => log(`   ${line}`), {
    ...(kind === "postgres" ? { postgresUrl } : {}),
    env: MANY_SIGN_UPS,
  });
  const tmp = await mkdtemp(path.join(os.tmpdir(), "shop-signed-in-"));
  try {
    log(`\n== Signed-in crowd, ${database}: seeding the demo catalogue and starting the production server…`);
    const base = await shop.start();
    if (kind === "postgres") database = `${database}, database ${shop.database()}`;
    const { pages, productIds } = await pagesOf(base, PAGE_KEYS);
    const productPath = pages.find((p) => p.key === "product")?.path as string;
    const productId = productIds[0] as string;
    const t0 = performance.now();
    const customers = await makeCustomers(base, s.customers, productIds, `signed-in-${randomBytes(3).toString("hex")}`);
    log(
      `   ${customers.length} customers signed up, each with a cart, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const visits = customers.map((c) => visit(productPath, productId, c));
    const { recorded, problems } = await record(base, visits[0] ?? []);
    const file = path.join(tmp, "signed-in.json");
    await writeFile(file, JSON.stringify(recorded));

    // The warm-up's last requests, given up when its process ends, are still being answered:
    // the run starts once they are, not behind them.
    if (s.warmup > 0) await settle(await load(base, visits, s, s.warmup));
    const app = await load(base, visits, s, s.seconds);
    log(
      `   app: ${Math.round(app.rps)} req/s, p50 ${app.p50.toFixed(1)} ms, p99 ${app.p99.toFixed(1)} ms, ${app.errors} errors, ${app.non2xx} non-2xx`,
    );
    await settle(app);
    const bareServer = await startBare(file);
    let bare: LoadResult;
    try {
      const bareBase = `http://127.0.0.1:${bareServer.port}`;
      if (s.warmup > 0) await settle(await load(bareBase, visits, s, s.warmup));
      bare = await load(bareBase, visits, s, s.seconds);
    } finally {
      await bareServer.stop();
    }
    log(`   bare: ${Math.round(bare.rps)} req/s, p50 ${bare.p50.toFixed(1)} ms, p99 ${bare.p99.toFixed(1)} ms`);
    if (app.non2xx) problems.push(`app: ${app.non2xx} non-2xx answers`);
    const meets = problems.length === 0 && app.errors === 0 && app.timeouts === 0 && app.p99 < SIGNED_IN_P99_MS;
    return { kind, database, loadAverage: started, settings: s, app, bare, meets, problems };
  } finally {
    await shop.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

/** The run as Markdown: the crowd against the app and the bare server, then each request's figures. */
export function signedInMarkdown(run: SignedInRun): string {
  const { app, bare, settings: s } = run;
  const verdict = run.meets
    ? `✅ yes (0 errors, p99 < ${SIGNED_IN_P99_MS} ms)`
    : `❌ no: ${[...run.problems, app.errors ? `${app.errors} errors` : "", app.p99 >= SIGNED_IN_P99_MS ? `p99 ≥ ${SIGNED_IN_P99_MS} ms` : ""].filter(Boolean).join("; ")}`;
  const servers = table(
    ["Server", "req/s", "p50 ms", "p99 ms", "Errors", "Time-outs", "Non-2xx", "Target met"],
    "lrrrrrrl",
    [
      [
        "App",
        int(app.rps),
        f2(app.p50),
        `**${f2(app.p99)}**`,
        app.errors - app.timeouts,
        app.timeouts,
        app.non2xx,
        verdict,
      ],
      [
        "Bare node:http",
        int(bare.rps),
        f2(bare.p50),
        f2(bare.p99),
        bare.errors - bare.timeouts,
        bare.timeouts,
        bare.non2xx,
        "",
      ],
    ],
  );
  const requests = table(
    ["Request", "Answers (2xx)", "p50 ms", "p99 ms", "Slowest ms", "Non-2xx"],
    "lrrrrr",
    (Object.entries(app.byTag ?? {}) as [string, TagResult][]).map(([tag, t]) => [
      tag,
      int(t.requests),
      f2(t.p50),
      f2(t.p99),
      int(t.max),
      t.non2xx,
    ]),
  );
  return `## Signed-in crowd — ${run.database}

${s.connections} connections, ${s.customers} signed-in customers (${s.connections / s.customers} connections each), ${s.warmup} s warm-up then ${s.seconds} s; each connection in a loop: home, a product page, get-product, category-product, product-details, search, search with a typo, its customer's view-card-product, countAddToCartProduct, update-cart-product. Load average at the start: ${run.loadAverage}.

${servers}

Per request (app):

${requests}
`;
}
