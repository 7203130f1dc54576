import {
  type AdminOrder,
  type AdminOrderSummary,
  FIELD_MSG,
  MSG,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type OrderStatus,
} from "@shop/shared";
import { eq, sql } from "drizzle-orm";
import type { Response } from "light-my-request";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { orderStatusChanges, orders } from "../../db/schema/orders.ts";
import { users } from "../../db/schema/users.ts";
import { createUser, productBody, type TestContext, tokenFor, useTestApp } from "../../test/harness.ts";
import { moveOrderStatus, orderFromForm } from "./orders.service.ts";

const ctx = useTestApp({ actors: true });
let png: Buffer;

type App = TestContext["app"];

const list = (query: string, token = ctx.actors.admin) => ctx.call("GET", `/api/admin/orders${query}`, { token });
const detail = (reference: string, token = ctx.actors.admin) =>
  ctx.call("GET", `/api/admin/orders/${reference}`, { token });
const changeStatus = (reference: string, status: unknown, token = ctx.actors.admin, app: App = ctx.app) =>
  ctx.call("POST", `/api/admin/orders/${reference}/status`, { token, payload: { status }, app });

/** The references a list answer holds, in its order. */
function references(res: Response): string[] {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as AdminOrderSummary[]).map((o) => o.reference);
}

function expectIssue(res: Response, path: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, error: true, data: null, message });
  expect(res.json().issues).toContainEqual({ path, message });
}

let minute = 0;
/**
 * An order straight in the table, each one a minute after the previous (so the list's order
 * is known), with the status and time asked.
 */
async function insertOrder(values: Partial<typeof orders.$inferInsert> & { reference: string }) {
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      channel: "form",
      name: "Client",
      phone: "+237600000000",
      totalQuantity: 1,
      totalPrice: 10000,
      createdAt: new Date(Date.UTC(2026, 0, 1, 8, ++minute)),
      ...values,
    })
    .returning();
  if (!row) throw new Error("no order");
  return row;
}

async function historyRows(reference: string) {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.reference, reference));
  return ctx.database.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order!.id));
}

async function statusOf(reference: string): Promise<OrderStatus> {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.reference, reference));
  return order!.status;
}

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#9333ea" } })
    .png()
    .toBuffer();
});

