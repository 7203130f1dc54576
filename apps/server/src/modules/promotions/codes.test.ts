import { formatPrice, MSG } from "@shop/shared";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { promotions, promotionUses } from "../../db/schema/promotions.ts";
import { addToCart, customerWithCart, productWithStock, useTestApp } from "../../test/harness.ts";

/**
 * Decision 051: a code on an order — found as typed, refused with its French reason and nothing
 * written, counted in the order's transaction (exactly the limit, on two app servers), per
 * customer by phone and account, given back by a cancelled order, once per idempotency key.
 */

const ctx = useTestApp({ actors: true, env: { PROMO_CODE_RATE_LIMIT_MAX: "1000" } });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let serial = 0;

/** A code running now; override any field. */
async function code(overrides: Record<string, unknown> = {}): Promise<{ id: string; code: string }> {
  const typed = `CODE-${++serial}`;
  const res = await ctx.call("POST", "/api/admin/promotions", {
    token: ctx.actors.superAdmin,
    payload: {
      kind: "code",
      name: `Promo ${serial}`,
      code: typed,
      discountType: "percent",
      value: 10,
      startsAt: inDays(-1),
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data._id, code: res.json().data.code };
}

let phone: { productId: string; variantId: string };
beforeAll(async () => {
  // 100 000 FCFA, sold at 90 000, stock not tracked.
  phone = await productWithStock(ctx, ctx.actors.superAdmin, "Galaxy A15", null);
});

const buyer = (quantity = 1) => customerWithCart(ctx, [[phone.productId, quantity]]);

const check = (token: string | null, payload: object) => ctx.call("POST", "/api/promo-code/check", { token, payload });

const fromCart = (token: string, payload: object = {}, app = ctx.app) =>
  ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp", ...payload }, app });

const usesOf = async (id: string) =>
  (await ctx.database.db.select().from(promotions).where(eq(promotions.id, id)))[0]?.uses;
const orderCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

function expectRefused(res: { statusCode: number; json(): { message: string; code?: string } }, message: string) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ message, code: "promo-code-refused" });
}

describe("the check as the customer types", () => {
  it("finds a code whatever its spaces and case, and says what it takes off the cart", async () => {
    const { code: typed } = await code({ code: "black friday" });
    expect(typed).toBe("BLACKFRIDAY");
    const { token } = await buyer(2);
    const res = await check(token, { code: "  Black Friday " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.promoCodeApplied(formatPrice(18_000)),
      data: { code: "BLACKFRIDAY", discount: 18_000, deliveryFree: false, subtotal: 180_000, needsPhone: false },
    });
  });

  it("gives each refusal its French reason", async () => {
    const { token } = await buyer();
    expectRefused(await check(token, { code: "NOPE-404" }), MSG.promoCodeUnknown);
    const expired = await code({ startsAt: inDays(-5), endsAt: inDays(-1) });
    expectRefused(await check(token, { code: expired.code }), MSG.promoCodeExpired);
    const later = await code({ startsAt: inDays(2) });
    expectRefused(await check(token, { code: later.code }), MSG.promoCodeNotYet);
    const minimum = await code({ minSubtotal: 500_000 });
    expectRefused(await check(token, { code: minimum.code }), MSG.promoCodeMinimum(formatPrice(500_000)));
    const elsewhere = await code({ brands: ["Tecno"] });
    expectRefused(await check(token, { code: elsewhere.code }), MSG.promoCodeNoLine);
    const paused = await code();
    await ctx.call("POST", `/api/admin/promotions/${paused.id}/pause`, { token: ctx.actors.admin });
    expectRefused(await check(token, { code: paused.code }), MSG.promoCodePaused);
  });

  it("counts nothing", async () => {
    const c = await code({ maxUses: 1 });
    const { token } = await buyer();
    for (let i = 0; i < 3; i++) expect((await check(token, { code: c.code })).statusCode).toBe(200);
    expect(await usesOf(c.id)).toBe(0);
  });
});

