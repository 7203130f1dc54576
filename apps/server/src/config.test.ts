import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const tempDir = () => mkdtemp(path.join(tmpdir(), "shop-config-"));

describe("configuration", () => {
  it("has working defaults: port 3000, PGlite in DATA_DIR, no CORS origin", async () => {
    const dir = await tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    // No PGLITE_BUFFERS_MB: the page cache is sized at start to the database on disk (decision 050).
    expect(config.database).toEqual({ kind: "pglite", dir: path.join(dir, "pglite") });
    expect(loadConfig({ DATA_DIR: dir, PGLITE_BUFFERS_MB: "32" }).database).toMatchObject({ buffersMb: 32 });
    expect(config.corsOrigins).toEqual([]);
    expect(config.shop.phone).toMatch(/^237\d{9}$/);
    expect(config.cookie.secure).toBe(false);
    expect(config.contactRateLimit).toEqual({ max: 5, windowMs: 600_000 });
    expect(config.orderRateLimit).toEqual({ max: 10, windowMs: 600_000 });
    expect(config.orderStatusRateLimit).toEqual({ max: 20, windowMs: 600_000 });
    // Files in DATA_DIR (uploads/ served, order-files/ and payment-files/ beside it, private).
    expect(config.storage).toEqual({ kind: "local", dir });
    expect(config.redisUrl).toBeNull();
    expect(config.webConcurrency).toBe(1);
  });

  it("generates the token secret once and keeps it in DATA_DIR", async () => {
    const dir = await tempDir();
    const first = loadConfig({ DATA_DIR: dir }).token.secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, "token-secret");
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).token.secret).toBe(first);
    expect(loadConfig({ DATA_DIR: await tempDir() }).token.secret).not.toBe(first);
  });

  it("resolves a relative DATA_DIR from where npm was run, not from the workspace", () => {
    expect(loadConfig({ DATA_DIR: "data", INIT_CWD: "/srv/shop", TOKEN_SECRET: "x".repeat(40) }).dataDir).toBe(
      "/srv/shop/data",
    );
  });

  it("uses PostgreSQL when DATABASE_URL is set", async () => {
    const config = loadConfig({ DATA_DIR: await tempDir(), DATABASE_URL: "postgres://u@db:5432/shop" });
    expect(config.database).toMatchObject({ kind: "postgres", url: "postgres://u@db:5432/shop" });
  });

  it("offers Mobile Money only with all three Notch Pay keys (decision 026)", async () => {
    const dir = await tempDir();
    expect(loadConfig({ DATA_DIR: dir }).notchpay).toBeNull();
    const keys = {
      NOTCHPAY_PUBLIC_KEY: "pk_test_123456789",
      NOTCHPAY_PRIVATE_KEY: "sk_test_123456789",
      NOTCHPAY_WEBHOOK_HASH: "hash_123456789",
    };
    expect(loadConfig({ DATA_DIR: dir, ...keys }).notchpay).toMatchObject({
      publicKey: keys.NOTCHPAY_PUBLIC_KEY,
      apiUrl: "https://api.notchpay.co",
    });
    expect(() => loadConfig({ DATA_DIR: dir, NOTCHPAY_PUBLIC_KEY: keys.NOTCHPAY_PUBLIC_KEY })).toThrow(
      /NOTCHPAY_PUBLIC_KEY, NOTCHPAY_PRIVATE_KEY, NOTCHPAY_WEBHOOK_HASH: set all three, or none/,
    );
    expect(loadConfig({ DATA_DIR: dir, SHOP_MOMO_ORANGE: "699 00 00 02" }).payments.transferNumbers).toEqual({
      mtn: null,
      orange: "237699000002",
    });
  });

  it("normalises the shop's phone to 237 and its CORS origins", async () => {
    const config = loadConfig({
      DATA_DIR: await tempDir(),
      SHOP_PHONE: "+237 6 77 12 34 56",
      CORS_ORIGINS: "https://a.cm/, http://localhost:5173",
    });
    expect(config.shop.phone).toBe("237677123456");
    expect(config.shop.whatsapp).toBe("237677123456");
    expect(config.corsOrigins).toEqual(["https://a.cm", "http://localhost:5173"]);
  });

  it("reads TRUST_PROXY as yes/no or as the proxies to trust", async () => {
    const dir = await tempDir();
    const trust = (v: string) => loadConfig({ DATA_DIR: dir, TOKEN_SECRET: "x".repeat(40), TRUST_PROXY: v }).trustProxy;
    expect(trust("true")).toBe(true);
    expect(trust("off")).toBe(false);
    expect(trust("127.0.0.1, 10.0.0.0/8,::1")).toEqual(["127.0.0.1", "10.0.0.0/8", "::1"]);
    expect(trust("loopback")).toEqual(["loopback"]);
  });

  it("reads the bucket's settings, and refuses half of them", async () => {
    const dir = await tempDir();
    const base = { DATA_DIR: dir, TOKEN_SECRET: "x".repeat(40) };
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: "shop-files",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_PUBLIC_URL: "https://cdn.cm/",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "shop-files",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: undefined,
      publicUrl: "https://cdn.cm",
    });
    expect(() => loadConfig({ ...base, S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: required/);
    // E-mailed password links carry PUBLIC_URL, never a request's Host (decision 032).
    expect(() => loadConfig({ ...base, SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(/SMTP_URL: needs PUBLIC_URL/);
    expect(
      loadConfig({ ...base, SMTP_URL: "smtp://127.0.0.1:2525", PUBLIC_URL: "https://shop.cm" }).smtp,
    ).not.toBeNull();
    expect(() => loadConfig({ ...base, S3_BUCKET: "shop-files", S3_ACCESS_KEY_ID: "k" })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or none/,
    );
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["TOKEN_SECRET", "short"],
    ["SHOP_PHONE", "+33 6 12 34 56 78"],
    ["SHOP_EMAIL", "pas-un-email"],
    ["CORS_ORIGINS", "not a url"],
    ["COOKIE_SECURE", "maybe"],
    ["ADMIN_PASSWORD", "123"],
    ["NODE_ENV", "staging"],
    ["NOTCHPAY_API_URL", "ftp://api.notchpay.co"],
    ["SHOP_MOMO_MTN", "12"],
    ["PAGE_CACHE", "sometimes"],
    ["PAGE_CACHE_MB", "0"],
    ["PGLITE_BUFFERS_MB", "0"],
    ["TRUST_PROXY", "sometimes"],
    ["TRUST_PROXY", "10.0.0.0/8/1"],
    ["REDIS_URL", "http://127.0.0.1:6379"],
    ["S3_BUCKET", "Not_A_Bucket"],
    ["WEB_CONCURRENCY", "0"],
    ["PASSWORD_RESET_TTL_SECONDS", "0"],
    ["PASSWORD_RESET_TTL_SECONDS", "1.5"],
    ["PASSWORD_RESET_TTL_SECONDS", "86401"],
  ])("stops start-up on a wrong %s and names it", async (name, value) => {
    const dir = await tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("secures cookies in production unless told otherwise", async () => {
    const dir = await tempDir();
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "production" }).cookie.secure).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "production", COOKIE_SECURE: "false" }).cookie.secure).toBe(false);
  });

  it("requires a second factor of the staff in production unless told otherwise (decision 040)", async () => {
    const dir = await tempDir();
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "production" }).staffSecondFactor).toBe("required");
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "development" }).staffSecondFactor).toBe("optional");
    expect(
      loadConfig({ DATA_DIR: dir, NODE_ENV: "production", STAFF_SECOND_FACTOR: "optional" }).staffSecondFactor,
    ).toBe("optional");
    expect(loadConfig({ DATA_DIR: dir, STAFF_SECOND_FACTOR: "required" }).staffSecondFactor).toBe("required");
    expect(() => loadConfig({ DATA_DIR: dir, STAFF_SECOND_FACTOR: "oui" })).toThrow(/STAFF_SECOND_FACTOR/);
  });

  it("keeps anonymous pages and catalogue answers in 16 MB each unless told a size; pages can be off", async () => {
    const dir = await tempDir();
    expect(loadConfig({ DATA_DIR: dir }).pageCache).toEqual({ maxBytes: 16 * 1024 * 1024 });
    expect(loadConfig({ DATA_DIR: dir }).catalogueCache).toEqual({ maxBytes: 16 * 1024 * 1024 });
    expect(loadConfig({ DATA_DIR: dir, CATALOGUE_CACHE_MB: "4" }).catalogueCache).toEqual({
      maxBytes: 4 * 1024 * 1024,
    });
    expect(loadConfig({ DATA_DIR: dir, PAGE_CACHE_MB: "8" }).pageCache).toEqual({ maxBytes: 8 * 1024 * 1024 });
    expect(loadConfig({ DATA_DIR: dir, PAGE_CACHE: "off" }).pageCache).toBeNull();
  });

  it("makes password-reset links last 30 minutes unless told a number of seconds (decision 032)", async () => {
    const dir = await tempDir();
    expect(loadConfig({ DATA_DIR: dir }).passwordReset).toEqual({ ttlSeconds: 1800 });
    expect(loadConfig({ DATA_DIR: dir, PASSWORD_RESET_TTL_SECONDS: "3600" }).passwordReset).toEqual({
      ttlSeconds: 3600,
    });
  });
});