describe("GET /api/admin/orders", () => {
  beforeAll(async () => {
    await ctx.database.db.delete(orders);
    await insertOrder({ reference: "CMD-7K4Q", name: "Awa Ndongo", phone: "+237677123456", filePath: "a.png" });
    await insertOrder({ reference: "CMD-8HJK", name: "Éloïse Mbarga", phone: "+237699887766", status: "confirmée" });
    await insertOrder({ reference: "CMD-M2P9", channel: "whatsapp", name: "Jean Fotso", phone: null });
    await insertOrder({ reference: "CMD-Q7K4", name: "Paul 100%_sûr", phone: "+237655443322", status: "annulée" });
    await insertOrder({ reference: "CMD-ZZ22", name: "Awa Bello", phone: "+237677999888", status: "livrée" });
  });

  it("lists every order newest first, as summaries, with the page's meta", async () => {
    const res = await list("");
    expect(references(res)).toEqual(["CMD-ZZ22", "CMD-Q7K4", "CMD-M2P9", "CMD-8HJK", "CMD-7K4Q"]);
    expect(res.json()).toMatchObject({
      success: true,
      error: false,
      message: MSG.adminOrdersListed,
      meta: { page: 1, limit: 100, total: 5 },
    });
    const last = res.json().data[4];
    // Only the summary's fields: no address, message, lines nor the file's stored path.
    expect(last).toEqual({
      _id: expect.any(String),
      reference: "CMD-7K4Q",
      channel: "form",
      status: "nouvelle",
      name: "Awa Ndongo",
      phone: "+237677123456",
      totalQuantity: 1,
      totalPrice: 10000,
      total: 10000,
      hasFile: true,
      createdAt: new Date(Date.UTC(2026, 0, 1, 8, minute - 4)).toISOString(),
    });
    expect(res.json().data[2]).toMatchObject({ channel: "whatsapp", phone: null, hasFile: false });
  });

  it("breaks ties of the same instant by id, so pages never overlap", async () => {
    const at = new Date(Date.UTC(2025, 5, 1));
    const twins = await Promise.all(
      ["CMD-TW22", "CMD-TW33", "CMD-TW44"].map((reference) => insertOrder({ reference, createdAt: at })),
    );
    const pages = await Promise.all([1, 2, 3].map((page) => list(`?q=TW&limit=1&page=${page}`)));
    const seen = pages.flatMap(references);
    expect(seen).toEqual(twins.sort((a, b) => (a.id < b.id ? 1 : -1)).map((t) => t.reference));
    await ctx.database.db.delete(orders).where(eq(orders.createdAt, at));
  });

  it("narrows by status", async () => {
    expect(references(await list("?status=nouvelle"))).toEqual(["CMD-M2P9", "CMD-7K4Q"]);
    expect(references(await list("?status=annulée"))).toEqual(["CMD-Q7K4"]);
    expect(references(await list(`?status=${encodeURIComponent("payée")}`))).toEqual([]);
  });

  it.each([
    ["part of a reference, any case", "7k4q", ["CMD-7K4Q"]],
    ["a reference with spaces", "cmd 7k4q", ["CMD-7K4Q"]],
    ["a whole reference", "CMD-7K4Q", ["CMD-7K4Q"]],
    ["two characters", "K4", ["CMD-Q7K4", "CMD-7K4Q"]],
    ["a name without its accents", "eloise", ["CMD-8HJK"]],
    ["a name in capitals, with accents", "ÉLOÏSE MBARGA", ["CMD-8HJK"]],
    ["a first name", "awa", ["CMD-ZZ22", "CMD-7K4Q"]],
    ["a phone as written", "677 12 34 56", ["CMD-7K4Q"]],
    ["a phone in one piece", "677123456", ["CMD-7K4Q"]],
    ["an international phone", "+237 6 77 12 34 56", ["CMD-7K4Q"]],
    ["a phone with 00", "00237677123456", ["CMD-7K4Q"]],
    ["part of a phone", "6779", ["CMD-ZZ22"]],
    ["a percent sign, as itself", "%", ["CMD-Q7K4"]],
    ["an underscore, as itself", "_", ["CMD-Q7K4"]],
    ["wildcards that match nothing", "a%o", []],
    ["nothing that exists", "Ngono", []],
  ])("searches %s", async (_what, q, expected) => {
    const res = await list(`?q=${encodeURIComponent(q)}`);
    expect(references(res)).toEqual(expected);
    expect(res.json().meta.total).toBe(expected.length);
  });

  it("does not read phones for a search that is no number (the digits of a reference)", async () => {
    // "74" is in CMD-7K4Q's reference only once the letters are ignored: no phone match either.
    expect(references(await list("?q=CMD-74"))).toEqual([]);
  });

  it("combines a status and a search, and a blank search is no search", async () => {
    expect(references(await list("?status=livrée&q=awa"))).toEqual(["CMD-ZZ22"]);
    expect(references(await list("?status=nouvelle&q=awa"))).toEqual(["CMD-7K4Q"]);
    expect(references(await list("?q=%20%20"))).toHaveLength(5);
  });

  it("pages the list", async () => {
    const first = await list("?limit=2&page=1");
    const second = await list("?limit=2&page=2");
    const third = await list("?limit=2&page=3");
    expect(references(first)).toEqual(["CMD-ZZ22", "CMD-Q7K4"]);
    expect(references(second)).toEqual(["CMD-M2P9", "CMD-8HJK"]);
    expect(references(third)).toEqual(["CMD-7K4Q"]);
    expect(third.json().meta).toEqual({ page: 3, limit: 2, total: 5 });
    const beyond = await list("?limit=2&page=9");
    expect(references(beyond)).toEqual([]);
    expect(beyond.json().meta.total).toBe(5);
  });

  it("refuses a bad query in French", async () => {
    expectIssue(await list("?status=exp%C3%A9di%C3%A9e"), "querystring.status", FIELD_MSG.orderStatusInvalid);
    expectIssue(await list(`?q=${"a".repeat(101)}`), "querystring.q", FIELD_MSG.searchTooLong);
    expect((await list("?limit=0")).statusCode).toBe(400);
    expect((await list("?page=abc")).statusCode).toBe(400);
  });

  it("is for ADMIN and SUPERADMIN only", async () => {
    expect((await list("", ctx.actors.superAdmin)).statusCode).toBe(200);
    const general = await list("", ctx.actors.general);
    expect(general.statusCode).toBe(403);
    expect(general.json().message).toBe(MSG.forbidden);
    const anonymous = await ctx.call("GET", "/api/admin/orders");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG.authRequired);
  });
});

