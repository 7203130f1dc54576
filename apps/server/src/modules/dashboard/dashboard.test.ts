import {
  type AdminOrderSummary,
  DASHBOARD_DAYS,
  DASHBOARD_LOW_STOCK,
  type Dashboard,
  LOW_STOCK_MAX,
  MSG,
  ORDER_REFERENCE_ALPHABET,
  type OrderStatus,
  SHOP_TIME_ZONE,
} from "@shop/shared";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema/contact.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { products } from "../../db/schema/products.ts";
import { createUser, productBody, tokenFor, useTestApp } from "../../test/harness.ts";
import { dashboard } from "./dashboard.service.ts";

const ctx = useTestApp({ actors: true });

let serial = 0;
/** A valid reference that no other order of this file has. */
function nextReference(): string {
  let n = serial++;
  let code = "";
  for (let i = 0; i < 4; i++) {
    code += ORDER_REFERENCE_ALPHABET[n % ORDER_REFERENCE_ALPHABET.length];
    n = Math.floor(n / ORDER_REFERENCE_ALPHABET.length);
  }
  return `CMD-${code}`;
}

interface Line {
  productId: string | null;
  productName: string;
  unitPrice: number;
  quantity: number;
}

/** An order straight in the tables, at the time and with the lines asked. */
async function insertOrder(values: Partial<typeof orders.$inferInsert> = {}, lines: Line[] = []) {
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      reference: nextReference(),
      channel: "form",
      name: "Client",
      phone: "+237600000000",
      totalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
      totalPrice: lines.reduce((n, l) => n + l.quantity * l.unitPrice, 0),
      ...values,
    })
    .returning();
  if (!row) throw new Error("no order");
  if (lines.length) {
    await ctx.database.db.insert(orderLines).values(lines.map((l, position) => ({ ...l, orderId: row.id, position })));
  }
  return row;
}

