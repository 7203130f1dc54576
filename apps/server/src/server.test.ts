/**
 * The server as `npm start` runs it, in its own process: start-up, structured logs, graceful
 * shutdown on SIGTERM, and a refusal to start on a wrong setting. On PGlite (the process owns
 * its database the way a fresh install does), except the cluster of WEB_CONCURRENCY, which
 * needs PostgreSQL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase } from "./test/harness.ts";

const serverFile = path.join(import.meta.dirname, "server.ts");
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function start(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-server-"));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [serverFile], {
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ADMIN_PASSWORD: "motdepasse-solide", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk) => {
    output.stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output, exited };
}

/**
 * A port nobody listens on now: the system's choice for a moment's listener. A random one could
 * be taken by another test's connection (the random range overlaps the ephemeral ports), and
 * the server would stop at start with EADDRINUSE.
 */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForHealth(port: number, child: ChildProcess, output?: { stderr: string }): Promise<void> {
  for (let i = 0; i < 200 && child.exitCode === null; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `the server did not become healthy (exit code ${child.exitCode}): ${output?.stderr.slice(-2000) ?? ""}`,
  );
}

describe("the server process", () => {
  it("starts, logs JSON lines, and on SIGTERM finishes what it serves and exits cleanly", async () => {
    const port = await freePort();
    const { child, output, exited } = await start({ PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info" });
    await waitForHealth(port, child, output);
    const answer = await fetch(`http://127.0.0.1:${port}/api/get-categoryProduct`);
    expect(answer.status).toBe(200);

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const logs = output.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string; url?: string; status?: number });
    expect(logs.some((l) => l.msg.startsWith("Server listening"))).toBe(true);
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: "request", url: "/api/get-categoryProduct", status: 200 }),
    );
    expect(logs.some((l) => l.msg === "shutting down")).toBe(true);
    // The first start creates the super admin and says so, once.
    expect(output.stdout).toContain("First super admin created");
  }, 60_000);

  it.each([
    ["PORT", "abc"],
    ["SHOP_PHONE", "+33 6 12 34 56 78"],
  ])(
    "refuses to start with a wrong %s and names it",
    async (name, value) => {
      const { output, exited } = await start({ [name]: value });
      expect(await exited).toBe(1);
      expect(output.stderr).toContain(`${name}:`);
    },
    30_000,
  );
});

/** The pids of a process's children (Linux). */
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(/\s+/).filter(Boolean).map(Number);

/** GET /api/health on a connection of its own (no keep-alive pool), within 5 s. */
const healthOnNewConnection = (port: number) =>
  new Promise<number | undefined>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/api/health", agent: false, timeout: 5000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on("timeout", () => req.destroy(new Error("no answer within 5 s")));
    req.on("error", reject);
  });

/** The server asked for two processes, on a random port. */
async function startTwo(env: Record<string, string> = {}) {
  const port = await freePort();
  const started = await start({
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "2",
    ...env,
  });
  return { port, ...started };
}

describe("WEB_CONCURRENCY (decision 031)", () => {
  it("stays one process on PGlite, and says so", async () => {
    const { port, child, output, exited } = await startTwo();
    await waitForHealth(port, child, output);
    expect(output.stderr).toContain("WEB_CONCURRENCY=2 ignored: the embedded database (PGlite) lives in one process");
    expect(childrenOf(child.pid as number)).toEqual([]);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 60_000);

  it.runIf(process.env.DATABASE_URL)(
    "on PostgreSQL, starts N app processes on one port, replaces one that dies, and stops them all on SIGTERM",
    async () => {
      const db = await freshDatabase();
      await db.database.close();
      let running: ChildProcess | undefined;
      try {
        const { port, child, output, exited } = await startTwo({ DATABASE_URL: db.url as string });
        running = child;
        await waitForHealth(port, child, output);
        const primary = child.pid as number;
        await expect.poll(() => childrenOf(primary).length, { timeout: 20_000 }).toBe(2);
        const [first, second] = childrenOf(primary);
        // Both serving before one is killed: while a process is still starting, the one that
        // serves is the socket's only holder, and node's cluster closes a socket nobody holds.
        for (const pid of [first, second])
          await expect.poll(() => output.stdout, { timeout: 20_000 }).toContain(`App process ${pid} serving`);
        // The two start at once on an empty database: one super admin, no error.
        expect(output.stderr).not.toMatch(/error|ended/i);

        // New connections right after the kill: none waits for the dead process. One it had
        // accepted in the instant before dying is reset (the client knows at once, and may try
        // again); the others are answered by the living one.
        process.kill(first as number, "SIGKILL");
        const outcomes: (number | string | undefined)[] = [];
        for (let i = 0; i < 20; i++) {
          const started = performance.now();
          outcomes.push(await healthOnNewConnection(port).catch((e: NodeJS.ErrnoException) => e.code ?? e.message));
          expect(performance.now() - started).toBeLessThan(2000);
        }
        expect(
          outcomes.filter((o) => o === 200).length,
          `${outcomes.join(", ")}\n${output.stderr}`,
        ).toBeGreaterThanOrEqual(18);
        expect(outcomes.every((o) => o === 200 || o === "ECONNRESET")).toBe(true);
        // Replaced: two processes again, the killed one gone (reaped), the other untouched.
        await expect
          .poll(
            () => {
              const now = childrenOf(primary);
              return now.length === 2 && !now.includes(first as number);
            },
            { timeout: 20_000 },
          )
          .toBe(true);
        expect(childrenOf(primary)).toContain(second);
        const [replacement] = childrenOf(primary).filter((pid) => pid !== second);
        await expect.poll(() => output.stdout, { timeout: 20_000 }).toContain(`App process ${replacement} serving`);
        expect(output.stderr).toContain(`App process ${first} ended (SIGKILL): starting another`);

        // As systemd stops a service: SIGTERM to every process at once. Each app process stops
        // gracefully once (the primary's message is no second signal), and the primary ends with 0.
        const workers = childrenOf(primary);
        for (const pid of [primary, ...workers]) process.kill(pid, "SIGTERM");
        expect(await exited).toBe(0);
        for (const pid of workers) expect(existsSync(`/proc/${pid}`)).toBe(false);
        expect(output.stderr).not.toContain("while stopping");
        expect(output.stderr).not.toContain("second SIGTERM");
      } finally {
        // A failed run leaves no process behind.
        if (running?.pid && running.exitCode === null) {
          for (const pid of childrenOf(running.pid)) process.kill(pid, "SIGKILL");
          running.kill("SIGKILL");
        }
        await db.drop();
      }
    },
    90_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    "stops every app process when only the primary gets SIGTERM",
    async () => {
      const db = await freshDatabase();
      await db.database.close();
      const { port, child, output, exited } = await startTwo({ DATABASE_URL: db.url as string });
      try {
        await waitForHealth(port, child, output);
        await expect.poll(() => childrenOf(child.pid as number).length, { timeout: 20_000 }).toBe(2);
        const workers = childrenOf(child.pid as number);
        child.kill("SIGTERM");
        expect(await exited).toBe(0);
        for (const pid of workers) expect(existsSync(`/proc/${pid}`)).toBe(false);
        expect(output.stderr).not.toContain("while stopping");
      } finally {
        if (child.exitCode === null) child.kill("SIGKILL");
        await db.drop();
      }
    },
    60_000,
  );
});
