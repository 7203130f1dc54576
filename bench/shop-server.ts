/**
 * The shop as a customer gets it, for page benchmarks: a fresh temporary DATA_DIR, the demo
 * catalogue (seed-cli.ts, with its pictures), then the production server (server.ts with the
 * storefront build, NODE_ENV=production) on 127.0.0.1 and a free port. Same steps as
 * e2e/serve.ts, but always on the embedded database, and stoppable from the calling process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type ShopServer = {
  /** Seeds the catalogue and starts the server; resolves with its base URL once it answers. */
  start: () => Promise<string>;
  /** Ends the seeding or the server (SIGTERM, then SIGKILL after 15 s) and removes the folder. */
  stop: () => Promise<void>;
};

const root = path.resolve(import.meta.dirname, "..");

async function freePort(): Promise<number> {
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

/** A fresh temporary data folder now; nothing runs until `start()`. Call `stop()` in any case. */
export function shopServer(log: (line: string) => void = () => {}): ShopServer {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-pages-bench-"));
  let child: ChildProcess | undefined;
  let stopped = false;

  const start = async () => {
    const port = await freePort();
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: "bench-motdepasse",
    };
    // Always a fresh embedded database: never seed into a PostgreSQL the shell points at.
    delete env.DATABASE_URL;
    log(`Seeding the demo catalogue in ${dataDir} (about a minute: its pictures are drawn)…`);
    child = spawn(process.execPath, ["apps/server/src/db/seed-cli.ts"], { cwd: root, env, stdio: "inherit" });
    const seeded = await exited(child);
    if (stopped) throw new Error("stopped");
    if (seeded !== 0) throw new Error(`seeding failed (exit code ${seeded})`);
    child = spawn(process.execPath, ["apps/server/src/server.ts"], { cwd: root, env, stdio: "inherit" });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child, 60_000);
    log(`Server ready on ${url}`);
    return url;
  };

  const stop = async () => {
    stopped = true;
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null) {
      running.kill("SIGTERM");
      const killer = setTimeout(() => running.kill("SIGKILL"), 15_000);
      await exited(running);
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  return { start, stop };
}
