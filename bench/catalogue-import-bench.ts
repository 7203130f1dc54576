/**
 * The catalogue import at scale (decision 047), `npm run bench:catalogue-import`: the shop as
 * `npm start` runs it (the production build, its memory flags, the demo catalogue; shop-server.ts),
 * on PGlite and on PostgreSQL in turn. For each database:
 *
 * 1. **Baseline**: the storefront's requests a customer makes (the home page, the catalogue
 *    page, a search), one after the other for `--seconds`: their p99.
 * 2. **5,000 rows** (`--rows`): a generated CSV as a supplier's file would be, products of one
 *    to three variants (a 'Couleur' option), stock, compare-at prices, accents; no pictures (an
 *    outside fetch would time the network, not the shop). The preview is timed (upload to
 *    answer; target ≤ 15 s), then 'Confirmer' to the report (target ≤ 60 s), while the same
 *    storefront requests run beside it: their p99 during the import against the baseline
 *    (target ≤ 2×).
 * 3. **10,000 rows** (`--memory-rows`): previewed and applied; the server's peak resident
 *    memory (VmHWM, from /proc) against 384 MB, the embedded set-up's bound (decision 030).
 */
import { performance } from "node:perf_hooks";
import { OptionCheck, parseOptionsOrExit } from "./lib/cli.ts";
import { DB_KINDS, type DbKind, postgresUrl, reachable, redact } from "./lib/databases.ts";
import { f1, int, table } from "./lib/format.ts";
import { machine, machineLine } from "./lib/machine.ts";
import { readStatus } from "./lib/proc.ts";
import { today, writeResults } from "./lib/report.ts";
import { percentile } from "./lib/stats.ts";
import { shopServer, stopAllShops, storefrontBuilt } from "./shop-server.ts";

const TARGETS = { previewS: 15, applyS: 60, slowdown: 2, memoryMb: 384 };
const STOREFRONT = ["/", "/product", "/api/search?q=iphone"];

const HELP = `npm run bench:catalogue-import [-- options]

  --db <pglite|postgres|both>   the databases (default both; postgres at DATABASE_URL or ${redact(postgresUrl())})
  --rows <n>                    rows of the timed file (default 5000)
  --memory-rows <n>             rows of the memory file (default 10000; 0 skips it)
  --seconds <n>                 the storefront baseline's length (default 15)

Needs the production build (npm run build). Results: bench/results/<date>-catalogue-import.md`;

const values = parseOptionsOrExit(
  process.argv.slice(2),
  {
    db: { type: "string", default: "both" },
    rows: { type: "string", default: "5000" },
    "memory-rows": { type: "string", default: "10000" },
    seconds: { type: "string", default: "15" },
  },
  HELP,
);
const check = new OptionCheck(HELP);
const rows = check.count("rows", values.rows, 10, 20_000);
const memoryRows = check.count("memory-rows", values["memory-rows"], 0, 20_000);
const seconds = check.number("seconds", values.seconds, 1, 600);
const kinds: DbKind[] = values.db === "both" ? [...DB_KINDS] : DB_KINDS.filter((k) => k === values.db);
if (kinds.length === 0) check.fail("--db must be pglite, postgres or both");
const code = check.exitCode();
if (code !== undefined) process.exit(code);
if (!storefrontBuilt()) process.exit(1);

