import { readdirSync } from "node:fs";
import path from "node:path";
import { FIELD_MSG, MSG, notEnoughStock } from "@shop/shared";
import { asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartLines } from "../../db/schema/cart.ts";
import { orders } from "../../db/schema/orders.ts";
import { productVariants } from "../../db/schema/products.ts";
import { stockMovements } from "../../db/schema/stock.ts";
import {
  customerWithCart,
  productWithStock as harnessProductWithStock,
  stockOf as harnessStockOf,
  useTestApp,
} from "../../test/harness.ts";
import { shownChange } from "./stock.service.ts";

/**
 * Decision 024: an order takes its stock or is refused with nothing written; two
 * customers racing for the last unit, exactly one gets it; a cancellation gives it back once.
 */

const ctx = useTestApp({ actors: true });

const productWithStock = (name: string, stock: number | null) =>
  harnessProductWithStock(ctx, ctx.actors.superAdmin, name, stock);
const stockOf = (variantId: string) => harnessStockOf(ctx, variantId);

const movementsOf = (variantId: string) =>
  ctx.database.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId))
    .orderBy(asc(stockMovements.createdAt), asc(stockMovements.delta));

const customer = (cart: [string, number][]) => customerWithCart(ctx, cart);

const orderCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe("what customers see changes", () => {
  it("only across the low line, and at every step under it", () => {
    expect(shownChange(10, 9)).toBe(false);
    expect(shownChange(5, 4)).toBe(false);
    expect(shownChange(4, 3)).toBe(true);
    expect(shownChange(3, 2)).toBe(true);
    expect(shownChange(1, 0)).toBe(true);
    expect(shownChange(0, 5)).toBe(true);
    expect(shownChange(null, null)).toBe(false);
  });
});

describe("an order takes its stock", () => {
  it("from the cart's button: the count goes down and the movement names the order", async () => {
    const phone = await productWithStock("Pixel 8", 5);
    const { user, token } = await customer([[phone.productId, 2]]);
    const res = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(res.statusCode, res.body).toBe(201);
    const reference = res.json().data.reference;
    expect(res.json().data.lines).toEqual([
      expect.objectContaining({ productName: "Pixel 8", variantId: phone.variantId, variantLabel: "", quantity: 2 }),
    ]);
    expect(await stockOf(phone.variantId)).toBe(3);
    expect(await movementsOf(phone.variantId)).toEqual([
      expect.objectContaining({
        delta: -2,
        stockAfter: 3,
        reason: "commande",
        orderReference: reference,
        byUserId: user.id,
        byName: user.name,
      }),
    ]);
    // A second tap answers the first order and takes nothing more.
    const again = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.reference).toBe(reference);
    expect(await stockOf(phone.variantId)).toBe(3);
  });

  it("from the order form, with the signed-in customer's cart", async () => {
    const phone = await productWithStock("Redmi Note 13", 2);
    const { token } = await customer([[phone.productId, 2]]);
    const res = await postForm(token);
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockOf(phone.variantId)).toBe(0);
  });

  it("leaves a product whose stock is not tracked alone", async () => {
    const untracked = await productWithStock("Coque", null);
    const { token } = await customer([[untracked.productId, 7]]);
    expect((await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "phone" } })).statusCode).toBe(
      201,
    );
    expect(await stockOf(untracked.variantId)).toBeNull();
    expect(await movementsOf(untracked.variantId)).toEqual([]);
  });
});

function postForm(token: string | null) {
  return ctx.call("POST", "/api/orders", {
    token,
    multipart: [
      { name: "name", value: "Awa Ndongo" },
      { name: "number", value: "677123456" },
      { name: "text", value: "Yaoundé, Bastos" },
      {
        name: "file",
        filename: "capture.pdf",
        type: "application/pdf",
        bytes: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
      },
    ],
  });
}