describe("GET /api/admin/orders/:reference", () => {
  let product: string;
  let customer: { id: string; name: string; email: string; token: string };

  beforeAll(async () => {
    const created = await ctx.call("POST", "/api/upload-product", {
      token: ctx.actors.superAdmin,
      payload: productBody({ sellingPrice: 250000 }),
    });
    product = created.json().data._id;
    const user = await createUser(ctx, "GENERAL", "cliente-detail");
    customer = { id: user.id, name: user.name, email: user.email, token: await tokenFor(ctx, user) };
  });

  it("answers the whole order: lines in order, the customer's account, the file and an empty history", async () => {
    const second = await ctx.call("POST", "/api/upload-product", {
      token: ctx.actors.superAdmin,
      payload: productBody({ productName: "AirPods" }),
    });
    for (const productId of [product, second.json().data._id]) {
      expect(
        (await ctx.call("POST", "/api/addtocart", { token: customer.token, payload: { productId } })).statusCode,
      ).toBe(201);
    }
    const { order: placed } = await orderFromForm(
      ctx.database.db,
      ctx.app.files,
      (await ctx.database.db.select().from(users).where(eq(users.id, customer.id)))[0]!,
      { name: "Awa Ndongo", number: "+237677123456", text: "Yaoundé, Bastos", message: "Le soir" },
      { bytes: png, name: "reçu.png", mime: "image/png", ext: "png" },
      { newReference: () => "CMD-D3TA" },
    );

    const res = await detail("cmd-d3ta");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.orderFound);
    const order: AdminOrder = res.json().data;
    expect(order).toEqual({
      _id: placed.row.id,
      reference: "CMD-D3TA",
      channel: "form",
      status: "nouvelle",
      name: "Awa Ndongo",
      phone: "+237677123456",
      address: "Yaoundé, Bastos",
      message: "Le soir",
      hasFile: true,
      lines: placed.lines.map((l) => ({
        productId: l.productId,
        productName: l.productName,
        variantId: l.variantId,
        variantLabel: "",
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        usualPrice: null,
      })),
      totalQuantity: 2,
      totalPrice: placed.row.totalPrice,
      delivery: null,
      total: placed.row.totalPrice,
      discount: 0,
      promotionCode: null,
      discounts: [],
      payToken: expect.stringMatching(/^[\w-]{32}$/),
      createdAt: placed.row.createdAt.toISOString(),
      updatedAt: placed.row.updatedAt.toISOString(),
      customer: { _id: customer.id, name: customer.name, email: customer.email },
      file: { url: "/api/orders/CMD-D3TA/file", name: "reçu.png", type: "image/png" },
      history: [],
      paymentChoice: null,
      payments: [],
    });
    // The cart page's order, newest line first: the AirPods came last, so they come first.
    expect(order.lines.map((l) => l.productName)).toEqual(["AirPods", "iPhone 13 128 Go"]);

    const file = await ctx.call("GET", order.file!.url, { token: ctx.actors.admin });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it("answers null for the customer of a visitor's order and the file of a cart order", async () => {
    await insertOrder({ reference: "CMD-W7S7", channel: "whatsapp", phone: null, userId: null });
    const res = await detail("CMD-W7S7", ctx.actors.superAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ customer: null, file: null, hasFile: false, lines: [], history: [] });
  });

  it("says so for an unknown reference (404) and a malformed one (400)", async () => {
    const unknown = await detail("CMD-2222");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: MSG.adminOrderNotFound, data: null });
    for (const bad of ["CMD-0000", "nimporte", "CMD-7K4QXYZ"]) {
      expectIssue(await detail(bad), "params.reference", FIELD_MSG.referenceInvalid);
    }
  });
});

