import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Role } from "@shop/shared";
import { eq } from "drizzle-orm";
import pg from "pg";
import { type App, type BuildOptions, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { productVariants, type UserRow, users } from "../db/schema.ts";
import { hashPassword } from "../modules/users/passwords.ts";
import { ensureFirstSuperAdmin } from "../modules/users/users.service.ts";

export const TEST_PASSWORD = "motdepasse-solide";
export const SUPER_EMAIL = "super@test.cm";

export interface TestContext {
  app: App;
  config: Config;
  database: Database;
  superAdmin: UserRow;
  /** Another app server on the same database, as behind a load balancer (serving the storefront with `web`). */
  peer(options?: Pick<BuildOptions, "web">): Promise<{ app: App; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: PGlite in memory by default; with DATABASE_URL set,
 * a new PostgreSQL database created for the file and dropped afterwards.
 */
export async function freshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({ kind: "pglite" }), drop: async () => {} };
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: target.toString(), poolSize: 5 });
  return {
    database,
    url: target.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        // pool.end() resolves before the server has seen every backend go: wait for them, so
        // that the forced drop never cuts a connection the app still counts as its own.
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestAppOptions {
  /** How the app reaches push services (test/push-service.ts's agent). */
  pushAgent?: BuildOptions["pushAgent"];
  /** Where the app's log lines go (JSON, one per line), for tests that read them; none by default. */
  log?: { write(line: string): void };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    ADMIN_EMAIL: SUPER_EMAIL,
    ADMIN_PASSWORD: TEST_PASSWORD,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_MAX: "1000",
    CONTACT_RATE_LIMIT_MAX: "1000",
    ORDER_RATE_LIMIT_MAX: "1000",
    ORDER_STATUS_RATE_LIMIT_MAX: "1000",
    ...env,
  });
  const { database, url, drop } = await freshDatabase();
  await database.migrate();
  const first = await ensureFirstSuperAdmin(database.db, config.firstAdmin);
  if (!first.created) throw new Error("the test database already had a super admin");
  const logger = options.log ? { level: "info", stream: options.log } : false;
  const app = await buildApp({ config, database, logger, pushAgent: options.pushAgent });
  await app.ready();
  return {
    app,
    config,
    database,
    superAdmin: first.user,
    async peer(options = {}) {
      // A second app server on the same database: its own pool on PostgreSQL; on PGlite, which
      // is one connection in one process, the same database object.
      const peerDatabase = url ? await openDatabase({ kind: "postgres", url, poolSize: 2 }) : database;
      const peerApp = await buildApp({ config, database: peerDatabase, logger: false, ...options });
      await peerApp.ready();
      return {
        app: peerApp,
        async close() {
          await peerApp.close();
          if (peerDatabase !== database) await peerDatabase.close();
        },
      };
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Creates a user with a role straight in the database (sign-up only ever makes GENERAL users). */
export async function createUser(
  ctx: TestContext,
  role: Role,
  name = `${role.toLowerCase()}-${++counter}`,
): Promise<UserRow> {
  const [row] = await ctx.database.db
    .insert(users)
    .values({ name, email: `${name}@test.cm`, passwordHash: await hashPassword(TEST_PASSWORD), role })
    .returning();
  if (!row) throw new Error("no user");
  return row;
}

/** Signs in through the API and returns the token it answers with. */
export async function tokenFor(ctx: TestContext, user: Pick<UserRow, "email">): Promise<string> {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/signin",
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json().data as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The origin `app.inject` requests come from (its default Host header): image URLs in answers
 * are absolute under it (plugins/origin.ts).
 */
export const INJECT_ORIGIN = "http://localhost:80";

/** The path of a URL the API answered, to request it again through `app.inject`. */
export const pathOf = (url: string) => new URL(url, INJECT_ORIGIN).pathname;

export async function userById(ctx: TestContext, id: string): Promise<UserRow | undefined> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A valid product body; override any field. */
export function productBody(overrides: Record<string, unknown> = {}) {
  return {
    productName: "iPhone 13 128 Go",
    brandName: "Apple",
    category: "IPHONE 13",
    productImage: [],
    description: "Reconditionné, garantie 6 mois.",
    price: 300000,
    sellingPrice: 275000,
    ...overrides,
  };
}

/** Creates a product through the API as the token's admin; `headers` adds to the token (a Host). */
export function uploadProduct(
  ctx: TestContext,
  token: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/upload-product",
    headers: { ...headers, ...bearer(token) },
    payload: productBody(overrides),
  });
}

/** A product (one variant) with `stock` units, or not tracked (null), created by the token's admin. */
export async function productWithStock(
  ctx: TestContext,
  token: string,
  name: string,
  stock: number | null,
): Promise<{ productId: string; variantId: string }> {
  const res = await uploadProduct(ctx, token, { productName: name, price: 100000, sellingPrice: 90000 });
  if (res.statusCode !== 201) throw new Error(`product not created: ${res.body}`);
  const productId: string = res.json().data._id;
  const [variant] = await ctx.database.db
    .update(productVariants)
    .set({ stock })
    .where(eq(productVariants.productId, productId))
    .returning();
  return { productId, variantId: variant?.id ?? "" };
}

/** A variant's stock as stored. */
export const stockOf = async (ctx: TestContext, variantId: string) =>
  (await ctx.database.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]?.stock;

/** Every role a permission test walks through; `null` is the anonymous visitor. */
export interface Actors {
  anonymous: null;
  general: string;
  admin: string;
  otherAdmin: string;
  superAdmin: string;
  adminUser: UserRow;
  otherAdminUser: UserRow;
  generalUser: UserRow;
}

export async function createActors(ctx: TestContext): Promise<Actors> {
  const generalUser = await createUser(ctx, "GENERAL");
  const adminUser = await createUser(ctx, "ADMIN");
  const otherAdminUser = await createUser(ctx, "ADMIN");
  const [general, admin, otherAdmin, superAdmin] = await Promise.all([
    tokenFor(ctx, generalUser),
    tokenFor(ctx, adminUser),
    tokenFor(ctx, otherAdminUser),
    tokenFor(ctx, ctx.superAdmin),
  ]);
  return { anonymous: null, general, admin, otherAdmin, superAdmin, adminUser, otherAdminUser, generalUser };
}

export const headersFor = (token: string | null) => (token ? bearer(token) : {});

/** A multipart/form-data body with one file part named `file`, as a browser's upload sends it. */
export function multipartFile(filename: string, contentType: string, bytes: Buffer) {
  const boundary = "----shoptestboundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One part of a hand-made multipart body: a text field, or a file (any name, even empty). */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body with the parts in the given order, as a browser would send them. */
export function multipartBody(parts: readonly FormPart[]) {
  const boundary = "----shoptestformboundary";
  const chunks = parts.flatMap((part) =>
    "value" in part
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
          ),
          part.bytes,
          Buffer.from("\r\n"),
        ],
  );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A visitor's order through the order form, with `file` (a PNG) as its file. */
export function postOrderForm(app: App, file: Buffer, name = "Awa Ndongo") {
  const body = multipartBody([
    { name: "name", value: name },
    { name: "number", value: "677123456" },
    { name: "text", value: "Yaoundé, Bastos" },
    { name: "file", filename: "liste.png", type: "image/png", bytes: file },
  ]);
  return app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { "content-type": body.contentType },
    payload: body.payload,
  });
}

/**
 * The storefront of `apps/web` rendered by Vite's development server, for tests that go through
 * its pages and forms on a peer (`ctx.peer({ web: { devServer } })`). Vite is loaded only by
 * them.
 */
export async function storefrontDevServer() {
  const { createServer } = await import("vite");
  return createServer({
    root: path.resolve(import.meta.dirname, "../../../web"),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
}

/**
 * A second app server on `ctx`'s database that also renders the storefront (Vite's development
 * server), with the page cache on as in production; `close` stops both.
 */
export async function storefrontPeer(ctx: TestContext): Promise<{ app: App; close(): Promise<void> }> {
  const vite = await storefrontDevServer();
  const peer = await ctx.peer({ web: { devServer: vite, pageCache: {} } });
  return {
    app: peer.app,
    async close() {
      await peer.close();
      await vite.close();
    },
  };
}
