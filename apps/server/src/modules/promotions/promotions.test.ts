import { FIELD_MSG, formatPrice, MSG } from "@shop/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { promotions } from "../../db/schema/promotions.ts";
import { uploadProduct, useTestApp } from "../../test/harness.ts";

/**
 * Decision 051: the back-office's 'Promotions' — sales and codes created, edited, paused,
 * resumed and ended; bad input refused in French with nothing written; each change audited.
 */

const ctx = useTestApp({ actors: true });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const SALE = {
  kind: "sale",
  name: "Black Friday",
  discountType: "percent",
  value: 10,
  startsAt: inDays(-1),
  endsAt: inDays(3),
  brands: ["Samsung"],
};
const CODE = {
  kind: "code",
  name: "Radio FM 94",
  code: " radio fm94 ",
  discountType: "amount",
  value: 5000,
  startsAt: inDays(-1),
  minSubtotal: 50_000,
  maxUses: 20,
  maxUsesPerCustomer: 1,
};

const create = (payload: object, token = ctx.actors.admin) =>
  ctx.call("POST", "/api/admin/promotions", { token, payload });

const auditLines = (id: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "promotion"), eq(auditLog.entityId, id)));

describe("creating promotions", () => {
  it("creates a sale, running now, and writes its audit line", async () => {
    const res = await create(SALE);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      kind: "sale",
      name: "Black Friday",
      code: null,
      discountType: "percent",
      value: 10,
      brands: ["Samsung"],
      state: "running",
      uses: 0,
      summary: { orders: 0, units: 0, revenue: 0, discount: 0 },
    });
    expect(res.json().message).toBe(MSG.promotionSaved);
    const lines = await auditLines(data._id);
    expect(lines.map((l) => l.action)).toEqual(["create"]);
  });

  it("keeps a code as customers will type it, and refuses the same code twice (409)", async () => {
    const res = await create(CODE);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ code: "RADIOFM94", maxUses: 20, maxUsesPerCustomer: 1, state: "running" });
    const again = await create({ ...CODE, code: "RadioFM94" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.promotionCodeTaken);
    const rows = await ctx.database.db.select().from(promotions).where(eq(promotions.code, "RADIOFM94"));
    expect(rows).toHaveLength(1);
  });

  it("a promotion that starts later is 'scheduled'", async () => {
    const res = await create({ ...SALE, name: "Noël", startsAt: inDays(10), endsAt: inDays(12) });
    expect(res.json().data.state).toBe("scheduled");
  });

  it.each([
    ["a percentage of 150", { ...SALE, value: 150 }, "value", FIELD_MSG.promoPercentInvalid],
    [
      "an end before the start",
      { ...SALE, startsAt: inDays(2), endsAt: inDays(1) },
      "endsAt",
      FIELD_MSG.promoEndBeforeStart,
    ],
    ["a sale without an end", { ...SALE, endsAt: null }, "endsAt", FIELD_MSG.promoSaleNeedsEnd],
    [
      "a sale with free delivery",
      { ...SALE, discountType: "free_delivery", value: 0 },
      "discountType",
      FIELD_MSG.promoSaleNoFreeDelivery,
    ],
    ["a code without a code", { ...CODE, code: null }, "code", FIELD_MSG.promoCodeRequired],
    ["a code of punctuation", { ...CODE, code: "€€€!" }, "code", FIELD_MSG.promoCodeInvalid],
    ["an amount of zero", { ...CODE, value: 0 }, "value", FIELD_MSG.promoAmountInvalid],
    ["a name left empty", { ...SALE, name: "  " }, "name", FIELD_MSG.promoNameRequired],
    ["a date that is no date", { ...SALE, startsAt: "demain" }, "startsAt", FIELD_MSG.promoDateInvalid],
  ])("refuses %s in French, writing nothing", async (_case, payload, path, message) => {
    const before = (await ctx.database.db.select().from(promotions)).length;
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toContainEqual({ path: `body.${path}`, message });
    expect(await ctx.database.db.select().from(promotions)).toHaveLength(before);
  });

  it("refuses a sale's amount that would give a product away, naming it", async () => {
    const made = await uploadProduct(ctx, ctx.actors.admin, {
      productName: "Coque Galaxy A15",
      brandName: "Samsung",
      category: "ACCESSOIRES",
      price: 5000,
      sellingPrice: 4000,
    });
    expect(made.statusCode).toBe(201);
    const res = await create({ ...SALE, discountType: "amount", value: 4000, productIds: [made.json().data._id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.promotionAmountAbovePrice("Coque Galaxy A15", formatPrice(4000)));
    const fine = await create({ ...SALE, discountType: "amount", value: 3999, productIds: [made.json().data._id] });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it("refuses products, variants or categories that do not exist", async () => {
    const product = await create({ ...SALE, productIds: [crypto.randomUUID()] });
    expect(product.statusCode).toBe(400);
    expect(product.json().message).toBe(MSG.promotionUnknownProducts);
    const category = await create({ ...SALE, categories: ["TÉLÉPORTEURS"] });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toBe(MSG.promotionUnknownCategory("TÉLÉPORTEURS"));
  });
});

describe("editing, pausing, resuming, ending", () => {
  it("edits a promotion and records what changed", async () => {
    const id = (await create({ ...SALE, name: "Soldes d'été" })).json().data._id;
    const res = await ctx.call("PUT", `/api/admin/promotions/${id}`, {
      token: ctx.actors.superAdmin,
      payload: { ...SALE, name: "Soldes d'été", value: 15 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.value).toBe(15);
    const update = (await auditLines(id)).find((l) => l.action === "update");
    expect(update?.before).toMatchObject({ value: 10 });
    expect(update?.after).toMatchObject({ value: 15 });
  });

  it("a sale stays a sale", async () => {
    const id = (await create({ ...SALE, name: "Rentrée" })).json().data._id;
    const res = await ctx.call("PUT", `/api/admin/promotions/${id}`, {
      token: ctx.actors.admin,
      payload: { ...CODE, code: "RENTREE" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.promotionKindFixed);
  });

  it("pauses, resumes and ends early; an ended promotion stays ended", async () => {
    const id = (await create({ ...CODE, code: "PAUSE-1" })).json().data._id;
    const act = (action: string) =>
      ctx.call("POST", `/api/admin/promotions/${id}/${action}`, { token: ctx.actors.admin });
    const paused = await act("pause");
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ message: MSG.promotionPaused, data: { state: "paused" } });
    expect((await act("resume")).json().data.state).toBe("running");
    expect((await act("end")).json().data.state).toBe("ended");
    const again = await act("resume");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.promotionAlreadyEnded);
    expect((await auditLines(id)).map((l) => l.action).sort()).toEqual(["create", "end", "pause", "resume"]);
  });

  it("ends a scheduled promotion before it ever runs", async () => {
    const id = (await create({ ...SALE, name: "Annulée", startsAt: inDays(5), endsAt: inDays(6) })).json().data._id;
    const res = await ctx.call("POST", `/api/admin/promotions/${id}/end`, { token: ctx.actors.admin });
    expect(res.json().data.state).toBe("ended");
  });

  it("answers 404 for a promotion that does not exist, and 404 for an unknown action", async () => {
    const missing = await ctx.call("GET", `/api/admin/promotions/${crypto.randomUUID()}`, { token: ctx.actors.admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.promotionNotFound);
    const id = (await create({ ...CODE, code: "ACTION-X" })).json().data._id;
    const unknown = await ctx.call("POST", `/api/admin/promotions/${id}/delete`, { token: ctx.actors.admin });
    expect(unknown.statusCode).toBe(404);
  });

  it("lists every promotion with its state", async () => {
    const res = await ctx.call("GET", "/api/admin/promotions", { token: ctx.actors.admin });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { name: string; state: string }[];
    expect(list.find((p) => p.name === "Noël")?.state).toBe("scheduled");
    expect(list.find((p) => p.name === "Black Friday")?.state).toBe("running");
  });
});

describe("who may", () => {
  it("a customer or a visitor may not", async () => {
    expect((await create(SALE, ctx.actors.general)).statusCode).toBe(403);
    expect((await ctx.call("GET", "/api/admin/promotions")).statusCode).toBe(401);
  });
});
