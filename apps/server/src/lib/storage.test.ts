import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { openStorage } from "../plugins/files.ts";
import { startTestS3, type TestS3 } from "../test/s3-server.ts";
import { type FileStorage, LocalStorage, uploadKey } from "./storage.ts";

const run = promisify(execFile);
let s3: TestS3;
let dir: string;
const stores: Record<string, FileStorage> = {};

beforeAll(async () => {
  s3 = await startTestS3();
  dir = await mkdtemp(path.join(tmpdir(), "shop-storage-"));
  stores.local = await openStorage({ kind: "local", dir });
  const config = loadConfig({ DATA_DIR: dir, TOKEN_SECRET: "x".repeat(40), ...s3.env });
  stores.s3 = await openStorage(config.storage);
});
afterAll(async () => {
  for (const store of Object.values(stores)) await store.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const all = async (store: FileStorage, prefix: string) => {
  const keys: string[] = [];
  for await (const key of store.list(prefix)) keys.push(key);
  return keys.sort();
};

describe.each(["local", "s3"])("file storage: %s", (kind) => {
  const store = () => stores[kind] as FileStorage;

  it("keeps a file and gives it back whole, with its size", async () => {
    const bytes = Buffer.from(`photo ${kind} ${"x".repeat(70_000)}`);
    await store().put(`uploads/images/${kind}-a/400.webp`, bytes, "image/webp");
    const got = await store().get(`uploads/images/${kind}-a/400.webp`);
    expect(got?.size).toBe(bytes.length);
    expect(await text(got!.body)).toBe(bytes.toString());
  });

  it("answers null for a file it does not have", async () => {
    expect(await store().get(`order-files/${kind}-none.pdf`)).toBeNull();
  });

  it("lists by prefix and removes, ignoring keys already gone", async () => {
    await store().put(`order-files/${kind}-1.pdf`, Buffer.from("1"), "application/pdf");
    await store().put(`order-files/${kind}-2.pdf`, Buffer.from("2"), "application/pdf");
    await store().put(`payment-files/${kind}-3.png`, Buffer.from("3"), "image/png");
    expect((await all(store(), "order-files/")).filter((k) => k.includes(kind))).toEqual([
      `order-files/${kind}-1.pdf`,
      `order-files/${kind}-2.pdf`,
    ]);
    await store().remove([`order-files/${kind}-1.pdf`, `order-files/${kind}-gone.pdf`]);
    expect(await store().get(`order-files/${kind}-1.pdf`)).toBeNull();
    expect(await store().get(`order-files/${kind}-2.pdf`)).not.toBeNull();
    expect(await all(store(), "payment-files/")).toContain(`payment-files/${kind}-3.png`);
  });

  it("refuses keys that are not plain relative paths", async () => {
    for (const key of ["../token-secret", "/etc/passwd", "uploads/../order-files/x", "uploads/a b", ""]) {
      await expect(store().put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/Invalid storage key/);
      await expect(store().get(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe("local file storage", () => {
  it("keeps the layout of DATA_DIR, private files readable by the server's user only", async () => {
    const local = stores.local as LocalStorage;
    await local.put("order-files/private.pdf", Buffer.from("%PDF"), "application/pdf");
    expect((await stat(path.join(dir, "order-files/private.pdf"))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, "order-files"))).mode & 0o777).toBe(0o700);
    // Written under a temporary name then renamed: none is left behind.
    expect((await readdir(path.join(dir, "order-files"))).some((n) => n.includes(".tmp-"))).toBe(false);
  });
});

describe("npm run files:copy-to-s3", () => {
  it("copies every file of DATA_DIR into the bucket, keys and bytes unchanged, and can run twice", async () => {
    const data = await mkdtemp(path.join(tmpdir(), "shop-copy-"));
    const local = new LocalStorage(data);
    const files = {
      "uploads/images/copy-1/400.webp": "webp 400",
      "uploads/images/copy-1/800.webp": "webp 800",
      "uploads/avatars/copy-2.webp": "avatar",
      "order-files/copy-3.pdf": "%PDF order",
      "payment-files/copy-4.png": "png transfer",
    };
    for (const [key, body] of Object.entries(files)) await local.put(key, Buffer.from(body));
    const bucket = await startTestS3({ bucket: "copy-target" });
    try {
      for (let pass = 0; pass < 2; pass++) {
        // Not execFileSync: the bucket's server runs in this process and must keep answering.
        const { stdout } = await run(process.execPath, [path.join(import.meta.dirname, "../files-cli.ts")], {
          env: { ...process.env, DATA_DIR: data, TOKEN_SECRET: "x".repeat(40), ...bucket.env },
        });
        expect(stdout).toContain("5 files copied");
      }
      const target = await openStorage(
        loadConfig({ DATA_DIR: data, TOKEN_SECRET: "x".repeat(40), ...bucket.env }).storage,
      );
      try {
        for (const [key, body] of Object.entries(files)) {
          const got = await target.get(key);
          expect(await text(got!.body), key).toBe(body);
        }
        expect((await target.get("order-files/copy-3.pdf"))?.contentType).toBe("application/pdf");
      } finally {
        await target.close();
      }
    } finally {
      await bucket.close();
      await rm(data, { recursive: true, force: true });
    }
  });

  it("refuses to run without the S3 settings", async () => {
    await expect(
      run(process.execPath, [path.join(import.meta.dirname, "../files-cli.ts")], {
        env: { ...process.env, DATA_DIR: dir, TOKEN_SECRET: "x".repeat(40) },
      }),
    ).rejects.toThrow(/Set S3_BUCKET/);
  });
});

describe("uploadKey", () => {
  it("maps a public path to its key, and nothing else", () => {
    expect(uploadKey("/uploads/images/abc/400.webp")).toBe("uploads/images/abc/400.webp");
    expect(uploadKey("/uploads/../token-secret")).toBeNull();
    expect(uploadKey("/order-files/x.pdf")).toBeNull();
    expect(uploadKey("https://cdn.example.com/uploads/a.webp")).toBeNull();
  });
});