describe("POST /api/admin/orders/:reference/status", () => {
  it("moves an order along, recording who and when, oldest change first", async () => {
    const before = await insertOrder({ reference: "CMD-ST22", phone: "+237677445566" });
    const confirmed = await changeStatus("cmd-st22", "confirmée", ctx.actors.admin);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(MSG.orderStatusChanged);
    expect(confirmed.json().data).toMatchObject({
      reference: "CMD-ST22",
      status: "confirmée",
      history: [
        {
          fromStatus: "nouvelle",
          toStatus: "confirmée",
          changedBy: { _id: ctx.actors.adminUser.id, name: ctx.actors.adminUser.name },
        },
      ],
    });
    const paid = await changeStatus("CMD-ST22", "payée", ctx.actors.superAdmin);
    expect(paid.statusCode, paid.body).toBe(200);
    const delivered = await changeStatus("CMD-ST22", "livrée", ctx.actors.otherAdmin);
    expect(delivered.statusCode, delivered.body).toBe(200);

    const order: AdminOrder = delivered.json().data;
    expect(order.status).toBe("livrée");
    expect(order.history.map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([
      ["nouvelle", "confirmée", { _id: ctx.actors.adminUser.id, name: ctx.actors.adminUser.name }],
      ["confirmée", "payée", { _id: ctx.superAdmin.id, name: ctx.superAdmin.name }],
      ["payée", "livrée", { _id: ctx.actors.otherAdminUser.id, name: ctx.actors.otherAdminUser.name }],
    ]);
    const times = order.history.map((h) => Date.parse(h.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThan(before.createdAt.getTime());
    expect(Math.abs(times[0]! - Date.now())).toBeLessThan(60_000);
    // The order's last change is its last status change.
    expect(order.updatedAt).toBe(order.history[2]!.createdAt);
    // The detail answers the same history.
    expect((await detail("CMD-ST22")).json().data).toEqual(order);
    // And the customer's status page reads the new status.
    const status = await ctx.call("POST", "/api/order-status", {
      payload: { reference: "CMD-ST22", phone: "677 44 55 66" },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().data.status).toBe("livrée");
  });

  it("lets steps be skipped: paid on the spot, or collected at once", async () => {
    await insertOrder({ reference: "CMD-SK22" });
    await insertOrder({ reference: "CMD-SK33", status: "confirmée" });
    expect((await changeStatus("CMD-SK22", "livrée")).json().data.status).toBe("livrée");
    expect((await changeStatus("CMD-SK33", "livrée")).json().data.status).toBe("livrée");
  });

  // Every pair of statuses: allowed exactly when ORDER_STATUS_TRANSITIONS says so.
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)("from %s to %s", async (from, to) => {
    const reference = `CMD-${String.fromCharCode(65 + ORDER_STATUSES.indexOf(from))}${String.fromCharCode(65 + ORDER_STATUSES.indexOf(to))}XY`;
    await insertOrder({ reference, status: from });
    const res = await changeStatus(reference, to);
    if (from === to) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: MSG.orderStatusSame });
    } else if (ORDER_STATUS_TRANSITIONS[from].includes(to)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.history).toHaveLength(1);
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: MSG.orderStatusNotAllowed });
    }
    if (res.statusCode !== 200) {
      expect(await statusOf(reference)).toBe(from);
      expect(await historyRows(reference)).toHaveLength(0);
    }
  });

  it("refuses what is not a status, and anything else in the body, in French", async () => {
    await insertOrder({ reference: "CMD-BD22" });
    expectIssue(await changeStatus("CMD-BD22", "expédiée"), "body.status", FIELD_MSG.orderStatusInvalid);
    expectIssue(await changeStatus("CMD-BD22", undefined), "body.status", FIELD_MSG.orderStatusInvalid);
    const extra = await ctx.call("POST", "/api/admin/orders/CMD-BD22/status", {
      token: ctx.actors.admin,
      payload: {
        status: "confirmée",
        changedBy: "quelqu'un",
      },
    });
    expect(extra.statusCode).toBe(400);
    expect(await statusOf("CMD-BD22")).toBe("nouvelle");
  });

  it("says so for an unknown reference (404) and a malformed one (400)", async () => {
    const unknown = await changeStatus("CMD-3333", "confirmée");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.adminOrderNotFound);
    expectIssue(await changeStatus("CMD-1111", "confirmée"), "params.reference", FIELD_MSG.referenceInvalid);
  });

  it("is refused to customers and visitors, whose attempt changes nothing", async () => {
    await insertOrder({ reference: "CMD-PM22" });
    expect((await changeStatus("CMD-PM22", "annulée", ctx.actors.general)).statusCode).toBe(403);
    expect(
      (await ctx.call("POST", "/api/admin/orders/CMD-PM22/status", { payload: { status: "annulée" } })).statusCode,
    ).toBe(401);
    expect(await statusOf("CMD-PM22")).toBe("nouvelle");
  });

  it("keeps the admin's name as it was once the account is renamed, then deleted", async () => {
    const admin = await createUser(ctx, "ADMIN", "ancien-admin");
    await insertOrder({ reference: "CMD-NM22" });
    expect((await changeStatus("CMD-NM22", "confirmée", await tokenFor(ctx, admin))).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ name: "Nouveau nom" }).where(eq(users.id, admin.id));
    expect((await detail("CMD-NM22")).json().data.history[0].changedBy).toEqual({
      _id: admin.id,
      name: "ancien-admin",
    });
    await ctx.database.db.delete(users).where(eq(users.id, admin.id));
    expect((await detail("CMD-NM22")).json().data.history[0].changedBy).toEqual({ _id: null, name: "ancien-admin" });
  });

  // A transaction that began before another change yet takes the row after it (PostgreSQL's
  // pool; PGlite runs one transaction at a time). Its change must still come after in the history.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "dates a change when it happens, not when its transaction began",
    async () => {
      await insertOrder({ reference: "CMD-TS22" });
      let begin!: () => void;
      let release!: () => void;
      const begun = new Promise<void>((resolve) => (begin = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const late = ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        begin();
        await released;
        const [row] = await tx.select().from(orders).where(eq(orders.reference, "CMD-TS22")).for("update");
        await moveOrderStatus(tx, row!, "annulée", { id: null, name: "test" });
      });
      await begun;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await changeStatus("CMD-TS22", "confirmée")).statusCode).toBe(200);
      release();
      await late;
      const history = (await detail("CMD-TS22")).json().data.history as AdminOrder["history"];
      expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
        ["nouvelle", "confirmée"],
        ["confirmée", "annulée"],
      ]);
      const [order] = await ctx.database.db.select().from(orders).where(eq(orders.reference, "CMD-TS22"));
      expect(order!.updatedAt.toISOString()).toBe(history[1]!.createdAt);
    },
  );

  it("lets exactly one of two simultaneous changes from the same status pass (two app servers)", async () => {
    const peer = await ctx.peer();
    try {
      // Neither target can follow the other: whichever is second must be refused.
      const references = ["CMD-CC22", "CMD-CC33", "CMD-CC44", "CMD-CC55", "CMD-CC66"];
      for (const reference of references) await insertOrder({ reference });
      await Promise.all(
        references.map(async (reference) => {
          const answers = await Promise.all([
            changeStatus(reference, "livrée", ctx.actors.admin, ctx.app),
            changeStatus(reference, "annulée", ctx.actors.otherAdmin, peer.app),
          ]);
          const codes = answers.map((a) => a.statusCode).sort();
          expect(codes, answers.map((a) => a.body).join("\n")).toEqual([200, 409]);
          const refused = answers.find((a) => a.statusCode === 409)!;
          expect(refused.json().message).toBe(MSG.orderStatusNotAllowed);
          const winner = answers.find((a) => a.statusCode === 200)!.json().data as AdminOrder;
          const history = await historyRows(reference);
          expect(history).toHaveLength(1);
          expect(history[0]).toMatchObject({ fromStatus: "nouvelle", toStatus: winner.status });
          expect(await statusOf(reference)).toBe(winner.status);
        }),
      );

      // confirmée then annulée is a legitimate sequence; annulée then confirmée is not. Either
      // way the history is a chain: never two changes from "nouvelle".
      const chained = ["CMD-CD22", "CMD-CD33", "CMD-CD44", "CMD-CD55", "CMD-CD66"];
      for (const reference of chained) await insertOrder({ reference });
      await Promise.all(
        chained.map(async (reference) => {
          await Promise.all([
            changeStatus(reference, "confirmée", ctx.actors.admin, ctx.app),
            changeStatus(reference, "annulée", ctx.actors.otherAdmin, peer.app),
          ]);
          const history = (await detail(reference)).json().data.history as AdminOrder["history"];
          expect(history.filter((h) => h.fromStatus === "nouvelle")).toHaveLength(1);
          expect(history.slice(1).map((h) => h.fromStatus)).toEqual(history.slice(0, -1).map((h) => h.toStatus));
          expect(await statusOf(reference)).toBe(history.at(-1)!.toStatus);
        }),
      );
    } finally {
      await peer.close();
    }
  });
});
