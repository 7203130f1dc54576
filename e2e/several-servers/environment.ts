/**
 * The shop as several app servers behind a load balancer, with real parts, started
 * and stopped by the test itself (decision 031):
 * - one PostgreSQL database, new for the run, next to DATABASE_URL's (dropped at the end);
 * - one Redis of its own (`redis-server` on a free port, nothing kept on disk), so that the
 *   test can stop and start it;
 * - one S3-compatible server (apps/server/src/test/s3-server.ts, s3rver) in its own process;
 * - two app servers as `npm start` runs them (the built dist/server.js with its flags), each
 *   with its own empty DATA_DIR and no TOKEN_SECRET: whatever they share, they share through
 *   the engines above;
 * - HAProxy (Debian's package) in front, round robin, health checks on /api/health, naming the
 *   server that answered in `x-served-by`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startHaproxy } from "../../bench/haproxy.ts";
import { adminQuery } from "../../bench/lib/databases.ts";
import { freePort, npmStart } from "../../bench/shop-server.ts";

const root = path.resolve(import.meta.dirname, "../..");

export const ADMIN = { email: "admin@boutique.local", password: "several-servers-motdepasse" };

export interface AppServer {
  name: string;
  url: string;
  pid(): number | undefined;
  /** Starts it (again) on its DATA_DIR; resolves once it answers /api/health. */
  start(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface Environment {
  /** The load balancer's address: what customers reach. */
  url: string;
  servers: [AppServer, AppServer];
  redis: { start(): Promise<void>; stop(): Promise<void> };
  /** Queries the shop's database directly. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function waitFor(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not ready within ${ms / 1000} s`);
}

const answers = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;

export async function startEnvironment(postgresUrl: string, log: (line: string) => void): Promise<Environment> {
  const work = mkdtempSync(path.join(tmpdir(), "shop-several-"));
  const children = new Set<ChildProcess>();
  const run = (name: string, file: string, args: string[], env: Record<string, string | undefined> = process.env) => {
    const child = spawn(file, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding("utf8");
      stream?.on("data", (text: string) => {
        for (const line of text.split("\n")) if (line.trim()) log(`[${name}] ${line}`);
      });
    }
    children.add(child);
    child.once("exit", () => children.delete(child));
    return child;
  };

  // The database.
  const dbName = `shop_several_${randomBytes(5).toString("hex")}`;
  const admin = (text: string) => adminQuery(postgresUrl, text);
  await admin(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgresUrl);
  dbUrl.pathname = `/${dbName}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });

  // Redis, stoppable.
  const redisPort = await freePort();
  let redis: ChildProcess | undefined;
  const redisControl = {
    async start() {
      redis = run("redis", "redis-server", [
        "--port",
        String(redisPort),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
      ]);
      await waitFor(
        "Redis",
        async () => {
          const { Redis } = await import("ioredis");
          const client = new Redis(redisPort, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 0 });
          client.on("error", () => {}); // not up yet: asked again
          try {
            await client.connect();
            return (await client.ping()) === "PONG";
          } finally {
            client.disconnect();
          }
        },
        10_000,
      );
    },
    async stop() {
      if (!redis) return;
      redis.kill("SIGKILL");
      await exited(redis);
      redis = undefined;
    },
  };
  await redisControl.start();

  // The bucket.
  const s3Port = await freePort();
  run("s3", process.execPath, [
    "apps/server/src/test/s3-server.ts",
    String(s3Port),
    path.join(work, "s3"),
    "shop-files",
  ]);
  await waitFor("S3", async () => (await fetch(`http://127.0.0.1:${s3Port}/`)).status < 500, 15_000);

  // The app servers.
  const start = npmStart();
  const shared = {
    ...process.env,
    ...start.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: "shop-files",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    TRUST_PROXY: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TOKEN_SECRET: undefined,
    SMTP_URL: undefined,
    WEB_CONCURRENCY: undefined,
    PAYMENT_RECONCILE_INTERVAL_MS: "0",
    // Its admin signs in with a password alone, as in the browser journeys (e2e/serve.ts):
    // production would ask them for a second factor first (decision 040).
    STAFF_SECOND_FACTOR: "optional",
  };
  const appServer = async (name: string): Promise<AppServer> => {
    const port = await freePort();
    const dataDir = path.join(work, name);
    const url = `http://127.0.0.1:${port}`;
    let child: ChildProcess | undefined;
    return {
      name,
      url,
      pid: () => child?.pid,
      async start() {
        child = run(name, process.execPath, [...start.flags, start.script], {
          ...shared,
          PORT: String(port),
          DATA_DIR: dataDir,
        });
        const running = child;
        await waitFor(
          name,
          async () => {
            if (running.exitCode !== null) throw new Error(`${name} exited with code ${running.exitCode}`);
            return answers(`${url}/api/health`)();
          },
          60_000,
        );
      },
      async kill(signal) {
        if (!child) return;
        child.kill(signal);
        await exited(child);
        child = undefined;
      },
    };
  };
  const servers: [AppServer, AppServer] = [await appServer("app1"), await appServer("app2")];
  // One after the other: the first makes the schema, the first admin and the shared secret.
  for (const server of servers) await server.start();

  // The load balancer.
  const lbPort = await freePort();
  const haproxy = startHaproxy({
    port: lbPort,
    configFile: path.join(work, "haproxy.cfg"),
    servers: servers.map((s) => ({ name: s.name, host: new URL(s.url).host })),
    checkEvery: "300ms",
    stdio: "pipe",
  });
  children.add(haproxy);
  for (const stream of [haproxy.stdout, haproxy.stderr]) stream?.on("data", (t: Buffer) => log(`[haproxy] ${t}`));
  const url = `http://127.0.0.1:${lbPort}`;
  await waitFor("HAProxy", answers(`${url}/api/health`), 15_000);

  return {
    url,
    servers,
    redis: redisControl,
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      return (await pool.query<T>(text, values)).rows;
    },
    async stop() {
      haproxy.kill("SIGTERM");
      for (const server of servers) await server.kill("SIGTERM");
      await redisControl.stop();
      for (const child of children) child.kill("SIGTERM");
      await Promise.all([...children].map(exited));
      await pool.end();
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      rmSync(work, { recursive: true, force: true });
    },
  };
}
