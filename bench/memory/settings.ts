/** `npm run bench:memory`'s options (bench/README.md, "Memory benchmark"). */
import { OptionCheck, parseOptions } from "../lib/cli.ts";
import { DB_KINDS, type DbKind, DEFAULT_POSTGRES, postgresUrl, reachable, redact } from "../lib/databases.ts";
import { npmStartFlags } from "../shop-server.ts";

export const HELP = `Usage: npm run bench:memory -- [options]
  --db <list>             pglite, postgres or pglite,postgres (default: pglite, plus postgres
                          when DATABASE_URL or ${DEFAULT_POSTGRES} answers)
  --duration <s>          measured seconds of the mix (default 60)
  --warmup <s>            mix before the measured seconds, counted in the peak (default 2)
  --cooldown <s>          seconds VmRSS is watched idle after the mix (default 60)
  --settle <s>            seconds after start before the idle figure (default 5)
  --connections <n>       the mix's connections (default 200): half pages, a quarter catalogue
                          API, a quarter signed-in carts (one customer each)
  --soak <minutes>        then a steady mix for that long, RSS each minute (default 0: none)
  --soak-connections <n>  connections of the soak (default 50)
  --soak-rate <req/s>     at most this many requests per second in the soak (default: no limit)
  --node-options <flags>  NODE_OPTIONS of the app process, e.g. "--max-old-space-size=96"
  --node-args=<flags>     flags on the app's command line (node <flags> dist/server.js), for the V8
                          flags NODE_OPTIONS refuses, e.g. "--liftoff-only"; every variant;
                          default: those of \`npm start\`; --node-args= for none
  --env KEY=VALUE         added to the app process's environment (repeatable)
  --variant <name:K=V,…>  measure the app once per variant, restarted on the same data with
                          these variables added (repeatable; "name:" alone = no change), e.g.
                          --variant now: --variant heap96:NODE_OPTIONS=--max-old-space-size=96
  --no-bare               skip the bare node:http baseline
  --probe                 also load bench/memory/probe.ts into the app (NODE_OPTIONS --import):
                          process.memoryUsage() each second (JS heap, external, ArrayBuffers)`;

export interface Variant {
  name: string;
  env: Record<string, string>;
}

export interface Settings {
  kinds: DbKind[];
  postgresUrl: string;
  duration: number;
  warmup: number;
  cooldown: number;
  settle: number;
  connections: number;
  soakMinutes: number;
  soakConnections: number;
  soakRate: number | undefined;
  nodeOptions: string | undefined;
  /** Flags on the app's command line, before the server's script. */
  nodeArgs: string[];
  env: Record<string, string>;
  variants: Variant[];
  bare: boolean;
  probe: boolean;
}

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function keyValue(raw: string, check: OptionCheck, where: string): [string, string] | undefined {
  const i = raw.indexOf("=");
  const key = raw.slice(0, i);
  if (i < 1 || !ENV_KEY.test(key)) {
    check.fail(`${where}: "${raw}" is not KEY=VALUE`);
    return undefined;
  }
  return [key, raw.slice(i + 1)];
}

/** The settings, or the exit code when there is nothing to run (--help, a wrong option). */
export async function settings(argv: string[]): Promise<Settings | number> {
  const values = parseOptions(
    argv,
    {
      db: { type: "string" },
      duration: { type: "string", default: "60" },
      warmup: { type: "string", default: "2" },
      cooldown: { type: "string", default: "60" },
      settle: { type: "string", default: "5" },
      connections: { type: "string", default: "200" },
      soak: { type: "string", default: "0" },
      "soak-connections": { type: "string", default: "50" },
      "soak-rate": { type: "string" },
      "node-options": { type: "string" },
      "node-args": { type: "string" },
      env: { type: "string", multiple: true, default: [] },
      variant: { type: "string", multiple: true, default: [] },
      "no-bare": { type: "boolean", default: false },
      probe: { type: "boolean", default: false },
    },
    HELP,
  );
  if (typeof values === "number") return values;
  const check = new OptionCheck(HELP);
  const url = postgresUrl();
  let db = values.db;
  if (!db) {
    db = "pglite";
    if (await reachable(url)) db += ",postgres";
    else console.log(`PostgreSQL does not answer at ${redact(url)}: PGlite only.`);
  }
  const kinds = check.list("db", db, DB_KINDS, "database");
  const env: Record<string, string> = {};
  for (const raw of values.env) {
    const kv = keyValue(raw, check, "--env");
    if (kv) env[kv[0]] = kv[1];
  }
  const variants: Variant[] = [];
  for (const raw of values.variant) {
    const colon = raw.indexOf(":");
    const name = colon < 0 ? raw : raw.slice(0, colon);
    if (!name) check.fail(`--variant "${raw}": a name first, then ":"`);
    const rest = colon < 0 ? "" : raw.slice(colon + 1);
    const variantEnv: Record<string, string> = {};
    // Split on the commas that start a new KEY=: a value may hold commas of its own.
    for (const part of rest ? rest.split(/,(?=[A-Za-z_][A-Za-z0-9_]*=)/) : []) {
      const kv = keyValue(part, check, `--variant ${name}`);
      if (kv) variantEnv[kv[0]] = kv[1];
    }
    variants.push({ name, env: variantEnv });
  }
  if (new Set(variants.map((v) => v.name)).size !== variants.length) check.fail("--variant: two variants of one name");
  const result: Settings = {
    kinds,
    postgresUrl: url,
    duration: check.number("duration", values.duration, 1, 3600),
    warmup: check.number("warmup", values.warmup, 0, 60),
    cooldown: check.number("cooldown", values.cooldown, 0, 3600),
    settle: check.number("settle", values.settle, 0, 600),
    connections: check.count("connections", values.connections, 4, 1000),
    soakMinutes: check.count("soak", values.soak, 0, 24 * 60),
    soakConnections: check.count("soak-connections", values["soak-connections"], 4, 1000),
    soakRate: values["soak-rate"] === undefined ? undefined : check.number("soak-rate", values["soak-rate"], 1, 1e6),
    nodeOptions: values["node-options"],
    // Absent: those of `npm start`; `--node-args=` (empty): none.
    nodeArgs: values["node-args"] === undefined ? npmStartFlags() : values["node-args"].split(/\s+/).filter(Boolean),
    env,
    variants: variants.length ? variants : [{ name: "", env: {} }],
    bare: !values["no-bare"],
    probe: values.probe,
  };
  return check.exitCode() ?? result;
}
