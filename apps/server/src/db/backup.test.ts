import { execFile } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { prepareDatabase } from "../bootstrap.ts";
import { loadConfig } from "../config.ts";
import { call, freshDatabase, postOrderForm } from "../test/harness.ts";
import { pgliteOwnerFile } from "./client.ts";

// `npm run db:backup` and `npm run db:restore` (decision 031): a backup restored into an empty
// shop has the same products, orders and files. On PGlite, or on PostgreSQL when DATABASE_URL
// is set (CI's second pass).
const run = promisify(execFile);
const cli = path.join(import.meta.dirname, "backup-cli.ts");
const PASSWORD = "motdepasse-solide";
const cleanups: (() => Promise<void>)[] = [];

async function newShop() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-backup-test-"));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    TOKEN_SECRET: "t".repeat(40),
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: "silent",
  };
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase();
    await fresh.database.close();
    env.DATABASE_URL = fresh.url as string;
    cleanups.push(fresh.drop);
  }
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { env, config: loadConfig(env) };
}

/** The shop as its server runs it, for the time of `use`. */
async function withShop<T>(
  config: ReturnType<typeof loadConfig>,
  use: (app: Awaited<ReturnType<typeof buildApp>>, token: string) => Promise<T>,
) {
  const prepared = await prepareDatabase(config, { info: () => {}, warn: () => {} });
  const app = await buildApp({ config: prepared.config, database: prepared.database, logger: false });
  try {
    const signIn = await call(app, "POST", "/api/signin", {
      payload: { email: config.firstAdmin.email, password: PASSWORD },
    });
    return await use(app, signIn.json().data as string);
  } finally {
    await app.close();
    await prepared.database.close();
  }
}

const cliRun = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH ?? "", ...env } });

let source: Awaited<ReturnType<typeof newShop>>;
let png: Buffer;
let made: { productId: string; imagePath: string; reference: string };
let archive: string;

beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#16a34a" } })
    .png()
    .toBuffer();
  source = await newShop();
  made = await withShop(source.config, async (app, token) => {
    const uploaded = await call(app, "POST", "/api/upload-image", {
      token,
      multipart: [{ name: "file", filename: "photo.png", type: "image/png", bytes: png }],
    });
    const imageUrl = uploaded.json().data.url as string;
    const product = await call(app, "POST", "/api/upload-product", {
      token,
      payload: {
        productName: "Pixel 8 128 Go",
        brandName: "Google",
        category: "PIXEL",
        productImage: [imageUrl],
        description: "Reconditionné.",
        price: 250000,
        sellingPrice: 230000,
      },
    });
    const order = await postOrderForm(app, png);
    // The audit log's checkpoint, kept by a verification: a file of the backup too.
    const verified = await call(app, "GET", "/api/admin/journal/verify", { token });
    expect(verified.json().data).toMatchObject({ intact: true });
    return {
      productId: product.json().data._id as string,
      imagePath: new URL(imageUrl).pathname,
      reference: order.json().data.reference as string,
    };
  });
  archive = path.join(source.config.dataDir, "backups", "nightly.tar.gz");
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("npm run db:backup / db:restore", () => {
  it("writes one archive with the database and the files", async () => {
    const { stdout } = await cliRun(source.env, "backup", archive);
    expect(stdout).toMatch(/Backup written: .*nightly\.tar\.gz \(1 products, 1 orders, 1 users, 5 files\)/);
    expect(existsSync(archive)).toBe(true);
    expect(existsSync(`${archive}.partial`)).toBe(false);
  });

  it("restores it into an empty shop: the same products, orders and files", async () => {
    const target = await newShop();
    const { stdout } = await cliRun(target.env, "restore", archive);
    expect(stdout).toContain("1 products, 1 orders, 1 users, 5 files");
    await withShop(target.config, async (app, token) => {
      const products = await app.inject({ method: "GET", url: "/api/get-product" });
      expect(products.json().data.map((p: { _id: string; productName: string }) => [p._id, p.productName])).toEqual([
        [made.productId, "Pixel 8 128 Go"],
      ]);
      const photo = await app.inject({ method: "GET", url: made.imagePath });
      expect(photo.statusCode).toBe(200);
      expect((await sharp(photo.rawPayload).metadata()).format).toBe("webp");
      const file = await call(app, "GET", `/api/orders/${made.reference}/file`, { token });
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, png)).toBe(0);
      // The journal came back with its checkpoint, which names a line of the restored log.
      const verified = await call(app, "GET", "/api/admin/journal/verify", { token });
      expect(verified.json().data).toMatchObject({ intact: true, checkpoint: { state: "holds" } });
    });

    // A second restore would mix two shops: refused, unless asked to replace.
    const again = await cliRun(target.env, "restore", archive).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining("This shop already has data") });
    const replaced = await cliRun(target.env, "restore", archive, "--replace");
    expect(replaced.stdout).toContain("1 products, 1 orders");
  }, 120_000);

  it("refuses what is not a backup, with a clear message", async () => {
    const target = await newShop();
    const bogus = path.join(target.config.dataDir, "photo.tar.gz");
    writeFileSync(bogus, png);
    const error = await cliRun(target.env, "restore", bogus).catch((e: { code: number; stderr: string }) => e);
    expect(error).toMatchObject({ code: 1, stderr: expect.stringContaining("is not a backup of the shop") });
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "on PGlite, refuses while the shop runs on the database (its folder is one process's)",
    async () => {
      const dir = source.config.database.kind === "pglite" ? source.config.database.dir : "";
      // A live process other than the command's own holds the folder.
      writeFileSync(pgliteOwnerFile(dir), `${process.pid}\n`);
      try {
        const error = await cliRun(source.env, "backup", `${archive}.2`).catch(
          (e: { code: number; stderr: string }) => e,
        );
        expect(error).toMatchObject({
          code: 1,
          stderr: expect.stringContaining(`The shop is running (process ${process.pid})`),
        });
      } finally {
        await rm(pgliteOwnerFile(dir), { force: true });
      }
    },
  );
});
