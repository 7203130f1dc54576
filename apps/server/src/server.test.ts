/**
 * The server as `npm start` runs it, in its own process: start-up, structured logs, graceful
 * shutdown on SIGTERM, and a refusal to start on a wrong setting. Always on PGlite: the
 * process owns its database the way a fresh install does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

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

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200 && child.exitCode === null; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not become healthy");
}

describe("the server process", () => {
  it("starts, logs JSON lines, and on SIGTERM finishes what it serves and exits cleanly", async () => {
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const { child, output, exited } = await start({ PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info" });
    await waitForHealth(port, child);
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
