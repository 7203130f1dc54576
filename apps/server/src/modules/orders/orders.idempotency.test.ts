import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { FIELD_MSG, IDEMPOTENCY_KEY_HEADER, MSG, notEnoughStock, type Order } from "@shop/shared";
import { count, eq, sql } from "drizzle-orm";
import type { Response } from "light-my-request";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { productVariants } from "../../db/schema/products.ts";
import { stockMovements } from "../../db/schema/stock.ts";
import {
  addToCart,
  customerWithCart,
  type FormPart,
  productWithStock as harnessProductWithStock,
  stockOf as harnessStockOf,
  SUPER_EMAIL,
  type TestContext,
  tokenFor,
  useTestApp,
} from "../../test/harness.ts";

/**
 * Decisions 014 and 034: a phone on a flaky network sends an order kept on it until it hears an answer, with
 * one idempotency key, so the order is recorded once however often it arrives, two copies at
 * the same instant included, and a refused attempt leaves the key free for a corrected one.
 */

const ctx = useTestApp();
let admin: string;
let png: Buffer;

type App = TestContext["app"];

beforeAll(async () => {
  admin = await tokenFor(ctx, { email: SUPER_EMAIL });
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
});
afterEach(() => vi.restoreAllMocks());

const newKey = () => randomUUID();

interface Send {
  token?: string | null;
  /** The Idempotency-Key header. */
  header?: string;
  /** The `idempotencyKey` field (multipart field, or JSON body field). */
  field?: string;
  app?: App;
}

/** The order form, as the storefront sends it, with the key in a header, a field or both. */
function postForm(options: Send = {}, overrides: Record<string, string> = {}): Promise<Response> {
  const fields = { name: "Awa Ndongo", number: "677123456", text: "Yaoundé, Bastos", ...overrides };
  const parts: FormPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (options.field !== undefined) parts.push({ name: "idempotencyKey", value: options.field });
  parts.push({ name: "file", filename: "liste.png", type: "image/png", bytes: png });
  return ctx.call("POST", "/api/orders", {
    app: options.app,
    token: options.token,
    headers: options.header !== undefined ? { [IDEMPOTENCY_KEY_HEADER]: options.header } : {},
    multipart: parts,
  });
}

/** The cart's WhatsApp (or phone) button. */
function postCart(token: string, options: Omit<Send, "token"> = {}, channel: "whatsapp" | "phone" = "whatsapp") {
  return ctx.call("POST", "/api/orders/from-cart", {
    app: options.app,
    token,
    headers: options.header !== undefined ? { [IDEMPOTENCY_KEY_HEADER]: options.header } : {},
    payload: { channel, ...(options.field !== undefined ? { idempotencyKey: options.field } : {}) },
  });
}

const productWithStock = (name: string, stock: number | null) => harnessProductWithStock(ctx, admin, name, stock);
const stockOf = (variantId: string) => harnessStockOf(ctx, variantId);

const movementsOf = async (variantId: string) =>
  (await ctx.database.db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.variantId, variantId)))[0]
    ?.n;

const customer = (cart: [string, number][] = []) => customerWithCart(ctx, cart);

async function cartCount(token: string): Promise<number> {
  const res = await ctx.call("GET", "/api/countAddToCartProduct", { token });
  return res.json().data.count;
}

const orderCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

const ordersWithKey = (key: string) => ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));

const storedFiles = () => {
  const dir = path.join(ctx.config.dataDir, "order-files");
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** Runs requests that must be refused and checks they left no order and no file behind. */
async function withoutWrites<T>(action: () => Promise<T>): Promise<T> {
  const before = { orders: await orderCount(), files: storedFiles().length };
  const result = await action();
  expect(await orderCount()).toBe(before.orders);
  expect(storedFiles()).toHaveLength(before.files);
  return result;
}

function expectRefused(res: Response, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error: true, message, data: null });
}

const notifications = () => vi.spyOn(ctx.app, "notifyAdmins");