describe("an order asking for more than is left", () => {
  it("is refused in French, naming the product and what remains, and writes nothing", async () => {
    const phone = await productWithStock("Galaxy A55", 1);
    const spare = await productWithStock("Écouteurs", 10);
    const { token } = await customer([
      [spare.productId, 1],
      [phone.productId, 2],
    ]);
    const before = await orderCount();
    const res = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: "Il ne reste que 1 « Galaxy A55 » en stock." });
    expect(await orderCount()).toBe(before);
    // The line that could be served was not taken either.
    expect(await stockOf(spare.variantId)).toBe(10);
    expect(await stockOf(phone.variantId)).toBe(1);
    expect(await movementsOf(spare.variantId)).toEqual([]);
    const cart = await ctx.call("GET", "/api/countAddToCartProduct", { token });
    expect(cart.json().data.count).toBe(2);
  });

  it("says when it is sold out, and the order form keeps no file", async () => {
    const phone = await productWithStock("iPhone 12", 1);
    const { token } = await customer([[phone.productId, 1]]);
    // Sold in the shop meanwhile.
    await ctx.database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, phone.variantId));
    const files = readdirSync(path.join(ctx.config.dataDir, "order-files")).length;
    const before = await orderCount();
    const res = await postForm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(notEnoughStock("iPhone 12", 0));
    expect(res.json().message).toBe("« iPhone 12 » est épuisé.");
    expect(readdirSync(path.join(ctx.config.dataDir, "order-files"))).toHaveLength(files);
    expect(await orderCount()).toBe(before);
    const lines = await ctx.database.db.select().from(cartLines).where(eq(cartLines.variantId, phone.variantId));
    expect(lines).toHaveLength(1);
  });
});

describe("the last unit", () => {
  it("goes to exactly one of two customers ordering at the same moment, on two app servers", async () => {
    const peer = await ctx.peer();
    try {
      for (let round = 0; round < 5; round++) {
        const last = await productWithStock(`Dernier ${round}`, 1);
        const [first, second] = await Promise.all([customer([[last.productId, 1]]), customer([[last.productId, 1]])]);
        const answers = await Promise.all([
          ctx.call("POST", "/api/orders/from-cart", { token: first.token, payload: { channel: "whatsapp" } }),
          ctx.call("POST", "/api/orders/from-cart", {
            token: second.token,
            payload: { channel: "phone" },
            app: peer.app,
          }),
        ]);
        const codes = answers.map((a) => a.statusCode).sort();
        expect(codes, answers.map((a) => a.body).join("\n")).toEqual([201, 409]);
        const refused = answers.find((a) => a.statusCode === 409);
        expect(refused?.json().message).toBe(`« Dernier ${round} » est épuisé.`);
        expect(await stockOf(last.variantId)).toBe(0);
        expect(await movementsOf(last.variantId)).toHaveLength(1);
      }
    } finally {
      await peer.close();
    }
  });

  it("three units, five customers with two each: two orders pass, never below zero", async () => {
    const few = await productWithStock("Montre connectée", 5);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => customer([[few.productId, 2]])));
    const answers = await Promise.all(
      buyers.map((b) =>
        ctx.call("POST", "/api/orders/from-cart", { token: b.token, payload: { channel: "whatsapp" } }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    expect(await stockOf(few.variantId)).toBe(1);
    const movements = await movementsOf(few.variantId);
    expect(movements.map((m) => m.stockAfter).sort()).toEqual([1, 3]);
  });
});

describe("a cancelled order", () => {
  async function cancel(reference: string, token = ctx.actors.admin) {
    return ctx.call("POST", `/api/admin/orders/${reference}/status`, { token, payload: { status: "annulée" } });
  }

  it("gives its stock back once, recorded with the admin who cancelled it", async () => {
    const phone = await productWithStock("Huawei Nova", 4);
    const { token } = await customer([[phone.productId, 3]]);
    const placed = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    const reference = placed.json().data.reference;
    expect(await stockOf(phone.variantId)).toBe(1);

    const cancelled = await cancel(reference);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(phone.variantId)).toBe(4);
    const movements = await movementsOf(phone.variantId);
    expect(movements.map((m) => [m.reason, m.delta, m.stockAfter])).toEqual([
      ["commande", -3, 1],
      ["annulation", 3, 4],
    ]);
    expect(movements[1]).toMatchObject({
      orderReference: reference,
      byUserId: ctx.actors.adminUser.id,
      byName: ctx.actors.adminUser.name,
    });

    // Cancelled is final: never given back twice.
    const twice = await cancel(reference, ctx.actors.superAdmin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG.orderStatusSame);
    expect(await stockOf(phone.variantId)).toBe(4);
  });

  it("gives back nothing for a product that was not tracked", async () => {
    const untracked = await productWithStock("Film protecteur", null);
    const { token } = await customer([[untracked.productId, 2]]);
    const placed = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect((await cancel(placed.json().data.reference)).statusCode).toBe(200);
    expect(await stockOf(untracked.variantId)).toBeNull();
    expect(await movementsOf(untracked.variantId)).toEqual([]);
  });
});