async function createProduct(productName: string): Promise<string> {
  const res = await ctx.call("POST", "/api/upload-product", {
    token: ctx.actors.superAdmin,
    payload: productBody({ productName }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

async function getDashboard(token = ctx.actors.admin): Promise<Dashboard> {
  const res = await ctx.call("GET", "/api/admin/dashboard", { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(MSG.dashboardReady);
  return res.json().data;
}

/** "YYYY-MM-DD" of an instant in Yaoundé. */
const shopDate = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE }).format(at);
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe("GET /api/admin/badges", () => {
  const badges = async (token = ctx.actors.admin) => {
    const res = await ctx.call("GET", "/api/admin/badges", { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.badgesReady);
    return res.json().data;
  };

  it("counts the orders still new and the unread messages", async () => {
    expect(await badges()).toEqual({ newOrders: 0, unreadMessages: 0, paymentsToVerify: 0 });
    const statuses: OrderStatus[] = ["nouvelle", "nouvelle", "confirmée", "payée", "livrée", "annulée", "nouvelle"];
    const placed = [];
    for (const status of statuses) placed.push(await insertOrder({ status }));
    const [read, unread] = await ctx.database.db
      .insert(contactMessages)
      .values(
        [new Date(), null, null].map((readAt) => ({ name: "A", email: "a@b.cm", subject: "S", message: "M", readAt })),
      )
      .returning();
    expect(await badges(ctx.actors.superAdmin)).toEqual({ newOrders: 3, unreadMessages: 2, paymentsToVerify: 0 });

    // Following what admins do: a confirmed order and a message read leave the counts.
    const confirmed = await ctx.call("POST", `/api/admin/orders/${placed[0]!.reference}/status`, {
      token: ctx.actors.admin,
      payload: {
        status: "confirmée",
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(
      (
        await ctx.call("POST", `/api/admin/messages/${unread!.id}/read`, {
          token: ctx.actors.admin,
          payload: { read: true },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.call("POST", `/api/admin/messages/${read!.id}/read`, {
          token: ctx.actors.admin,
          payload: { read: false },
        })
      ).statusCode,
    ).toBe(200);
    expect(await badges()).toEqual({ newOrders: 2, unreadMessages: 2, paymentsToVerify: 0 });
  });

  it("is for ADMIN and SUPERADMIN only", async () => {
    expect((await ctx.call("GET", "/api/admin/badges", { token: ctx.actors.general })).statusCode).toBe(403);
    expect((await ctx.call("GET", "/api/admin/badges")).statusCode).toBe(401);
  });
});

describe("the dashboard at a chosen instant (dashboard service)", () => {
  // Sunday 15 March 2026, 11:00 in Yaoundé (UTC+1): the chart runs from 14 February to 15 March.
  const NOW = at("2026-03-15T10:00:00Z");
  let iphone: string;
  let galaxy: string;
  let watch: string;
  let charger: string;

  beforeAll(async () => {
    await ctx.database.db.delete(orders);
    iphone = await createProduct("iPhone 13");
    galaxy = await createProduct("Galaxy A54");
    watch = await createProduct("Apple Watch SE");
    charger = await createProduct("Chargeur 20 W");
    const line = (productId: string | null, productName: string, quantity: number, unitPrice: number) => ({
      productId,
      productName,
      quantity,
      unitPrice,
    });
    const orderAt = async (name: string, createdAt: string, lines: Line[], status: OrderStatus = "nouvelle") => {
      await insertOrder({ createdAt: at(createdAt), status, name }, lines);
    };
    // 23:30 UTC on the 14th is 00:30 on the 15th in Yaoundé: today.
    await orderAt("A", "2026-03-14T23:30:00Z", [line(iphone, "iPhone 13 (ancien nom)", 2, 500)]);
    // 22:30 UTC on the 14th is 23:30 on the 14th: yesterday.
    await orderAt("B", "2026-03-14T22:30:00Z", [line(iphone, "iPhone 13", 1, 2000)], "confirmée");
    // Cancelled today: counts nowhere, though it would top the best sellers.
    await orderAt("C", "2026-03-15T09:00:00Z", [line(galaxy, "Galaxy A54", 10, 5000)], "annulée");
    // 23:30 UTC on 28 February is 00:30 on 1 March: this month.
    await orderAt(
      "D",
      "2026-02-28T23:30:00Z",
      [line(null, "Ancien modèle", 3, 1000), line(galaxy, "Galaxy A54", 1, 1000)],
      "livrée",
    );
    // 22:30 UTC on 28 February is still February in Yaoundé: in the chart, not in the month.
    await orderAt("E", "2026-02-28T22:30:00Z", [line(galaxy, "Galaxy A54", 2, 4000)], "payée");
    // 23:59 on 13 February in Yaoundé: the day before the chart's first.
    await orderAt("F", "2026-02-13T22:59:00Z", [line(iphone, "iPhone 13", 50, 100)]);
    // Midnight on 14 February in Yaoundé: the chart's first day.
    await orderAt("G", "2026-02-13T23:00:00Z", [
      line(null, "Ancien modèle", 1, 32000),
      line(null, "Autre disparu", 1, 700),
      line(watch, "Apple Watch SE", 1, 500),
    ]);
    // Later today (23:59), then tomorrow (midnight on the 16th) in Yaoundé.
    await orderAt("I", "2026-03-15T22:59:00Z", [line(charger, "Chargeur 20 W", 1, 100)]);
    await orderAt("H", "2026-03-15T23:00:00Z", [line(iphone, "iPhone 13", 100, 100)]);
    // The iPhone is renamed since: the best sellers name it as it is called now.
    await ctx.database.db.update(products).set({ productName: "iPhone 13 128 Go" }).where(eq(products.id, iphone));
  });

  it("counts today's and this month's orders in Yaoundé's calendar, cancelled ones left out", async () => {
    const figures = await dashboard(ctx.database.db, NOW);
    expect(figures.today).toEqual({ orders: 2, value: 1000 + 100 });
    expect(figures.month).toEqual({ orders: 4, value: 1000 + 2000 + 4000 + 100 });
  });

  it("charts the last 30 days, oldest first, days without orders included", async () => {
    const { perDay } = await dashboard(ctx.database.db, NOW);
    expect(perDay).toHaveLength(DASHBOARD_DAYS);
    expect(perDay[0]?.date).toBe("2026-02-14");
    expect(perDay.at(-1)?.date).toBe("2026-03-15");
    // Consecutive days, February's end included.
    expect(perDay.map((d) => d.date).slice(13, 17)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    const withOrders = perDay.filter((d) => d.orders > 0);
    expect(withOrders).toEqual([
      { date: "2026-02-14", orders: 1, value: 32000 + 700 + 500 },
      { date: "2026-02-28", orders: 1, value: 8000 },
      { date: "2026-03-01", orders: 1, value: 4000 },
      { date: "2026-03-14", orders: 1, value: 2000 },
      { date: "2026-03-15", orders: 2, value: 1100 },
    ]);
    expect(perDay.filter((d) => d.orders === 0).every((d) => d.value === 0)).toBe(true);
  });

  it("ranks the best sellers of those days by quantity, then value", async () => {
    const { bestSellers } = await dashboard(ctx.database.db, NOW);
    expect(bestSellers).toEqual([
      { productId: null, productName: "Ancien modèle", quantity: 4, value: 3000 + 32000 },
      { productId: galaxy, productName: "Galaxy A54", quantity: 3, value: 1000 + 8000 },
      { productId: iphone, productName: "iPhone 13 128 Go", quantity: 3, value: 1000 + 2000 },
      { productId: null, productName: "Autre disparu", quantity: 1, value: 700 },
      { productId: watch, productName: "Apple Watch SE", quantity: 1, value: 500 },
    ]);
  });

  it("lists the newest orders, whatever their status", async () => {
    const { newestOrders } = await dashboard(ctx.database.db, NOW);
    expect(newestOrders.map((o) => o.name)).toEqual(["H", "I", "C", "A", "B"]);
  });

  it("moves with the clock: a day later, the 14 February orders leave the chart", async () => {
    const figures = await dashboard(ctx.database.db, new Date(NOW.getTime() + 24 * HOUR));
    expect(figures.perDay[0]?.date).toBe("2026-02-15");
    expect(figures.today).toEqual({ orders: 1, value: 10000 });
    expect(figures.bestSellers[0]).toEqual({
      productId: iphone,
      productName: "iPhone 13 128 Go",
      quantity: 103,
      value: 13000,
    });
    // On 1 April, March is over: the month starts again.
    const april = await dashboard(ctx.database.db, at("2026-03-31T23:00:00Z"));
    expect(april.month).toEqual({ orders: 0, value: 0 });
    expect(april.perDay.at(-1)).toEqual({ date: "2026-04-01", orders: 0, value: 0 });
  });
});

describe("GET /api/admin/dashboard", () => {
  beforeEach(async () => {
    await ctx.database.db.delete(orders);
  });

  it("answers 30 empty days ending today in Yaoundé when there is no order", async () => {
    const figures = await getDashboard(ctx.actors.superAdmin);
    expect(figures.today).toEqual({ orders: 0, value: 0 });
    expect(figures.month).toEqual({ orders: 0, value: 0 });
    expect(figures.perDay).toHaveLength(DASHBOARD_DAYS);
    expect(figures.perDay.at(-1)?.date).toBe(shopDate(new Date()));
    expect(figures.perDay[0]?.date).toBe(shopDate(new Date(Date.now() - (DASHBOARD_DAYS - 1) * 24 * HOUR)));
    expect(figures.perDay.every((d) => d.orders === 0 && d.value === 0)).toBe(true);
    expect(figures.bestSellers).toEqual([]);
    expect(figures.newestOrders).toEqual([]);
  });

  it("shows an order placed now, then leaves it out once cancelled", async () => {
    const product = await createProduct("Redmi Note 13");
    const user = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, user);
    expect((await ctx.call("POST", "/api/addtocart", { token, payload: { productId: product } })).statusCode).toBe(201);
    const placed = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;

    let figures = await getDashboard();
    expect(figures.today).toEqual({ orders: 1, value: order.totalPrice });
    expect(figures.month).toEqual({ orders: 1, value: order.totalPrice });
    expect(figures.perDay.at(-1)).toEqual({ date: shopDate(new Date()), orders: 1, value: order.totalPrice });
    expect(figures.bestSellers).toEqual([
      { productId: product, productName: "Redmi Note 13", quantity: 1, value: order.totalPrice },
    ]);
    expect(figures.newestOrders).toEqual([
      {
        _id: order._id,
        reference: order.reference,
        channel: "whatsapp",
        status: "nouvelle",
        name: user.name,
        phone: null,
        totalQuantity: 1,
        totalPrice: order.totalPrice,
        total: order.totalPrice,
        hasFile: false,
        createdAt: order.createdAt,
      } satisfies AdminOrderSummary,
    ]);

    expect(
      (await ctx.call("POST", `/api/admin/orders/${order.reference}/status`, { token, payload: { status: "annulée" } }))
        .statusCode,
    ).toBe(403);
    const cancelled = await ctx.call("POST", `/api/admin/orders/${order.reference}/status`, {
      token: ctx.actors.admin,
      payload: {
        status: "annulée",
      },
    });
    expect(cancelled.statusCode).toBe(200);
    figures = await getDashboard();
    expect(figures.today).toEqual({ orders: 0, value: 0 });
    expect(figures.perDay.at(-1)?.orders).toBe(0);
    expect(figures.bestSellers).toEqual([]);
    expect(figures.newestOrders.map((o) => [o.reference, o.status])).toEqual([[order.reference, "annulée"]]);
  });

  it("counts an order with a code at what its lines were sold for, the code's discount taken off (decision 051)", async () => {
    const product = await createProduct("Galaxy A15");
    const code = await ctx.call("POST", "/api/admin/promotions", {
      token: ctx.actors.admin,
      payload: {
        kind: "code",
        name: "Tableau",
        code: "TABLEAU-1",
        discountType: "amount",
        value: 1_000,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    expect(code.statusCode, code.body).toBe(201);
    const token = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    expect((await ctx.call("POST", "/api/addtocart", { token, payload: { productId: product } })).statusCode).toBe(201);
    const placed = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: { channel: "whatsapp", promoCode: "tableau-1" },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { totalPrice, discount } = placed.json().data;
    expect(discount).toBe(1_000);
    const figures = await getDashboard();
    expect(figures.today).toEqual({ orders: 1, value: totalPrice - 1_000 });
    expect(figures.perDay.at(-1)?.value).toBe(totalPrice - 1_000);
  });

  it("puts 23:30 UTC on the next day, as Yaoundé lives it", async () => {
    // Yaoundé's midnight today, as an instant: 23:00 UTC the day before.
    const [y, m, d] = shopDate(new Date()).split("-").map(Number) as [number, number, number];
    const midnight = Date.UTC(y, m - 1, d) - HOUR;
    await insertOrder({ createdAt: new Date(midnight + 30 * 60_000), totalPrice: 300 }); // 23:30 UTC: today
    await insertOrder({ createdAt: new Date(midnight - 30 * 60_000), totalPrice: 200 }); // 22:30 UTC: yesterday
    await insertOrder({ createdAt: new Date(midnight - 24 * HOUR - 30 * 60_000), totalPrice: 100 }); // the day before
    const figures = await getDashboard();
    expect(figures.today).toEqual({ orders: 1, value: 300 });
    expect(figures.perDay.slice(-3).map((p) => [p.orders, p.value])).toEqual([
      [1, 100],
      [1, 200],
      [1, 300],
    ]);
  });

  it("keeps to five newest orders and five best sellers", async () => {
    const names = ["Un", "Deux", "Trois", "Quatre", "Cinq", "Six", "Sept"];
    for (const [i, name] of names.entries()) {
      await insertOrder({ name, createdAt: new Date(Date.now() - (names.length - i) * 60_000) }, [
        { productId: null, productName: `Produit ${name}`, unitPrice: 1000, quantity: i + 1 },
      ]);
    }
    const figures = await getDashboard();
    expect(figures.newestOrders.map((o) => o.name)).toEqual(["Sept", "Six", "Cinq", "Quatre", "Trois"]);
    expect(figures.bestSellers.map((s) => [s.productName, s.quantity])).toEqual([
      ["Produit Sept", 7],
      ["Produit Six", 6],
      ["Produit Cinq", 5],
      ["Produit Quatre", 4],
      ["Produit Trois", 3],
    ]);
  });

  it("is for ADMIN and SUPERADMIN only", async () => {
    expect((await ctx.call("GET", "/api/admin/dashboard", { token: ctx.actors.general })).statusCode).toBe(403);
    expect((await ctx.call("GET", "/api/admin/dashboard")).statusCode).toBe(401);
  });
});

describe("the dashboard's low-stock list", () => {
  /** A product of the token's admin, with one option and a variant per stock given. */
  async function productWithStocks(token: string, productName: string, stocks: (number | null)[]) {
    const made = await ctx.call("POST", "/api/upload-product", { token, payload: productBody({ productName }) });
    expect(made.statusCode, made.body).toBe(201);
    const id: string = made.json().data._id;
    const values = stocks.map((_, i) => `${64 * 2 ** i} Go`);
    const saved = await ctx.call("POST", `/api/admin/products/${id}/variants`, {
      token,
      payload: {
        options: [{ name: "Stockage", values }],
        variants: stocks.map((stock, i) => ({
          optionValues: [values[i]],
          price: 100000 + i,
          sellingPrice: 90000 + i,
          stock,
        })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const variants: { _id: string; label: string }[] = saved.json().data.variants;
    return { id, variants };
  }
  const row = (
    p: { id: string; variants: { _id: string; label: string }[] },
    name: string,
    i: number,
    stock: number,
  ) => ({
    variantId: p.variants[i]!._id,
    productId: p.id,
    productName: name,
    label: p.variants[i]!.label,
    stock,
  });

  it("lists tracked variants at LOW_STOCK_MAX or under, sold out first; an ADMIN its own products', a SUPERADMIN all", async () => {
    const mine = await productWithStocks(ctx.actors.admin, "Pixel 8 Bas", [
      0,
      2,
      LOW_STOCK_MAX,
      LOW_STOCK_MAX + 1,
      null,
    ]);
    const theirs = await productWithStocks(ctx.actors.otherAdmin, "Galaxy Bas", [1]);

    const forAdmin = await getDashboard(ctx.actors.admin);
    expect(forAdmin.lowStock).toEqual([
      row(mine, "Pixel 8 Bas", 0, 0),
      row(mine, "Pixel 8 Bas", 1, 2),
      row(mine, "Pixel 8 Bas", 2, 3),
    ]);
    expect(forAdmin.lowStockTotal).toBe(3);
    expect((await getDashboard(ctx.actors.otherAdmin)).lowStock).toEqual([row(theirs, "Galaxy Bas", 0, 1)]);
    const all = await getDashboard(ctx.actors.superAdmin);
    expect(all.lowStock.filter((v) => [mine.id, theirs.id].includes(v.productId))).toEqual([
      row(mine, "Pixel 8 Bas", 0, 0),
      row(theirs, "Galaxy Bas", 0, 1),
      row(mine, "Pixel 8 Bas", 1, 2),
      row(mine, "Pixel 8 Bas", 2, 3),
    ]);

    // Restocked, a variant leaves the list; counted down to the line, another joins it.
    const restock = await ctx.call("POST", "/api/admin/stock/adjust", {
      token: ctx.actors.admin,
      payload: {
        variantId: mine.variants[0]!._id,
        delta: 5,
        note: "Arrivage",
      },
    });
    expect(restock.statusCode, restock.body).toBe(200);
    const counted = await ctx.call("POST", "/api/admin/stock/adjust", {
      token: ctx.actors.admin,
      payload: {
        variantId: mine.variants[3]!._id,
        stock: 1,
        note: "Inventaire",
      },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect((await getDashboard(ctx.actors.admin)).lowStock).toEqual([
      row(mine, "Pixel 8 Bas", 3, 1),
      row(mine, "Pixel 8 Bas", 1, 2),
      row(mine, "Pixel 8 Bas", 2, 3),
    ]);
  });

  it("shows the first DASHBOARD_LOW_STOCK and counts them all", async () => {
    const user = await createUser(ctx, "ADMIN");
    const token = await tokenFor(ctx, user);
    expect((await getDashboard(token)).lowStock).toEqual([]);
    const many = DASHBOARD_LOW_STOCK + 2;
    const made = await ctx.call("POST", "/api/upload-product", {
      token,
      payload: productBody({ productName: "Coque Bas" }),
    });
    const id: string = made.json().data._id;
    const values = Array.from({ length: many }, (_, i) => `Modèle ${i + 1}`);
    const colours = ["Noir", "Bleu"];
    const saved = await ctx.call("POST", `/api/admin/products/${id}/variants`, {
      token,
      payload: {
        options: [
          { name: "Modèle", values: values.slice(0, many / 2) },
          { name: "Couleur", values: colours },
        ],
        variants: values
          .slice(0, many / 2)
          .flatMap((v, i) =>
            colours.map((c, k) => ({ optionValues: [v, c], price: 5000, sellingPrice: 5000, stock: (i + k) % 2 })),
          ),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const figures = await getDashboard(token);
    expect(figures.lowStockTotal).toBe(many);
    expect(figures.lowStock).toHaveLength(DASHBOARD_LOW_STOCK);
    expect(figures.lowStock.map((v) => v.stock)).toEqual([...figures.lowStock.map((v) => v.stock)].sort());
    expect(figures.lowStock[0]?.stock).toBe(0);
  });
});
