/**
 * The shop as a customer gets it, for page and crowd benchmarks: a fresh temporary DATA_DIR,
 * the demo catalogue (seed-cli.ts, with its pictures), then the production server as `npm start`
 * runs it (the built dist/server.js with its node flags, the storefront build,
 * NODE_ENV=production) on 127.0.0.1 and a free port. Same steps as
 * e2e/serve.ts, stoppable from the calling process. On the embedded database by default
 * (`DATABASE_URL` is ignored on purpose); with `postgresUrl`, on a new PostgreSQL database
 * `shop_bench_<random>` next to that URL's, dropped `WITH (FORCE)` on stop.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchDatabase } from "./lib/databases.ts";
import { ROOT, STOREFRONT_BUILD } from "./lib/paths.ts";

export type ShopServerOptions = {
  /** Run on a fresh PostgreSQL database made next to this URL's (not on PGlite). */
  postgresUrl?: string;
  /** Added to the server's environment (not the seeding's), e.g. `PAGE_CACHE: "off"`. */
  env?: Record<string, string>;
  /**
   * Node or V8 flags before the server's script (those NODE_OPTIONS refuses, e.g.
   * `--liftoff-only`); by default those of `npm start`, so that a bench measures what it runs.
   */
  execArgv?: string[];
  /**
   * A cgroup (v1 memory controller folder, or v2 folder) the server runs in from its first
   * instruction: spawned through `sh`, which joins the group and then becomes node (same pid).
   */
  cgroup?: string;
};

/**
 * `npm start`'s command (root package.json): the variables it sets before `node` (glibc's
 * malloc settings, decision 030), node's flags, and the server script it runs.
 */
export function npmStart(): { env: Record<string, string>; flags: string[]; script: string } {
  const start: string = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start;
  const words = start.split(/\s+/);
  const node = words.indexOf("node");
  const at = words.findIndex((w) => /\.[jt]s$/.test(w));
  const env = Object.fromEntries(words.slice(0, node).map((w) => w.split("=", 2) as [string, string]));
  return { env, flags: words.slice(node + 1, at), script: words[at] as string };
}

/** The flags `npm start` gives node before the server's script. */
export const npmStartFlags = (): string[] => npmStart().flags;

export type ShopServer = {
  /** Seeds the catalogue and starts the server; resolves with its base URL once it answers. */
  start: () => Promise<string>;
  /**
   * Stops the server and starts it again on the same data (no new seeding) with `env` added
   * to the options' (a key set to undefined is removed); resolves with its new base URL.
   */
  restart: (env?: Record<string, string | undefined>) => Promise<string>;
  /**
   * Ends the seeding or the server (SIGTERM, then SIGKILL after 15 s), drops the PostgreSQL
   * database and removes the folder.
   */
  stop: () => Promise<void>;
  /** The database, once started: "PGlite in /tmp/…" or the PostgreSQL database's name. */
  database: () => string;
  /** The PostgreSQL database's URL, once started (undefined on PGlite). */
  databaseUrl: () => string | undefined;
  /**
   * The process id of the running server: the node process of the server's script itself
   * (spawned with `process.execPath`, no npm in between; a `cgroup`'s `sh` becomes node), e.g.
   * to read its /proc/<pid>/status.
   */
  pid: () => number | undefined;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}

/** Whether the storefront's production build is there to measure; if not, says to run `npm run build`. */
export function storefrontBuilt(): boolean {
  if (existsSync(STOREFRONT_BUILD)) return true;
  console.error("No storefront build: run `npm run build` first (the benchmark measures the production build).");
  return false;
}

/** The shops started and not yet stopped, for a bench's Ctrl-C. */
const running = new Set<ShopServer>();

/** Stops every shop still running (its server, its PostgreSQL database, its folder). */
export const stopAllShops = () => Promise.allSettled([...running].map((shop) => shop.stop()));

/** A fresh temporary data folder now; nothing runs until `start()`. Call `stop()` in any case. */
export function shopServer(log: (line: string) => void = () => {}, options: ShopServerOptions = {}): ShopServer {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-pages-bench-"));
  let child: ChildProcess | undefined;
  let stopped = false;
  let databaseUrl: string | undefined;
  let databaseName = `PGlite in ${dataDir}`;
  let dropDatabase = async () => {};

  const baseEnv = (): Record<string, string | undefined> => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      // The benches' admin signs in with a password alone (decision 040).
      STAFF_SECOND_FACTOR: "optional",
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: "bench-motdepasse",
    };
    // A fresh embedded database, or the fresh PostgreSQL one: never seed into a database the
    // shell points at.
    delete env.DATABASE_URL;
    // Nor send e-mail through the browser tests' SMTP server: the default set-up has none.
    delete env.SMTP_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    return env;
  };

  const stopServer = async () => {
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null) {
      running.kill("SIGTERM");
      const killer = setTimeout(() => running.kill("SIGKILL"), 15_000);
      await exited(running);
      clearTimeout(killer);
    }
  };

  const startServer = async (extra: Record<string, string | undefined>) => {
    const port = await freePort();
    const env: Record<string, string | undefined> = {
      ...baseEnv(),
      ...npmStart().env,
      ...options.env,
      ...extra,
      PORT: String(port),
    };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
    const { script } = npmStart();
    if (!existsSync(path.join(ROOT, script))) throw new Error(`No ${script}: run \`npm run build\` first.`);
    const command = [process.execPath, ...(options.execArgv ?? npmStartFlags()), script];
    const [file, ...args] = options.cgroup
      ? ["/bin/sh", "-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', options.cgroup, ...command]
      : command;
    child = spawn(file as string, args, { cwd: ROOT, env, stdio: "inherit" });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child, 60_000);
    log(`Server ready on ${url}`);
    return url;
  };

  const start = async () => {
    if (options.postgresUrl) {
      const database = await benchDatabase(options.postgresUrl);
      dropDatabase = database.drop;
      databaseUrl = database.url;
      databaseName = database.name;
    }
    log(`Seeding the demo catalogue into ${databaseName} (about a minute: its pictures are drawn)…`);
    child = spawn(process.execPath, ["apps/server/src/db/seed-cli.ts"], {
      cwd: ROOT,
      env: baseEnv(),
      stdio: "inherit",
    });
    const seeded = await exited(child);
    if (stopped) throw new Error("stopped");
    if (seeded !== 0) throw new Error(`seeding failed (exit code ${seeded})`);
    return startServer({});
  };

  const restart = async (env: Record<string, string | undefined> = {}) => {
    await stopServer();
    if (stopped) throw new Error("stopped");
    return startServer(env);
  };

  const stop = async () => {
    stopped = true;
    await stopServer();
    await dropDatabase().catch((e: unknown) => log(`could not drop the bench database: ${String(e)}`));
    rmSync(dataDir, { recursive: true, force: true });
    running.delete(shop);
  };

  const shop: ShopServer = {
    start,
    restart,
    stop,
    database: () => databaseName,
    databaseUrl: () => databaseUrl,
    pid: () => child?.pid,
  };
  running.add(shop);
  return shop;
}