describe("an order with a code", () => {
  it("carries the discount in its totals, its copy and the code's count", async () => {
    const c = await code({ discountType: "amount", value: 7_500 });
    const { token } = await buyer(2);
    const res = await fromCart(token, { promoCode: c.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      totalPrice: 180_000,
      discount: 7_500,
      total: 172_500,
      promotionCode: c.code,
      discounts: [{ promotionId: c.id, kind: "code", code: c.code, amount: 7_500, deliveryFree: false }],
    });
    expect(await usesOf(c.id)).toBe(1);
    const uses = await ctx.database.db.select().from(promotionUses).where(eq(promotionUses.promotionId, c.id));
    expect(uses).toHaveLength(1);
  });

  it("is refused whole when the code is: nothing written, nothing counted", async () => {
    const c = await code({ startsAt: inDays(3) });
    const { token } = await buyer();
    const before = await orderCount();
    expectRefused(await fromCart(token, { promoCode: c.code }), MSG.promoCodeNotYet);
    expect(await orderCount()).toBe(before);
    // Without the code, the same cart orders.
    expect((await fromCart(token)).statusCode).toBe(201);
  });

  it("a retry with the same idempotency key uses the code once", async () => {
    const c = await code();
    const { token } = await buyer();
    const key = crypto.randomUUID();
    const first = await fromCart(token, { promoCode: c.code, idempotencyKey: key });
    const again = await fromCart(token, { promoCode: c.code, idempotencyKey: key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.reference).toBe(first.json().data.reference);
    expect(await usesOf(c.id)).toBe(1);
  });
});

describe("counted exactly", () => {
  it("with a limit of 1, of 50 orders at the same moment on two app servers exactly one gets it", async () => {
    const c = await code({ maxUses: 1 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer()));
    const peer = await ctx.peer();
    try {
      const before = await orderCount();
      const answers = await Promise.all(
        buyers.map((b, i) => fromCart(b.token, { promoCode: c.code }, i % 2 ? peer.app : ctx.app)),
      );
      const placed = answers.filter((a) => a.statusCode === 201);
      expect(placed, answers.map((a) => a.statusCode).join(",")).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 201)) expectRefused(refused, MSG.promoCodeExhausted);
      expect(await orderCount()).toBe(before + 1);
      expect(await usesOf(c.id)).toBe(1);
    } finally {
      await peer.close();
    }
  });

  it("once per customer: counted by phone number and by account, whatever the e-mail", async () => {
    const c = await code({ maxUsesPerCustomer: 1 });
    const first = await buyer();
    // A limited code needs the number, even from the cart.
    const noPhone = await fromCart(first.token, { promoCode: c.code });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(MSG.promoCodeNeedsPhone);
    expect((await fromCart(first.token, { promoCode: c.code, phone: "677 12 34 56" })).statusCode).toBe(201);
    // Another account (another e-mail), the same number written otherwise.
    const second = await buyer();
    expectRefused(
      await fromCart(second.token, { promoCode: c.code, phone: "+237 6 77 12 34 56" }),
      MSG.promoCodeUsedByPhone,
    );
    // The same account, another number (by phone: on WhatsApp, the same cart again answers its first order).
    expectRefused(
      await fromCart(first.token, { channel: "phone", promoCode: c.code, phone: "699000000" }),
      MSG.promoCodeUsedByPhone,
    );
    expectRefused(await check(second.token, { code: c.code, phone: "677123456" }), MSG.promoCodeUsedByPhone);
    // Two orders of one number at the same moment: one passes.
    const [a, b] = await Promise.all([buyer(), buyer()]);
    const both = await Promise.all([
      fromCart(a.token, { promoCode: c.code, phone: "655000001" }),
      fromCart(b.token, { promoCode: c.code, phone: "655000001" }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("a cancelled order gives its use back", async () => {
    const c = await code({ maxUses: 1 });
    const first = await buyer();
    const placed = await fromCart(first.token, { promoCode: c.code });
    expect(placed.statusCode).toBe(201);
    const second = await buyer();
    expectRefused(await fromCart(second.token, { promoCode: c.code }), MSG.promoCodeExhausted);
    const cancelled = await ctx.call("POST", `/api/admin/orders/${placed.json().data.reference}/status`, {
      token: ctx.actors.admin,
      payload: { status: "annulée" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await usesOf(c.id)).toBe(0);
    expect((await fromCart(second.token, { promoCode: c.code })).statusCode).toBe(201);
  });
});

describe("the order form", () => {
  it("takes a code with the signed-in customer's cart, counted by the form's number", async () => {
    const c = await code({ maxUsesPerCustomer: 1, value: 50 });
    const { token } = await buyer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const form = (number: string) =>
      ctx.call("POST", "/api/orders", {
        token,
        multipart: [
          { name: "name", value: "Awa Ndongo" },
          { name: "number", value: number },
          { name: "text", value: "Yaoundé, Bastos" },
          { name: "promoCode", value: c.code.toLowerCase() },
          { name: "file", filename: "photo.png", type: "image/png", bytes: png },
        ],
      });
    const placed = await form("6 90 11 22 33");
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ totalPrice: 90_000, discount: 45_000, total: 45_000 });
    // The form emptied the cart: the same product again, the same number written otherwise.
    await addToCart(ctx, token, phone.productId);
    expectRefused(await form("690112233"), MSG.promoCodeUsedByPhone);
  });
});

describe("guessing codes", () => {
  const limited = useTestApp({ env: { PROMO_CODE_RATE_LIMIT_MAX: "3" } });
  it("is rate-limited per address, the check and the orders together", async () => {
    const tries = [];
    for (let i = 0; i < 4; i++)
      tries.push((await limited.call("POST", "/api/promo-code/check", { payload: { code: `GUESS-${i}` } })).statusCode);
    expect(tries).toEqual([409, 409, 409, 429]);
  });
});