describe("the back-office's stock", () => {
  const adjust = (body: object, token = ctx.actors.superAdmin) =>
    ctx.call("POST", "/api/admin/stock/adjust", { token, payload: body });

  it("adds or takes units with a reason, never below zero, each change a movement", async () => {
    const phone = await productWithStock("Tecno Spark", 2);
    const added = await adjust({ variantId: phone.variantId, delta: 5, note: "Livraison du fournisseur" });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      message: MSG.stockAdjusted,
      data: { _id: phone.variantId, productName: "Tecno Spark", label: "", stock: 7, stockStatus: "in_stock" },
    });
    const tooMany = await adjust({ variantId: phone.variantId, delta: -8, note: "Casse" });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe("Le stock ne peut pas descendre sous zéro : il en reste 7.");
    expect(await stockOf(phone.variantId)).toBe(7);
    const movements = await movementsOf(phone.variantId);
    expect(movements).toEqual([
      expect.objectContaining({
        delta: 5,
        stockAfter: 7,
        reason: "ajustement",
        note: "Livraison du fournisseur",
        byName: ctx.superAdmin.name,
        orderReference: null,
      }),
    ]);
  });

  it("starts and stops tracking with a new count", async () => {
    const free = await productWithStock("Support voiture", null);
    const untracked = await adjust({ variantId: free.variantId, delta: 1, note: "x" });
    expect(untracked.statusCode).toBe(409);
    expect(untracked.json().message).toBe(MSG.stockUntracked);
    const counted = await adjust({ variantId: free.variantId, stock: 4, note: "Inventaire" });
    expect(counted.json().data).toMatchObject({ stock: 4, stockStatus: "in_stock" });
    expect((await movementsOf(free.variantId)).map((m) => [m.delta, m.stockAfter])).toEqual([[4, 4]]);
    const stopped = await adjust({ variantId: free.variantId, stock: null, note: "Toujours disponible" });
    expect(stopped.json().data).toMatchObject({ stock: null, stockStatus: "untracked" });
    expect(await movementsOf(free.variantId)).toHaveLength(1);
  });

  it.each([
    ["both a delta and a count", { delta: 1, stock: 3, note: "x" }, "body.delta", "stockAdjustOneOf"],
    ["neither", { note: "x" }, "body.delta", "stockAdjustOneOf"],
    ["no reason", { delta: 1 }, "body.note", "stockNoteRequired"],
    ["a blank reason", { delta: 1, note: "   " }, "body.note", "stockNoteRequired"],
    ["a zero delta", { delta: 0, note: "x" }, "body.delta", "stockDeltaZero"],
  ] as const)("refuses %s in French", async (_case, body, path, key) => {
    const phone = await productWithStock("Nokia 105", 3);
    const res = await adjust({ variantId: phone.variantId, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message: FIELD_MSG[key] });
    expect(await stockOf(phone.variantId)).toBe(3);
  });

  it("shows customers a product back in stock at once", async () => {
    const back = await productWithStock("AirPods 4", 0);
    const details = async () =>
      (await ctx.call("POST", "/api/product-details", { payload: { productId: back.productId } })).json().data;
    expect((await details()).stockStatus).toBe("out");
    await adjust({ variantId: back.variantId, delta: 10, note: "Arrivage" });
    expect(await details()).toMatchObject({ stockStatus: "in_stock", stockLeft: null });
  });

  it("an adjustment and an order for the last unit at the same moment: never below zero", async () => {
    for (let round = 0; round < 4; round++) {
      const last = await productWithStock(`Unique ${round}`, 1);
      const buyer = await customer([[last.productId, 1]]);
      const answers = await Promise.all([
        ctx.call("POST", "/api/orders/from-cart", { token: buyer.token, payload: { channel: "whatsapp" } }),
        adjust({ variantId: last.variantId, delta: -1, note: "Vendu en boutique" }),
      ]);
      expect(
        answers.filter((a) => a.statusCode < 300),
        answers.map((a) => a.body).join("\n"),
      ).toHaveLength(1);
      expect(await stockOf(last.variantId)).toBe(0);
      expect(await movementsOf(last.variantId)).toHaveLength(1);
    }
  });

  it("lists every movement of a product, newest first: orders, cancellations, adjustments", async () => {
    const phone = await productWithStock("Galaxy Z Flip", 3);
    const { user, token } = await customer([[phone.productId, 1]]);
    const placed = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    const reference = placed.json().data.reference;
    await ctx.call("POST", `/api/admin/orders/${reference}/status`, {
      token: ctx.actors.admin,
      payload: { status: "annulée" },
    });
    await adjust({ variantId: phone.variantId, delta: 2, note: "Retour client" });
    const res = await ctx.call("GET", `/api/admin/stock/movements?productId=${phone.productId}`, {
      token: ctx.actors.superAdmin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, limit: 100, total: 3 });
    expect(
      res.json().data.map((m: Record<string, unknown>) => [m.reason, m.delta, m.stockAfter, m.orderReference, m.by]),
    ).toEqual([
      ["ajustement", 2, 5, null, { _id: ctx.superAdmin.id, name: ctx.superAdmin.name }],
      ["annulation", 1, 3, reference, { _id: ctx.actors.adminUser.id, name: ctx.actors.adminUser.name }],
      ["commande", -1, 2, reference, { _id: user.id, name: user.name }],
    ]);
    const stock = await ctx.call("GET", `/api/admin/products/${phone.productId}/stock`, {
      token: ctx.actors.superAdmin,
    });
    expect(stock.json().data).toEqual([expect.objectContaining({ _id: phone.variantId, stock: 5 })]);
  });
});

