/**
 * The shop as the browser tests see it: a fresh data folder (and, with DATABASE_URL, a fresh
 * PostgreSQL database), the demo catalogue, then the production server with its storefront
 * build. Started by playwright.config.ts; everything is removed when it stops.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { npmStart } from "../bench/shop-server.ts";

const port = process.env.E2E_PORT ?? "3199";
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
const env: Record<string, string | undefined> = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  ADMIN_PASSWORD: "e2e-motdepasse",
  // The server runs as in production, where a second factor is required of the staff by default
  // (decision 040); the journeys sign admins in with a password, and the second factor's own
  // journeys turn the requirement on through the back-office.
  STAFF_SECOND_FACTOR: "optional",
  // A confirmed catalogue import is a job of the queue: taken within a second, as a journey waits.
  JOBS_POLL_INTERVAL_MS: "1000",
  // As behind the production proxy: the visitor's address comes from X-Forwarded-For, so tests
  // can act as several visitors.
  TRUST_PROXY: "true",
  // The shop's address, which e-mailed password links carry (required with SMTP_URL).
  PUBLIC_URL: `http://127.0.0.1:${port}`,
};

let drop = async () => {};
if (process.env.DATABASE_URL) {
  const name = `shop_e2e_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  drop = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const node = process.execPath;
const seeded = spawnSync(node, ["apps/server/src/db/seed-cli.ts"], { env, stdio: "inherit" });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

// The server's log (stdout, JSON lines) and errors (stderr) go to this terminal and, when the
// tests ask (E2E_SERVER_LOG), to a file they read: what the shop logged is part of some
// journeys' proof (CSP violation reports, nothing logged as an error). Started as `npm start`
// starts it (the built server; node's flags and malloc's settings, which bound its memory).
const start = npmStart();
const server = spawn(node, [...start.flags, start.script], {
  env: { ...env, ...start.env },
  stdio: ["ignore", "pipe", "pipe"],
});
const logFile = process.env.E2E_SERVER_LOG ? createWriteStream(process.env.E2E_SERVER_LOG) : undefined;
for (const [from, to] of [
  [server.stdout, process.stdout],
  [server.stderr, process.stderr],
] as const) {
  from.on("data", (chunk: Buffer) => {
    to.write(chunk);
    logFile?.write(chunk);
  });
}
const stop = async () => {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
server.once("exit", (code) => {
  if (code) process.exit(code);
});