describe("the order form with an idempotency key", () => {
  it("records an order sent 3 times once: one file, the stock taken once, 201 then 200 with the same order", async () => {
    const phone = await productWithStock("Galaxy S23", 5);
    const { user, token } = await customer([[phone.productId, 2]]);
    const notified = notifications();
    const files = storedFiles().length;
    const key = newKey();

    const answers: Response[] = [];
    for (let i = 0; i < 3; i++) answers.push(await postForm({ token, header: key }));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 200, 200]);
    for (const res of answers) {
      expect(res.json()).toMatchObject({ success: true, error: false, message: MSG.orderCreated });
      expect(res.json().data).toEqual(answers[0]?.json().data);
    }
    const order: Order = answers[0]?.json().data;
    expect(order.lines).toEqual([expect.objectContaining({ productId: phone.productId, quantity: 2 })]);

    const rows = await ordersWithKey(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: order._id, reference: order.reference, userId: user.id });
    expect(storedFiles()).toHaveLength(files + 1);
    expect(storedFiles()).toContain(rows[0]?.filePath);
    expect(await stockOf(phone.variantId)).toBe(3);
    expect(await movementsOf(phone.variantId)).toBe(1);
    expect(await cartCount(token)).toBe(0);
    expect(notified).toHaveBeenCalledTimes(1);
  });

  it("reads the key from the idempotencyKey field, as from the header", async () => {
    const key = newKey();
    const first = await postForm({ field: key });
    expect(first.statusCode, first.body).toBe(201);
    const byHeader = await postForm({ header: key });
    const byBoth = await postForm({ header: key, field: key });
    for (const res of [byHeader, byBoth]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data._id).toBe(first.json().data._id);
    }
    expect(await ordersWithKey(key)).toHaveLength(1);
  });

  it("refuses a header and a field that differ with 400, writing nothing", async () => {
    const res = await withoutWrites(() => postForm({ header: newKey(), field: newKey() }));
    expectRefused(res, 400, MSG.idempotencyKeyMismatch);
    expect(res.json().issues).toEqual([{ path: "body.idempotencyKey", message: MSG.idempotencyKeyMismatch }]);
  });

  it("takes a key written with a visitor's order and answers the same order to the visitor only", async () => {
    const key = newKey();
    const first = await postForm({ header: key });
    expect(first.statusCode).toBe(201);
    const { token } = await customer();
    const signedIn = await withoutWrites(() => postForm({ token, header: key }));
    expectRefused(signedIn, 409, MSG.idempotencyKeyReused);
    const again = await postForm({ header: key });
    expect(again.statusCode).toBe(200);
  });

  it("lets a refused attempt leave the key free: an invalid phone, then the corrected order", async () => {
    const key = newKey();
    const wrong = await withoutWrites(() => postForm({ header: key }, { number: "12" }));
    expectRefused(wrong, 400, FIELD_MSG.phoneInvalid);
    const corrected = await postForm({ header: key });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.json().data.phone).toBe("+237677123456");
    expect(await ordersWithKey(key)).toHaveLength(1);
  });

  it("lets a sold-out refusal leave the key free: once the shop restocks, the same key orders", async () => {
    const phone = await productWithStock("iPhone 14", 1);
    const { token } = await customer([[phone.productId, 2]]);
    const key = newKey();
    const soldOut = await withoutWrites(() => postForm({ token, header: key }));
    expectRefused(soldOut, 409, notEnoughStock("iPhone 14", 1));
    expect(await cartCount(token)).toBe(1);
    await ctx.database.db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, phone.variantId));
    const retry = await postForm({ token, header: key });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await stockOf(phone.variantId)).toBe(2);
    expect((await postForm({ token, header: key })).statusCode).toBe(200);
    expect(await stockOf(phone.variantId)).toBe(2);
  });

  it("keeps today's behaviour without a key: every form sent is a new order, announced each time", async () => {
    const notified = notifications();
    const answers = [await postForm(), await postForm()];
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json().data._id).not.toBe(answers[1]?.json().data._id);
    expect(notified).toHaveBeenCalledTimes(2);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, answers[0]?.json().data._id));
    expect(row?.idempotencyKey).toBeNull();
  });
});