describe("'Prévenez-moi'", () => {
  const ask = (variantId: string, phone: string) =>
    ctx.call("POST", "/api/stock-alerts", { payload: { variantId, phone } });
  const waiting = async (token: string) => {
    const res = await ctx.call("GET", "/api/admin/stock/alerts", { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { _id: string; variantId: string; productName: string; label: string; phone: string }[];
  };

  it("keeps a visitor's number on a sold-out variant, once, and lists it when the stock is back", async () => {
    const phone = await productWithStock("Redmi 13C", 0);
    const asked = await ask(phone.variantId, "6 77 12 34 56");
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().message).toBe(MSG.stockAlertSaved);
    expect((await ask(phone.variantId, "+237677123456")).statusCode).toBe(201); // the same number again
    expect((await ask(phone.variantId, "690000000")).statusCode).toBe(201);
    // Nothing to send while it is still sold out.
    expect((await waiting(ctx.actors.superAdmin)).filter((a) => a.variantId === phone.variantId)).toEqual([]);

    await ctx.call("POST", "/api/admin/stock/adjust", {
      token: ctx.actors.superAdmin,
      payload: {
        variantId: phone.variantId,
        delta: 3,
        note: "Arrivage",
      },
    });
    const list = (await waiting(ctx.actors.superAdmin)).filter((a) => a.variantId === phone.variantId);
    expect(list.map((a) => [a.productName, a.label, a.phone])).toEqual([
      ["Redmi 13C", "", "+237677123456"],
      ["Redmi 13C", "", "+237690000000"],
    ]);
    // The product is the SUPERADMIN's: another ADMIN sees none of it.
    expect((await waiting(ctx.actors.admin)).filter((a) => a.variantId === phone.variantId)).toEqual([]);
    expect(
      (await ctx.call("POST", `/api/admin/stock/alerts/${list[0]?._id}/notified`, { token: ctx.actors.admin }))
        .statusCode,
    ).toBe(404);

    const told = await ctx.call("POST", `/api/admin/stock/alerts/${list[0]?._id}/notified`, {
      token: ctx.actors.superAdmin,
    });
    expect(told.statusCode, told.body).toBe(200);
    expect((await waiting(ctx.actors.superAdmin)).filter((a) => a.variantId === phone.variantId)).toHaveLength(1);
    expect(
      (await ctx.call("POST", `/api/admin/stock/alerts/${list[0]?._id}/notified`, { token: ctx.actors.superAdmin }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses a variant that can be bought, an unknown one and a number that is not Cameroonian", async () => {
    const available = await productWithStock("Chargeur", 4);
    const notNeeded = await ask(available.variantId, "677123456");
    expect(notNeeded.statusCode).toBe(409);
    expect(notNeeded.json().message).toBe(MSG.stockAlertNotNeeded);
    expect((await ask("00000000-0000-4000-8000-000000000999", "677123456")).statusCode).toBe(404);
    const badPhone = await ask(available.variantId, "12345");
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().issues).toContainEqual({ path: "body.phone", message: FIELD_MSG.phoneInvalid });
  });
});
