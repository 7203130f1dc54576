/**
 * The memory bench's runs: the shop on one database (seeded once, restarted for each
 * `--variant`), and the bare node:http server under the same mix.
 */
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Recorded } from "../bare-server.ts";
import {
  type Customer,
  MANY_SIGN_UPS,
  makeCustomers,
  mixGroups,
  PAGE_KEYS,
  PHONE,
  pagesOf,
  raw,
  startBare,
} from "../crowd-mix.ts";
import { type DbKind, databaseVersion } from "../lib/databases.ts";
import { errorMessage } from "../lib/format.ts";
import { commandLine } from "../lib/proc.ts";
import type { LoadRequest } from "../load.ts";
import { npmStart, shopServer } from "../shop-server.ts";
import { type Groups, type Measured, measure, watchStart } from "./measure.ts";
import type { Settings, Variant } from "./settings.ts";

/** The mix's groups on this server (pages and product of its catalogue). */
export interface MixPlan {
  groups: Groups;
  /** Every distinct request of the mix, for the bare server. */
  requests: LoadRequest[];
}

export interface DatabaseRun {
  database: string;
  seedSeconds: number;
  rows: Measured[];
  plan: MixPlan | undefined;
  failures: string[];
}

/** The shop seeded on `kind`, measured once per variant; `tmp` holds the probe's files. */
export async function runDatabase(s: Settings, kind: DbKind, tmp: string): Promise<DatabaseRun> {
  const database = await databaseVersion(kind, s.postgresUrl);
  const log = (line: string) => console.log(`   ${line}`);
  const common: Record<string, string> = { ...MANY_SIGN_UPS, ...s.env };
  const probeFile = (variant: string) => path.join(tmp, `probe-${kind}-${variant || "default"}.jsonl`);
  const envOf = (v: Variant): Record<string, string> => {
    const env = { ...common, ...v.env };
    const nodeOptions = [
      env.NODE_OPTIONS ?? s.nodeOptions,
      s.probe ? `--import=${path.join(import.meta.dirname, "probe.ts")}` : "",
    ]
      .filter(Boolean)
      .join(" ");
    if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
    if (s.probe) env.MEMORY_PROBE_FILE = probeFile(v.name);
    return env;
  };
  const first = s.variants[0] as Variant;
  const shop = shopServer(log, {
    ...(kind === "postgres" ? { postgresUrl: s.postgresUrl } : {}),
    env: envOf(first),
    execArgv: s.nodeArgs,
  });
  const rows: Measured[] = [];
  let plan: MixPlan | undefined;
  const failures: string[] = [];
  let seedSeconds = 0;
  let name = database;
  try {
    console.log(`\n== ${database}: seeding the demo catalogue and starting the production server…`);
    const t0 = performance.now();
    let watch = watchStart(shop);
    let base = await shop.start();
    let startup = watch.stop();
    seedSeconds = (performance.now() - t0) / 1000;
    if (kind === "postgres") name = `${database}, database ${shop.database()}`;
    for (const [i, variant] of s.variants.entries()) {
      try {
        const env = envOf(variant);
        if (i > 0) {
          // This variant's variables, and none of the first one's that it does not set.
          const extra: Record<string, string | undefined> = { ...env };
          for (const key of Object.keys(envOf(first))) if (!(key in env)) extra[key] = undefined;
          watch = watchStart(shop);
          try {
            base = await shop.restart(extra);
          } finally {
            startup = watch.stop();
          }
        }
        const pid = shop.pid();
        if (!pid) throw new Error("no server process");
        const command = commandLine(pid);
        if (!command.includes(npmStart().script))
          throw new Error(`process ${pid} is not the server (${command || "gone"})`);
        const label = `${kind === "pglite" ? "shop on PGlite (embedded)" : "shop on PostgreSQL (app process only)"}${variant.name ? `, ${variant.name}` : ""}`;
        console.log(`\n-- ${label}: ${base}, pid ${pid}`);
        const { pages, productIds } = await pagesOf(base, PAGE_KEYS);
        const productId = productIds[0] as string;
        const groups: Groups = (customers) => mixGroups(s.connections, pages, productId, customers);
        const cartConnections = groups([]).find((g) => g.key === "cart")?.connections ?? 0;
        const requests = distinctRequests(groups([fakeCustomer()]));
        if (i === 0) plan = { groups, requests };
        const shown: Record<string, string> = { ...variant.env };
        if (s.nodeOptions && !("NODE_OPTIONS" in variant.env)) shown.NODE_OPTIONS = s.nodeOptions;
        if (s.nodeArgs.length) shown["node args"] = s.nodeArgs.join(" ");
        const subject = { startup, label, kind, variant: variant.name, env: { ...s.env, ...shown }, pid };
        rows.push(
          await measure(s, subject, {
            base,
            groups,
            // The mix's pages and API reads once each, as crowd-bench does before its mix.
            firstRequests: async () => {
              for (const r of requests.filter((r) => !r.tag.startsWith("cart")))
                await raw(base, r.path, {
                  method: r.method,
                  headers: r.headers ?? PHONE,
                  ...(r.body ? { body: r.body } : {}),
                });
            },
            customers: async () => {
              process.stdout.write(`   signing up ${cartConnections} customers… `);
              const tag = `${kind}-${variant.name || "m"}-${randomBytes(3).toString("hex")}`;
              const c = await makeCustomers(base, cartConnections, productIds, tag);
              console.log("done");
              return c;
            },
            probeFile: s.probe ? probeFile(variant.name) : undefined,
          }),
        );
      } catch (error) {
        // One variant that fails (e.g. a flag NODE_OPTIONS refuses) does not lose the others.
        const message = errorMessage(error);
        failures.push(`${kind}${variant.name ? ` ${variant.name}` : ""}: ${message}`);
        console.error(`\n${kind}${variant.name ? ` ${variant.name}` : ""}: ${message}`);
      }
    }
  } finally {
    await shop.stop();
  }
  return { database: name, seedSeconds, rows, plan, failures };
}