describe("the cart's buttons with an idempotency key", () => {
  it("answers the first order to a retry after the cart changed, and after it was emptied", async () => {
    const phone = await productWithStock("Pixel 8", 5);
    const case_ = await productWithStock("Coque Pixel 8", 10);
    const { token } = await customer([[phone.productId, 1]]);
    const notified = notifications();
    const key = newKey();

    const first = await postCart(token, { header: key });
    expect(first.statusCode, first.body).toBe(201);
    const order: Order = first.json().data;

    await addToCart(ctx, token, case_.productId, 3);
    const afterChange = await postCart(token, { header: key });
    expect(afterChange.statusCode).toBe(200);
    expect(afterChange.json()).toMatchObject({ success: true, message: MSG.orderCreated });
    expect(afterChange.json().data).toEqual(order);

    // The field carries it too, even once the cart is empty (no MSG.cartEmpty for a retry).
    const lines = (await ctx.call("GET", "/api/view-card-product", { token })).json().data as { _id: string }[];
    for (const line of lines) {
      await ctx.call("POST", "/api/delete-cart-product", { token, payload: { _id: line._id } });
    }
    expect(await cartCount(token)).toBe(0);
    const afterEmptied = await postCart(token, { field: key });
    expect(afterEmptied.statusCode, afterEmptied.body).toBe(200);
    expect(afterEmptied.json().data._id).toBe(order._id);

    expect(await ordersWithKey(key)).toHaveLength(1);
    expect(await stockOf(phone.variantId)).toBe(4);
    expect(await stockOf(case_.variantId)).toBe(10);
    expect(notified).toHaveBeenCalledTimes(1);
  });

  it("answers a retry on the other button the first order (a key belongs to cart orders, not to one button)", async () => {
    const phone = await productWithStock("Tecno Camon 20", 5);
    const { token } = await customer([[phone.productId, 1]]);
    const key = newKey();
    const first = await postCart(token, { header: key }, "whatsapp");
    expect(first.statusCode).toBe(201);
    const other = await postCart(token, { header: key }, "phone");
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ _id: first.json().data._id, channel: "whatsapp" });
  });

  it("refuses a header and a body field that differ with 400", async () => {
    const phone = await productWithStock("Nokia G42", 5);
    const { token } = await customer([[phone.productId, 1]]);
    const res = await withoutWrites(() => postCart(token, { header: newKey(), field: newKey() }));
    expectRefused(res, 400, MSG.idempotencyKeyMismatch);
    expect(await stockOf(phone.variantId)).toBe(5);
    const key = newKey();
    expect((await postCart(token, { header: key, field: key })).statusCode).toBe(201);
  });

  it("keeps today's behaviour without a key: a second tap with the same cart answers the first order", async () => {
    const phone = await productWithStock("Infinix Hot 40", 5);
    const { token } = await customer([[phone.productId, 1]]);
    const first = await postCart(token);
    const again = await postCart(token);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data._id).toBe(first.json().data._id);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, first.json().data._id));
    expect(row?.idempotencyKey).toBeNull();
  });
});

describe("a key used for another order", () => {
  it("is refused with 409 to another customer, to the other kind of order and to a visitor", async () => {
    const phone = await productWithStock("Galaxy A35", 20);
    const owner = await customer([[phone.productId, 1]]);
    const someoneElse = await customer([[phone.productId, 1]]);
    const cartKey = newKey();
    const formKey = newKey();
    expect((await postCart(owner.token, { header: cartKey })).statusCode).toBe(201);
    expect((await postForm({ token: owner.token, header: formKey })).statusCode).toBe(201);
    expect(await stockOf(phone.variantId)).toBe(18);

    const refused = await withoutWrites(() =>
      Promise.all([
        postCart(someoneElse.token, { header: cartKey }),
        postForm({ token: someoneElse.token, header: formKey }),
        postForm({ token: owner.token, header: cartKey }),
        postForm({ header: cartKey }),
      ]),
    );
    // The owner's form emptied their cart: give it a line again, so that only the key refuses.
    await addToCart(ctx, owner.token, phone.productId, 1);
    refused.push(await withoutWrites(() => postCart(owner.token, { header: formKey })));
    for (const res of refused) expectRefused(res, 409, MSG.idempotencyKeyReused);
    expect(await stockOf(phone.variantId)).toBe(18);
    expect(await cartCount(someoneElse.token)).toBe(1);
  });
});