/** A supplier's file of about `count` rows: products of 1–3 variants, `tag` making every handle new. */
function csvOf(count: number, tag: string): string {
  const lines = [
    "Handle;Title;Body (HTML);Vendor;Type;Status;Option1 Name;Option1 Value;Variant SKU;Variant Price;Variant Compare At Price;Variant Inventory Qty",
  ];
  const colours = ["Noir", "Bleu nuit", "Rosé"];
  for (let p = 0; lines.length - 1 < count; p++) {
    const variants = (p % 3) + 1;
    const handle = `${tag}-${p}`;
    for (let v = 0; v < variants && lines.length - 1 < count; v++) {
      const price = 20_000 + ((p * 7919) % 400) * 1000;
      const first = v === 0;
      lines.push(
        [
          handle,
          first ? `Téléphone ${tag} n° ${p} édition été` : "",
          first ? "Écran 6,5 pouces ; garantie 6 mois." : "",
          first ? "Tecno" : "",
          first ? "SMARTPHONES" : "",
          first ? "active" : "",
          variants > 1 && first ? "Couleur" : "",
          variants > 1 ? colours[v] : "",
          `${handle}-${v}`,
          String(price - (p % 2 ? 2000 : 0)),
          String(price),
          String((p + v) % 9),
        ].join(";"),
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The storefront's requests one after the other until `stop()`: their durations. */
function storefrontLoad(base: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const res = await fetch(`${base}${STOREFRONT[i % STOREFRONT.length]}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${STOREFRONT[i % STOREFRONT.length]} answered ${res.status}`);
      times.push(performance.now() - started);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}

const p99 = (times: number[]) => percentile(Float64Array.from(times).sort(), 0.99);

async function importFile(base: string, token: string, text: string, name: string) {
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/csv" }), name);
  let started = performance.now();
  const previewed = await fetch(`${base}/api/admin/products/import/preview`, {
    method: "POST",
    headers: auth,
    body: form,
  });
  const preview = (await previewed.json()) as {
    data: { importId: string; counts: Record<string, number> };
    message: string;
  };
  if (!previewed.ok) throw new Error(`preview: ${previewed.status} ${preview.message}`);
  const previewS = (performance.now() - started) / 1000;
  started = performance.now();
  const applied = await fetch(`${base}/api/admin/products/import/${preview.data.importId}/apply`, {
    method: "POST",
    headers: auth,
  });
  if (applied.status !== 202) throw new Error(`apply: ${applied.status} ${await applied.text()}`);
  let state: { state: string; done: number; total: number; report: Record<string, unknown> };
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const res = await fetch(`${base}/api/admin/products/import/${preview.data.importId}`, { headers: auth });
    state = ((await res.json()) as { data: typeof state }).data;
    if (state.state === "done" || state.state === "failed") break;
  }
  return { previewS, applyS: (performance.now() - started) / 1000, counts: preview.data.counts, state };
}

async function measure(kind: DbKind) {
  const shop = shopServer(console.log, kind === "postgres" ? { postgresUrl: postgresUrl() } : {});
  try {
    const base = await shop.start();
    const signIn = await fetch(`${base}/api/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@boutique.local", password: "bench-motdepasse" }),
    });
    const token = ((await signIn.json()) as { data: string }).data;
    console.log(`[${kind}] storefront baseline, ${seconds} s…`);
    const warm = storefrontLoad(base);
    await new Promise((r) => setTimeout(r, 2000));
    await warm.stop();
    const baseline = storefrontLoad(base);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const before = await baseline.stop();

    console.log(`[${kind}] importing ${rows} rows…`);
    const during = storefrontLoad(base);
    const timed = await importFile(base, token, csvOf(rows, "bench"), `bench-${rows}.csv`);
    const beside = await during.stop();
    const pid = shop.pid();
    const afterTimed = pid ? readStatus(pid) : undefined;

    let memory: { rows: number; previewS: number; applyS: number; peakMb: number; state: string } | null = null;
    if (memoryRows > 0) {
      console.log(`[${kind}] importing ${memoryRows} rows for memory…`);
      const big = await importFile(base, token, csvOf(memoryRows, "memoire"), `memoire-${memoryRows}.csv`);
      const status = pid ? readStatus(pid) : undefined;
      memory = {
        rows: memoryRows,
        previewS: big.previewS,
        applyS: big.applyS,
        peakMb: (status?.hwm ?? Number.NaN) / 1024,
        state: big.state.state,
      };
    }
    return {
      kind,
      database: shop.database(),
      baseline: { requests: before.length, p99: p99(before) },
      import: {
        rows,
        products: timed.state.total,
        counts: timed.counts,
        report: timed.state.report,
        state: timed.state.state,
        previewS: timed.previewS,
        applyS: timed.applyS,
        peakMbAfter: (afterTimed?.hwm ?? Number.NaN) / 1024,
      },
      during: { requests: beside.length, p99: p99(beside) },
      memory,
    };
  } finally {
    await shop.stop();
  }
}

process.on("SIGINT", () => void stopAllShops().then(() => process.exit(130)));
const m = machine();
const results = [];
for (const kind of kinds) {
  if (kind === "postgres" && !(await reachable(postgresUrl()))) {
    console.log(`PostgreSQL at ${redact(postgresUrl())} is not reachable: skipped.`);
    continue;
  }
  results.push(await measure(kind));
}

const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const markdown = [
  `# Catalogue import benchmark, ${today()}`,
  "",
  machineLine(m),
  "",
  `Command: \`npm run bench:catalogue-import -- --rows ${rows} --memory-rows ${memoryRows} --seconds ${seconds}\`. The shop as \`npm start\` runs it (production build, its memory flags); storefront requests ${STOREFRONT.map((p) => `\`${p}\``).join(", ")} one after the other.`,
  "",
  table(
    [
      "Database",
      "Rows",
      "Products",
      "Preview s",
      "Apply s",
      "Storefront p99 before ms",
      "p99 during ms",
      "× before",
      "Peak RSS MB",
    ],
    "lrrrrrrrr",
    results.map((r) => [
      r.kind,
      int(r.import.rows),
      int(r.import.products),
      `${f1(r.import.previewS)} (${verdict(r.import.previewS <= TARGETS.previewS)})`,
      `${f1(r.import.applyS)} (${verdict(r.import.applyS <= TARGETS.applyS)})`,
      f1(r.baseline.p99),
      f1(r.during.p99),
      `${f1(r.during.p99 / r.baseline.p99)} (${verdict(r.during.p99 / r.baseline.p99 <= TARGETS.slowdown)})`,
      f1(r.import.peakMbAfter),
    ]),
  ),
  "",
  table(
    ["Database", "Memory rows", "Preview s", "Apply s", "State", "Peak RSS MB"],
    "lrrrlr",
    results.flatMap((r) =>
      r.memory
        ? [
            [
              r.kind,
              int(r.memory.rows),
              f1(r.memory.previewS),
              f1(r.memory.applyS),
              r.memory.state,
              `${f1(r.memory.peakMb)} (${verdict(r.memory.peakMb <= TARGETS.memoryMb)})`,
            ],
          ]
        : [],
    ),
  ),
  "",
  `Targets: preview ≤ ${TARGETS.previewS} s and apply ≤ ${TARGETS.applyS} s for ${int(rows)} rows; storefront p99 during the import ≤ ${TARGETS.slowdown}× its baseline; peak RSS ≤ ${TARGETS.memoryMb} MB with ${int(memoryRows)} rows.`,
  "",
].join("\n");
const written = await writeResults(`${today()}-catalogue-import`, markdown, { machine: m, results });
console.log(`\n${markdown}\nWritten: ${written}.md`);
