/**
 * The app server in its own process, as `npm start` runs it, for the tests that kill it with
 * SIGKILL in the middle of a write and start it again: on PostgreSQL when DATABASE_URL is set
 * (a fresh database of its own), on PGlite in a data folder of its own otherwise.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freshDatabase } from "./harness.ts";

const serverFile = path.join(import.meta.dirname, "..", "server.ts");
/** The first super admin's password (ADMIN_PASSWORD); its e-mail is the default, admin@boutique.local. */
export const SERVER_ADMIN = { email: "admin@boutique.local", password: "motdepasse-solide" };

export interface RunningServer {
  child: ChildProcess;
  exited: Promise<unknown>;
  /** What it wrote: shown when a test fails. */
  output(): string;
  /** SIGKILL: no graceful stop, as a power cut or the OOM killer. */
  kill(): Promise<void>;
  /** SIGTERM, at the end of a test. */
  stop(): Promise<void>;
}

export interface ServerPlace {
  /** Its address, the same at every start (a port chosen once). */
  base: string;
  /** Starts it with these settings beside the place's own, and waits until it answers. */
  start(env?: Record<string, string>): Promise<RunningServer>;
  /** Drops its database and its data folder. */
  close(): Promise<void>;
}

/** A port nothing listens on now (the system's choice, not a random one in its ephemeral range). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function serverPlace(): Promise<ServerPlace> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-crash-"));
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void> = async () => {};
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase();
    await fresh.database.close();
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }

  async function start(env: Record<string, string> = {}): Promise<RunningServer> {
    let output = "";
    const child = spawn(process.execPath, [serverFile], {
      env: {
        PATH: process.env.PATH ?? "",
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        ADMIN_PASSWORD: SERVER_ADMIN.password,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const running: RunningServer = {
      child,
      exited,
      output: () => output,
      kill: async () => {
        child.kill("SIGKILL");
        await exited;
      },
      stop: async () => {
        child.kill("SIGTERM");
        await exited;
      },
    };
    for (let i = 0; i < 300 && child.exitCode === null; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return running;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await running.stop();
    throw new Error(`the server did not become healthy:\n${output}`);
  }

  return {
    base,
    start,
    close: async () => {
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