describe("keys that are not keys", () => {
  const refusals = [
    ["15 characters", "a".repeat(15)],
    ["101 characters", "a".repeat(101)],
    ["an accent", `clé-${"x".repeat(20)}`],
    ["a space", `${"x".repeat(10)} ${"x".repeat(10)}`],
    ["a slash", `${"x".repeat(10)}/${"x".repeat(10)}`],
    ["nothing", ""],
  ] as const;

  it.each(refusals)("refuses a key of %s in the header, with 400 in French", async (_label, key) => {
    const { token } = await customer([[(await productWithStock(`Produit ${_label}`, 3)).productId, 1]]);
    const form = await withoutWrites(() => postForm({ header: key }));
    const cart = await withoutWrites(() => postCart(token, { header: key }));
    for (const res of [form, cart]) {
      expectRefused(res, 400, FIELD_MSG.idempotencyKeyInvalid);
      expect(res.json().issues).toEqual([
        { path: "headers.idempotency-key", message: FIELD_MSG.idempotencyKeyInvalid },
      ]);
    }
  });

  it.each(refusals)("refuses a key of %s in the field, with 400 in French", async (_label, key) => {
    const { token } = await customer([[(await productWithStock(`Article ${_label}`, 3)).productId, 1]]);
    const form = await withoutWrites(() => postForm({ field: key }));
    const cart = await withoutWrites(() => postCart(token, { field: key }));
    for (const res of [form, cart]) {
      expectRefused(res, 400, FIELD_MSG.idempotencyKeyInvalid);
      expect(res.json().issues).toContainEqual({
        path: "body.idempotencyKey",
        message: FIELD_MSG.idempotencyKeyInvalid,
      });
    }
  });

  it("takes 16 and 100 letters, digits, dashes and underscores", async () => {
    for (const key of ["Ab3_-".repeat(3).concat("z"), "k_-9".repeat(25), "0123456789abcdef"]) {
      const res = await postForm({ header: key });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(201);
      expect((await postForm({ field: key })).statusCode).toBe(200);
    }
  });
});

describe("simultaneous copies of one order", () => {
  it("10 form orders with one key at the same instant, on two app servers, make one order", async () => {
    const phone = await productWithStock("Galaxy S24", 6);
    const { token } = await customer([[phone.productId, 2]]);
    const peer = await ctx.peer();
    try {
      const notified = [notifications(), vi.spyOn(peer.app, "notifyAdmins")];
      const files = storedFiles().length;
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => postForm({ token, header: key, app: i % 2 ? peer.app : ctx.app })),
      );
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join("\n")).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      expect(new Set(answers.map((r) => r.json().data._id)).size).toBe(1);
      const rows = await ordersWithKey(key);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.totalQuantity).toBe(2);
      expect(await stockOf(phone.variantId)).toBe(4);
      expect(await movementsOf(phone.variantId)).toBe(1);
      expect(storedFiles()).toHaveLength(files + 1);
      // Whichever server made the order rang the admins, once.
      expect(notified.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(1);
    } finally {
      await peer.close();
    }
  });

  it("10 cart orders with one key at the same instant make one order", async () => {
    const phone = await productWithStock("Redmi 13C", 3);
    const { token } = await customer([[phone.productId, 3]]);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postCart(token, { header: key })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().data._id)).size).toBe(1);
    expect(await ordersWithKey(key)).toHaveLength(1);
    expect(await stockOf(phone.variantId)).toBe(0);
  });

  // The lock makes this unreachable for the app's own requests; the unique index still guards
  // a writer that skipped it: its order, committed while ours waited on the index, is answered
  // as a retry's would be. Needs two connections, so PostgreSQL only (PGlite runs one
  // transaction at a time).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "answers the order whose key the unique index found, instead of a 500",
    async () => {
      const peer = await ctx.peer();
      try {
        const key = newKey();
        const files = storedFiles().length;
        let inserted!: () => void;
        let release!: () => void;
        const holding = new Promise<void>((resolve) => (inserted = resolve));
        const released = new Promise<void>((resolve) => (release = resolve));
        let otherId = "";
        const other = peer.app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(orders)
            .values({
              reference: "CMD-KEY22",
              channel: "form",
              name: "Awa",
              phone: "+237677123456",
              idempotencyKey: key,
            })
            .returning();
          otherId = row?.id ?? "";
          inserted();
          await released;
        });
        await holding;
        const request = postForm({ header: key });
        // Wait until our insert waits for the other transaction on the index.
        let waited = false;
        for (let i = 0; i < 100 && !waited; i++) {
          const waiting = (await ctx.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] };
          waited = Boolean(waiting.rows[0]?.n);
          if (!waited) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        release();
        expect(waited).toBe(true);
        await other;
        const res = await request;
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data._id).toBe(otherId);
        expect(await ordersWithKey(key)).toHaveLength(1);
        expect(storedFiles()).toHaveLength(files);
      } finally {
        await peer.close();
      }
    },
  );
});

describe("OpenAPI", () => {
  it("documents the Idempotency-Key header on both routes and the 200 of the form", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const url of ["/api/orders", "/api/orders/from-cart"]) {
      const operation = doc.paths[url].post;
      expect(operation.parameters, url).toContainEqual(
        expect.objectContaining({ in: "header", name: "idempotency-key", required: false }),
      );
      expect(Object.keys(operation.responses).sort(), url).toEqual(expect.arrayContaining(["200", "201"]));
    }
  });
});
