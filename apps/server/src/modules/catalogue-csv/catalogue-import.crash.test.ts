/**
 * Decision 047: the app server applying a catalogue import is killed with SIGKILL in the
 * middle of it. After the restart the queue gives the job again (its lease ran out) and the
 * import goes on at the next product: every product of the file exists once, none is missing,
 * and the report counts each once. The server runs in its own process, as `npm start` runs it,
 * on PostgreSQL when DATABASE_URL is set and on PGlite in its data folder otherwise.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { call, freshDatabase } from "../../test/harness.ts";

const serverFile = path.join(import.meta.dirname, "..", "..", "server.ts");
const PASSWORD = "motdepasse-solide";
const PRODUCTS = 300;

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void> = async () => {};
let port: number;
let base: string;

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

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-import-crash-"));
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase();
    await fresh.database.close();
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
});
afterAll(async () => {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

function startServer(): { child: ChildProcess; exited: Promise<unknown>; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, [serverFile], {
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: PASSWORD,
      JOBS_POLL_INTERVAL_MS: "200",
      JOBS_LEASE_MS: "2000",
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
  return { child, exited, output: () => output };
}

async function healthy(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not become healthy");
}

const csv = () =>
  [
    "Handle;Title;Vendor;Type;Variant SKU;Variant Price;Variant Inventory Qty",
    ...Array.from(
      { length: PRODUCTS },
      (_, i) => `crash-${i};Produit ${i} été;Tecno;ACCESSOIRES;CR-${i};${5000 + i};3`,
    ),
  ].join("\r\n");

type ImportState = { state: string; done: number; total: number; report: Record<string, number> };

it("an import whose server was killed mid-way goes on after the restart: each product written once", async () => {
  let server = startServer();
  try {
    await healthy(server.child);
    const signIn = await call(base, "POST", "/api/signin", {
      payload: { email: "admin@boutique.local", password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().data as string;
    const form = new FormData();
    form.append("file", new Blob([csv()], { type: "text/csv" }), "produits.csv");
    const preview = await fetch(`${base}/api/admin/products/import/preview`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(preview.status).toBe(200);
    const { importId, counts } = ((await preview.json()) as { data: { importId: string; counts: object } }).data;
    expect(counts).toMatchObject({ create: PRODUCTS });
    const status = async () =>
      (await call(base, "GET", `/api/admin/products/import/${importId}`, { token })).json().data as ImportState;

    expect((await call(base, "POST", `/api/admin/products/import/${importId}/apply`, { token })).statusCode).toBe(202);
    let seen = await status();
    for (let i = 0; i < 600 && seen.done < 10; i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await status();
    }
    expect(seen.done).toBeGreaterThanOrEqual(10);
    expect(seen.done).toBeLessThan(PRODUCTS);
    server.child.kill("SIGKILL");
    await server.exited;

    server = startServer();
    await healthy(server.child);
    for (let i = 0; i < 600 && seen.state !== "done"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      seen = await status();
    }
    expect(seen).toMatchObject({ state: "done", done: PRODUCTS, total: PRODUCTS });
    expect(seen.report).toMatchObject({ created: PRODUCTS, updated: 0, unchanged: 0, refused: 0 });

    // Every product once: the export lists each handle on one line, no more.
    const exported = await call(base, "GET", "/api/admin/products/export.csv?q=", { token });
    const handles = exported.body
      .split("\r\n")
      .map((line) => line.split(";")[0])
      .filter((h) => h?.startsWith("crash-"));
    expect(handles).toHaveLength(PRODUCTS);
    expect(new Set(handles).size).toBe(PRODUCTS);
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
}, 180_000);
