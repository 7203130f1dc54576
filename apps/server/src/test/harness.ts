import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Role } from "@shop/shared";
import { eq } from "drizzle-orm";
import type { Response } from "light-my-request";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type App, type BuildOptions, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { productVariants, type UserRow, users } from "../db/schema.ts";
import { hashPassword } from "../modules/users/passwords.ts";
import { ensureFirstSuperAdmin } from "../modules/users/users.service.ts";

/**
 * The shared set-up of the server's tests: each file's app on a database of its own, the
 * accounts its tests act as, and one way to send it a request.
 *
 * A file (or a describe block) says what it needs once, and the harness registers the set-up
 * and the tear-down itself:
 *
 *   const ctx = useTestApp({ actors: true });
 *   it("…", async () => {
 *     const res = await ctx.call("POST", "/api/addtocart", { token: ctx.actors.general, payload: { productId } });
 *   });
 *
 * `ctx`'s fields are there from the block's beforeAll on (reading one earlier throws, saying
 * so). A test server of the file's own (SMTP, S3, the fake Notch Pay, the push service) is
 * started in a beforeAll written before `useTestApp`, and options given as a function are read
 * after it: vitest runs beforeAll hooks in the order they are written and afterAll hooks in the
 * reverse one, so the app starts after the server and stops before it.
 */

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
    JOBS_POLL_INTERVAL_MS: "0",
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
  const res = await call(ctx.app, "POST", "/api/signin", { payload: { email: user.email, password: TEST_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json().data as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** What a request carries, said as a client would send it. */
export interface CallOptions {
  /** The session: a token from sign-in, sent as a bearer token; none when absent or null. */
  token?: string | null;
  /** Where the token goes: the Authorization header (the API client's way, the default) or the `token` cookie (the pages' way). */
  tokenIn?: "header" | "cookie";
  /** A JSON body (an object), or a body sent as it is (a string, bytes, a FormData): its content-type goes in `headers`. */
  payload?: object | string | Buffer;
  /** A multipart/form-data body with these parts, in this order, as a browser's form with files sends it. */
  multipart?: readonly FormPart[];
  /** An application/x-www-form-urlencoded body, as a form posted without scripts sends it. */
  form?: Record<string, string>;
  /** Headers of the request's own; they win over those the other options make. */
  headers?: Record<string, string>;
  /** Cookies, sent in the Cookie header after any in `headers` (as `inject`'s own `cookies` option does). */
  cookies?: Record<string, string>;
  /** Added to the URL's query string. */
  query?: Record<string, string>;
  /** The client's address, as a rate limit counts it (in process only). */
  remoteAddress?: string;
}

/** An app to send requests to in process: this file's, or a peer of it. */
export type Injectable = Pick<App, "inject">;

/** The answer of a server reached over HTTP, read like an `inject` answer. */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: like light-my-request's json(), read field by field
  json(): any;
}

/** The request `call` sends, before it goes in process or over HTTP. */
function requestOf(method: Method, url: string, options: CallOptions) {
  const headers: Record<string, string> = {};
  const cookies = { ...options.cookies };
  if (options.token) {
    if (options.tokenIn === "cookie") cookies.token = options.token;
    else Object.assign(headers, bearer(options.token));
  }
  const bodies = [options.payload, options.multipart, options.form].filter((body) => body !== undefined);
  if (bodies.length > 1) throw new Error("call: one body at a time (payload, multipart or form)");
  let payload: object | string | Buffer | undefined = options.payload;
  if (options.multipart) {
    const body = multipartBody(options.multipart);
    headers["content-type"] = body.contentType;
    payload = body.payload;
  } else if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(options.form).toString();
  }
  Object.assign(headers, options.headers);
  const query = options.query ? new URLSearchParams(options.query).toString() : "";
  return { method, url: query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url, headers, cookies, payload };
}

/**
 * Sends one request and answers the response: in process through `app.inject` (the tests'
 * way), or, to a server in another process, over HTTP to its base URL ("http://127.0.0.1:port").
 * The tests' one request helper: a file's `ctx.call` is this one on the file's app.
 */
export function call(to: Injectable, method: Method, url: string, options?: CallOptions): Promise<Response>;
export function call(to: string, method: Method, url: string, options?: CallOptions): Promise<HttpAnswer>;
export async function call(
  to: Injectable | string,
  method: Method,
  url: string,
  options: CallOptions = {},
): Promise<Response | HttpAnswer> {
  const { cookies, payload, ...request } = requestOf(method, url, options);
  if (typeof to !== "string") {
    return to.inject({
      ...request,
      ...(Object.keys(cookies).length ? { cookies } : {}),
      ...(payload !== undefined ? { payload } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  }
  if (options.remoteAddress) throw new Error("call: a remote address is for requests in process");
  const pairs = Object.entries(cookies).map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  if (pairs.length) request.headers.cookie = [request.headers.cookie, ...pairs].filter(Boolean).join("; ");
  let body = payload;
  if (body !== undefined && typeof body !== "string" && !Buffer.isBuffer(body)) {
    body = JSON.stringify(body);
    request.headers["content-type"] ??= "application/json";
  }
  const res = await fetch(new URL(request.url, to), {
    method,
    headers: request.headers,
    body: body as string | Buffer | undefined,
  });
  const text = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: text, json: () => JSON.parse(text) };
}

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
  return call(ctx.app, "POST", "/api/upload-product", { token, headers, payload: productBody(overrides) });
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

/** Puts a product in the token's cart through the API, `quantity` of it. */
export async function addToCart(ctx: TestContext, token: string, productId: string, quantity = 1): Promise<void> {
  const added = await call(ctx.app, "POST", "/api/addtocart", { token, payload: { productId } });
  if (added.statusCode !== 201) throw new Error(`not added to the cart: ${added.body}`);
  if (quantity > 1) {
    const res = await call(ctx.app, "POST", "/api/update-cart-product", {
      token,
      payload: { _id: added.json().data._id, quantity },
    });
    if (res.statusCode !== 200) throw new Error(`cart line not updated: ${res.body}`);
  }
}

/** A new GENERAL customer, signed in, with these products (id, quantity) in the cart. */
export async function customerWithCart(ctx: TestContext, cart: readonly [string, number][] = []) {
  const user = await createUser(ctx, "GENERAL");
  const token = await tokenFor(ctx, user);
  for (const [productId, quantity] of cart) await addToCart(ctx, token, productId, quantity);
  return { user, token };
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

/** What a file's app is made with; all optional. */
export interface UseTestAppOptions extends TestAppOptions {
  /** Settings over the tests' own (createTestApp's `env`): a rate limit, PUBLIC_URL, a test server's address… */
  env?: Record<string, string>;
  /** Makes `actors`: the accounts of every role, signed in (createActors). */
  actors?: boolean;
  /**
   * Makes `peerApp`, another app server on the same database, closed before the app: `true`, an
   * API server as behind a load balancer; "storefront", one that also renders the storefront
   * (storefrontPeer).
   */
  peer?: boolean | "storefront";
}

/**
 * A file's app, with what `useTestApp` was asked for. It is a TestContext, so the helpers that
 * take one (createUser, tokenFor, uploadProduct…) take it; its afterAll closes it.
 */
export interface TestApp extends TestContext {
  /** The accounts of every role (`actors: true`). */
  readonly actors: Actors;
  /** The other app server (`peer`). */
  readonly peerApp: App;
  /** `call` on this app, or on `app` (a peer) when given. */
  call(method: Method, url: string, options?: CallOptions & { app?: Injectable }): Promise<Response>;
}

/**
 * The one set-up of a test file, or of a describe block that needs an app of its own (other
 * settings, a database nobody else writes to): registers the beforeAll that makes the app
 * and the afterAll that closes it, and answers the app's fields, there from that beforeAll on.
 * `options` may be a function, read in the beforeAll: for settings that name a test server
 * the file starts in a beforeAll of its own, written before this call.
 */
export function useTestApp(options: UseTestAppOptions | (() => UseTestAppOptions) = {}): TestApp {
  let ctx: TestContext | undefined;
  let actors: Actors | undefined;
  let peer: { app: App; close(): Promise<void> } | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestApp: ${what} is there from the block's beforeAll on`);
    return value;
  };
  beforeAll(async () => {
    const {
      env,
      actors: withActors,
      peer: withPeer,
      ...appOptions
    } = typeof options === "function" ? options() : options;
    ctx = await createTestApp(env, appOptions);
    if (withActors) actors = await createActors(ctx);
    if (withPeer) peer = withPeer === "storefront" ? await storefrontPeer(ctx) : await ctx.peer();
  });
  afterAll(async () => {
    await peer?.close();
    await ctx?.close();
  });
  const context = () => ready(ctx, "the app");
  const testApp: TestApp = {
    get app() {
      return context().app;
    },
    get config() {
      return context().config;
    },
    get database() {
      return context().database;
    },
    get superAdmin() {
      return context().superAdmin;
    },
    get actors() {
      return ready(actors, "`actors` (useTestApp({ actors: true }))");
    },
    get peerApp() {
      return ready(peer, "`peerApp` (useTestApp({ peer }))").app;
    },
    peer: (peerOptions) => context().peer(peerOptions),
    close: () => context().close(),
    call: (method, url, { app, ...callOptions } = {}) => call(app ?? testApp.app, method, url, callOptions),
  };
  return testApp;
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
export function postOrderForm(app: Injectable, file: Buffer, name = "Awa Ndongo") {
  return call(app, "POST", "/api/orders", {
    multipart: [
      { name: "name", value: name },
      { name: "number", value: "677123456" },
      { name: "text", value: "Yaoundé, Bastos" },
      { name: "file", filename: "liste.png", type: "image/png", bytes: file },
    ],
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