function fakeCustomer(): Customer {
  return { email: "bare@bench.example", token: "bare", lineId: "bare", lines: 1 };
}

function distinctRequests(groups: ReturnType<typeof mixGroups>): LoadRequest[] {
  const seen = new Map<string, LoadRequest>();
  for (const g of groups) {
    const sequences: LoadRequest[][] = g.requests ? [g.requests] : (g.perConnection ?? []);
    for (const sequence of sequences) for (const r of sequence) seen.set(`${r.method} ${r.path}`, r);
  }
  return [...seen.values()];
}

/** A small JSON, the same for every request of the mix. */
export const SMALL_JSON = JSON.stringify({ success: true, error: false, message: "ok", data: [] });

/** The bare server under the first database's mix (its pages and product), answering SMALL_JSON to all. */
export async function measureBare(s: Settings, plan: MixPlan, tmp: string): Promise<Measured> {
  const file = path.join(tmp, "bare.json");
  const recorded: Recorded[] = plan.requests.map((r) => ({
    method: r.method,
    url: r.path,
    status: 200,
    contentType: "application/json; charset=utf-8",
    bodyBase64: Buffer.from(SMALL_JSON).toString("base64"),
  }));
  await writeFile(file, JSON.stringify(recorded));
  const bare = await startBare(file);
  try {
    const { pid } = bare;
    const base = `http://127.0.0.1:${bare.port}`;
    console.log(`\n-- bare node:http answering a small JSON (${SMALL_JSON.length} bytes): ${base}, pid ${pid}`);
    const subject = {
      startup: undefined,
      label: "bare `node:http` answering a small JSON",
      kind: "bare" as const,
      variant: "",
      env: {},
      pid,
    };
    return await measure(s, subject, {
      base,
      groups: plan.groups,
      firstRequests: async () => {},
      customers: async () =>
        Array.from({ length: plan.groups([]).find((g) => g.key === "cart")?.connections ?? 0 }, fakeCustomer),
      probeFile: undefined,
    });
  } finally {
    await bare.stop();
  }
}
