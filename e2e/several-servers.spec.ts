/**
 * Decision 031: two app servers behind HAProxy on one PostgreSQL, one Redis and one S3-compatible
 * server (e2e/several-servers/environment.ts), with the production build. Run once, in the
 * PostgreSQL pass of CI (DATABASE_URL set): the several-servers set-up needs PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, type Environment, startEnvironment } from "./several-servers/environment.ts";

const postgresUrl = process.env.DATABASE_URL;
test.skip(!postgresUrl, "the several-servers environment runs on PostgreSQL (CI's second pass)");
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

let env: Environment;
let adminToken: string;
let png: Buffer;
const logs: string[] = [];

/** A customer of its own: the load balancer forwards its address, which the limits count by. */
const newClient = () => `2001:db8:${randomBytes(2).toString("hex")}::${randomBytes(2).toString("hex")}`;

async function call(base: string, path: string, init: RequestInit & { client?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.client) headers.set("x-forwarded-for", init.client);
  return fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(15_000) });
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const asAdmin = (init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${adminToken}` },
});

function orderForm(name: string): FormData {
  const form = new FormData();
  form.set("name", name);
  form.set("number", "677123456");
  form.set("text", "Yaoundé, Bastos");
  form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "liste.png");
  return form;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  env = await startEnvironment(postgresUrl as string, (line) => logs.push(line));
  const signedIn = await call(env.url, "/api/signin", { ...json(ADMIN), client: newClient() });
  expect(signedIn.status).toBe(200);
  adminToken = (await signedIn.json()).data;
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
});

test.afterAll(async () => {
  await env?.stop();
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook needs from this pattern: none here.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(logs.slice(-80).join("\n"));
});

test("a session made by one server is valid on the other (the token secret they share)", async () => {
  for (const server of env.servers) {
    const res = await call(server.url, "/api/user-details", asAdmin());
    expect(res.status, server.name).toBe(200);
  }
});

test("the sign-in limit holds across both servers: the 11th attempt is refused whichever server it reaches", async () => {
  const client = newClient();
  const servedBy = new Set<string>();
  for (let i = 1; i <= 10; i++) {
    const res = await call(env.url, "/api/signin", {
      ...json({ email: "personne@test.cm", password: "pas-le-bon" }),
      client,
    });
    expect(res.status, `attempt ${i}`).toBe(401);
    servedBy.add(res.headers.get("x-served-by") ?? "");
  }
  expect([...servedBy].sort()).toEqual(["app1", "app2"]);
  for (const server of env.servers) {
    const res = await call(server.url, "/api/signin", {
      ...json({ email: "personne@test.cm", password: "pas-le-bon" }),
      client,
    });
    expect(res.status, server.name).toBe(429);
  }
  expect((await (await call(env.url, "/api/health")).json()).data).toMatchObject({ rateLimits: "redis", files: "s3" });
});

test("a photo uploaded through one server is served by the other", async () => {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
  const [one, two] = env.servers;
  const uploaded = await call(one.url, "/api/upload-image", asAdmin({ method: "POST", body: form }));
  expect(uploaded.status).toBe(201);
  const { sizes } = (await uploaded.json()).data as { sizes: { url: string }[] };
  for (const size of sizes) {
    const path = new URL(size.url).pathname;
    const res = await call(two.url, path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe("webp");
  }
});

test("an order file is readable by an admin through either server, and by nobody else", async () => {
  const [one, two] = env.servers;
  const placed = await call(one.url, "/api/orders", {
    method: "POST",
    body: orderForm("Awa Ndongo"),
    client: newClient(),
  });
  expect(placed.status).toBe(201);
  const { reference } = (await placed.json()).data as { reference: string };
  for (const base of [one.url, two.url, env.url]) {
    const file = await call(base, `/api/orders/${reference}/file`, asAdmin());
    expect(file.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), png)).toBe(0);
    expect((await call(base, `/api/orders/${reference}/file`)).status).toBe(401);
  }
  const signedUp = await call(two.url, "/api/signup", {
    ...json({
      name: "Client",
      email: `client-${randomBytes(3).toString("hex")}@test.cm`,
      password: "motdepasse-solide",
      confirmPassword: "motdepasse-solide",
    }),
    client: newClient(),
  });
  expect(signedUp.status).toBe(201);
  const customer = await call(one.url, "/api/signin", {
    ...json({ email: (await signedUp.json()).data.email, password: "motdepasse-solide" }),
    client: newClient(),
  });
  const customerToken = (await customer.json()).data;
  for (const base of [one.url, two.url]) {
    const res = await call(base, `/api/orders/${reference}/file`, {
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(res.status).toBe(403);
  }
});

test("a product changed on one server shows on the other's cached page on the next request", async () => {
  const [one, two] = env.servers;
  const created = await call(
    one.url,
    "/api/upload-product",
    asAdmin(
      json({
        productName: "Galaxy A15 128 Go",
        brandName: "Samsung",
        category: "SAMSUNG",
        productImage: [],
        description: "Neuf, garantie 12 mois.",
        price: 120000,
        sellingPrice: 110000,
      }),
    ),
  );
  expect(created.status).toBe(201);
  const id = (await created.json()).data._id as string;
  // The page is kept by the second server's page cache (anonymous, twice).
  for (let i = 0; i < 2; i++) {
    const page = await call(two.url, `/product/${id}`);
    expect(await page.text()).toContain("Galaxy A15 128 Go");
  }
  const updated = await call(
    one.url,
    "/api/update-product",
    asAdmin(json({ _id: id, productName: "Galaxy A15 256 Go" })),
  );
  expect(updated.status).toBe(200);
  const next = await (await call(two.url, `/product/${id}`)).text();
  expect(next).toContain("Galaxy A15 256 Go");
  expect(next).not.toContain("Galaxy A15 128 Go");
});

test("one app server killed with SIGKILL during a stream of orders: no acknowledged order lost, the other takes the rest, the restarted one rejoins", async () => {
  const [one] = env.servers;
  const acknowledged: string[] = [];
  const failures: number[] = [];
  let killedAt = 0;
  let acknowledgedAfterKill = 0;
  let stop = false;
  const stream = async (lane: number) => {
    for (let i = 0; !stop; i++) {
      const name = `Flux ${lane}-${i}`;
      const res = await call(env.url, "/api/orders", {
        method: "POST",
        body: orderForm(name),
        client: newClient(),
      }).catch(() => null);
      if (res?.status === 201) {
        acknowledged.push((await res.json()).data.reference);
        if (killedAt) acknowledgedAfterKill++;
      } else {
        failures.push(res?.status ?? 0);
        await res?.arrayBuffer().catch(() => {});
      }
    }
  };
  const lanes = Array.from({ length: 4 }, (_, lane) => stream(lane));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  killedAt = Date.now();
  await one.kill("SIGKILL");
  await new Promise((resolve) => setTimeout(resolve, 3000));
  stop = true;
  await Promise.all(lanes);

  console.log(
    `orders: ${acknowledged.length} acknowledged (${acknowledgedAfterKill} after the kill), failed: [${failures.join(", ")}]`,
  );
  expect(acknowledged.length).toBeGreaterThan(10);
  expect(acknowledgedAfterKill).toBeGreaterThan(5);
  const stored = await env.query<{ reference: string }>("SELECT reference FROM orders WHERE reference = ANY($1)", [
    acknowledged,
  ]);
  expect(stored.length).toBe(acknowledged.length);
  // Only the requests the killed server had in hand can fail (HAProxy's 502), never more.
  expect(failures.length).toBeLessThanOrEqual(8);
  expect(failures.every((status) => status === 502 || status === 503 || status === 0)).toBe(true);

  // Started again, it rejoins: the load balancer sends it requests again.
  await one.start();
  await expect
    .poll(
      async () => {
        const seen = new Set<string>();
        for (let i = 0; i < 6; i++) seen.add((await call(env.url, "/api/health")).headers.get("x-served-by") ?? "");
        return [...seen].sort();
      },
      { timeout: 15_000 },
    )
    .toEqual(["app1", "app2"]);
});

test("Redis stopped and started during traffic: no 5xx", async () => {
  const statuses = new Map<number, number>();
  let stop = false;
  const traffic = async (lane: number) => {
    for (let i = 0; !stop; i++) {
      const res =
        i % 2
          ? await call(env.url, "/api/signin", {
              ...json({ email: "x@test.cm", password: "pas-le-bon" }),
              client: newClient(),
            })
          : await call(env.url, lane % 2 ? "/" : "/api/get-product");
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      await res.arrayBuffer();
    }
  };
  const lanes = Array.from({ length: 4 }, (_, lane) => traffic(lane));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await env.redis.stop();
  await expect
    .poll(async () => (await (await call(env.url, "/api/health")).json()).data.rateLimits, { timeout: 10_000 })
    .toBe("local-fallback");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await env.redis.start();
  for (const server of env.servers) {
    await expect
      .poll(async () => (await (await call(server.url, "/api/health")).json()).data.rateLimits, { timeout: 15_000 })
      .toBe("redis");
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  stop = true;
  await Promise.all(lanes);
  console.log(`answers while Redis went away and came back: ${JSON.stringify(Object.fromEntries(statuses))}`);
  const codes = [...statuses.keys()].sort();
  expect(codes.filter((code) => code >= 500)).toEqual([]);
  expect(codes).toEqual([200, 401]);
  expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
});
