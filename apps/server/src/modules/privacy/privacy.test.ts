/**
 * 'Mes données' (decision 041) through the real app: everything about a person and nobody
 * else, the zip a phone opens, and the erasure — refused whole while an order is open or being
 * paid, and otherwise leaving no name, number, e-mail, address or file of the person anywhere
 * in the database or the storage, the orders' totals intact.
 */
import { ERASED_NAME, MSG } from "@shop/shared";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { orders } from "../../db/schema/orders.ts";
import { payments } from "../../db/schema/payments.ts";
import { users } from "../../db/schema/users.ts";
import { createUser, productWithStock, TEST_PASSWORD, tokenFor, useTestApp } from "../../test/harness.ts";
import { orderFileKey } from "../orders/files.ts";
import { screenshotKey } from "../payments/payments.service.ts";
import { unzip, whereFound } from "./test-kit.ts";

const ctx = useTestApp({ actors: true });

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

let people = 0;

/**
 * A customer with a bit of everything: an order form with a file (cancelled), a cart order
 * paid by a declared transfer with its screenshot (delivered), a review, a 'Contact' message,
 * a 'Prévenez-moi' number, a cart line. Each person's words are their own, to be looked for.
 */
async function customer() {
  const n = ++people;
  const person = {
    name: `Awa Ndongo${n}`,
    phone: `67712${String(3450 + n).padStart(4, "0")}`,
    address: `Yaoundé, Bastos, rue ${n}00`,
    landmark: `derrière la pharmacie ${n}`,
  };
  const { productId } = await productWithStock(ctx, ctx.actors.superAdmin, `Téléphone ${n}`, 10);
  const soldOut = await productWithStock(ctx, ctx.actors.superAdmin, `Montre ${n}`, 0);
  const user = await createUser(ctx, "GENERAL", `client-vie-privee-${n}`);
  await ctx.database.db.update(users).set({ name: person.name }).where(eq(users.id, user.id));
  const token = await tokenFor(ctx, user);

  const form = await ctx.call("POST", "/api/orders", {
    token,
    multipart: [
      { name: "name", value: person.name },
      { name: "number", value: person.phone },
      { name: "text", value: person.address },
      { name: "message", value: `Livrez ${person.landmark}` },
      { name: "file", filename: "piece-identite.png", type: "image/png", bytes: png },
    ],
  });
  expect(form.statusCode, form.body).toBe(201);
  const formOrder = form.json().data.reference as string;

  expect((await ctx.call("POST", "/api/addtocart", { token, payload: { productId } })).statusCode).toBe(201);
  const cart = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
  expect(cart.statusCode, cart.body).toBe(201);
  const cartOrder = cart.json().data;
  const transfer = await ctx.call("POST", `/api/orders/${cartOrder.reference}/transfer`, {
    multipart: [
      { name: "operator", value: "orange" },
      { name: "transactionId", value: `MP2411.${n}.A5` },
      { name: "token", value: cartOrder.payToken },
      { name: "screenshot", filename: "capture.png", type: "image/png", bytes: png },
    ],
  });
  expect(transfer.statusCode, transfer.body).toBe(201);

  expect(
    (
      await ctx.call("POST", "/api/reviews", {
        token,
        payload: { productId, rating: 5, comment: `Merci ${person.name}` },
      })
    ).statusCode,
  ).toBeLessThan(300);
  expect(
    (
      await ctx.call("POST", "/api/contact", {
        payload: { name: person.name, email: user.email, subject: "Garantie", message: `Mon numéro : ${person.phone}` },
      })
    ).statusCode,
  ).toBeLessThan(300);
  expect(
    (await ctx.call("POST", "/api/stock-alerts", { payload: { variantId: soldOut.variantId, phone: person.phone } }))
      .statusCode,
  ).toBeLessThan(300);

  return { user, token, person, productId, formOrder, cartOrder: cartOrder.reference as string };
}

/** The shop finishes with both orders: the transfer approved, one delivered, the other cancelled. */
async function closeOrders(c: Awaited<ReturnType<typeof customer>>) {
  const [attempt] = await ctx.database.db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.reference, c.cartOrder));
  const approved = await ctx.call("POST", `/api/admin/payments/${attempt!.id}/approve`, { token: ctx.actors.admin });
  expect(approved.statusCode, approved.body).toBe(200);
  for (const [reference, status] of [
    [c.cartOrder, "livrée"],
    [c.formOrder, "annulée"],
  ] as const) {
    const res = await ctx.call("POST", `/api/admin/orders/${reference}/status`, {
      token: ctx.actors.admin,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe("'Mes données'", () => {
  it("shows a signed-in person everything the shop keeps about them, and nothing of anyone else", async () => {
    const c = await customer();
    const other = await customer();
    const res = await ctx.call("GET", "/api/my-data", { token: c.token });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.account).toMatchObject({ name: c.person.name, email: c.user.email, role: "GENERAL" });
    expect(data.account).not.toHaveProperty("passwordHash");
    expect(data.orders.map((o: { reference: string }) => o.reference).sort()).toEqual(
      [c.formOrder, c.cartOrder].sort(),
    );
    const form = data.orders.find((o: { reference: string }) => o.reference === c.formOrder);
    expect(form).toMatchObject({ name: c.person.name, address: c.person.address, fileName: "piece-identite.png" });
    const paid = data.orders.find((o: { reference: string }) => o.reference === c.cartOrder);
    expect(paid.lines).toHaveLength(1);
    expect(paid.payments).toEqual([
      expect.objectContaining({ method: "transfer", operator: "orange", screenshot: true, state: "to_verify" }),
    ]);
    expect(data.reviews).toEqual([expect.objectContaining({ rating: 5, comment: `Merci ${c.person.name}` })]);
    expect(data.messages).toEqual([expect.objectContaining({ subject: "Garantie" })]);
    expect(data.stockAlerts).toEqual([
      expect.objectContaining({ phone: expect.stringContaining(c.person.phone.slice(-6)) }),
    ]);
    expect(data.cart).toHaveLength(1);
    expect(data.devices.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(data)).not.toContain(other.person.name);
    expect(JSON.stringify(data)).not.toContain(other.formOrder);
  });

  it("is for the signed-in alone", async () => {
    expect((await ctx.call("GET", "/api/my-data")).statusCode).toBe(401);
    expect((await ctx.call("GET", "/api/my-data/archive")).statusCode).toBe(401);
    expect(
      (await ctx.call("POST", "/api/delete-my-account", { payload: { password: TEST_PASSWORD } })).statusCode,
    ).toBe(401);
  });

  it("downloads as one zip: the JSON, a page to read, and the files the person sent", async () => {
    const c = await customer();
    const res = await ctx.call("GET", "/api/my-data/archive", { token: c.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const entries = await unzip(res.rawPayload);
    const json = JSON.parse(entries.get("donnees.json")!.toString("utf8"));
    expect(json.account.email).toBe(c.user.email);
    expect(json.orders).toHaveLength(2);
    const page = entries.get("donnees.html")!.toString("utf8");
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain(c.person.name);
    expect(page).toContain(c.formOrder);
    const sent = [...entries.keys()].filter((k) => k.startsWith("fichiers/"));
    expect(sent).toHaveLength(2);
    expect(sent).toContain(`fichiers/${c.formOrder}-piece-identite.png`);
    for (const name of sent) expect(entries.get(name)).toEqual(png);
  });
});

describe("'Mes données' of a customer with 500 orders", () => {
  it("lists them all, and the archive holds them all with each file once", async () => {
    const c = await customer();
    // 498 more orders like the form's, each its own reference: copied in SQL, the API's way being slow.
    const columns = Object.values(getTableColumns(orders))
      .filter((col) => !col.generated)
      .map((col) => col.name);
    const list = sql.raw(columns.map((name) => `"${name}"`).join(", "));
    const copied = sql.raw(
      columns
        .map((name) =>
          name === "id"
            ? "gen_random_uuid()"
            : name === "reference"
              ? "o.reference || '-' || g"
              : name === "idempotency_key"
                ? "null"
                : name === "file_path"
                  ? "null"
                  : `o."${name}"`,
        )
        .join(", "),
    );
    await ctx.database.db.execute(
      sql`insert into orders (${list}) select ${copied} from orders o, generate_series(1, 498) g where o.reference = ${c.formOrder}`,
    );
    const res = await ctx.call("GET", "/api/my-data", { token: c.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.orders).toHaveLength(500);
    const archive = await ctx.call("GET", "/api/my-data/archive", { token: c.token });
    expect(archive.statusCode).toBe(200);
    const entries = await unzip(archive.rawPayload);
    expect(JSON.parse(entries.get("donnees.json")!.toString()).orders).toHaveLength(500);
    expect(
      (
        entries
          .get("donnees.html")!
          .toString()
          .match(/<h3>Commande /g) ?? []
      ).length,
    ).toBe(500);
    // The form's file and the transfer's screenshot: the copies carry none.
    expect([...entries.keys()].filter((k) => k.startsWith("fichiers/"))).toHaveLength(2);
  });
});

describe("'Supprimer mon compte'", () => {
  it("is confirmed by the password: a wrong one, or none, changes nothing", async () => {
    const c = await customer();
    await closeOrders(c);
    const wrong = await ctx.call("POST", "/api/delete-my-account", {
      token: c.token,
      payload: { password: "pas-le-bon" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.accountDeletePasswordWrong);
    const none = await ctx.call("POST", "/api/delete-my-account", { token: c.token, payload: {} });
    expect(none.statusCode).toBe(400);
    expect((await ctx.call("GET", "/api/my-data", { token: c.token })).statusCode).toBe(200);
  });

  it("waits while an order is open or being paid, and says which", async () => {
    const c = await customer();
    const paying = await ctx.call("POST", "/api/delete-my-account", {
      token: c.token,
      payload: { password: TEST_PASSWORD },
    });
    expect(paying.statusCode).toBe(409);
    expect(paying.json().message).toBe(MSG.accountDeletePaymentPending(c.cartOrder));
    const [attempt] = await ctx.database.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.reference, c.cartOrder));
    await ctx.call("POST", `/api/admin/payments/${attempt!.id}/approve`, { token: ctx.actors.admin });
    const open = await ctx.call("POST", "/api/delete-my-account", {
      token: c.token,
      payload: { password: TEST_PASSWORD },
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toMatch(/^La commande CMD-/);
    // Nothing was erased by the refusals.
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.reference, c.formOrder));
    expect(row).toMatchObject({ name: c.person.name, fileName: "piece-identite.png" });
    expect(await ctx.app.files.get(orderFileKey(row!.filePath!))).not.toBeNull();
  });

  it("erases the person everywhere, keeps the orders' totals for the accounts, and signs them out", async () => {
    const c = await customer();
    await closeOrders(c);
    const before = await ctx.database.db
      .select({ reference: orders.reference, total: orders.total, filePath: orders.filePath })
      .from(orders)
      .where(eq(orders.userId, c.user.id));
    const [screenshot] = await ctx.database.db
      .select({ path: payments.screenshotPath })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.reference, c.cartOrder));
    const keys = [
      ...before.flatMap((o) => (o.filePath ? [orderFileKey(o.filePath)] : [])),
      ...(screenshot?.path ? [screenshotKey(screenshot.path)] : []),
    ];
    for (const key of keys) expect(await ctx.app.files.get(key)).not.toBeNull();
    expect(keys).toHaveLength(2);

    const res = await ctx.call("POST", "/api/delete-my-account", {
      token: c.token,
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.accountDeleted, data: { ordersAnonymised: 2, filesRemoved: 2 } });
    expect(res.headers["set-cookie"]).toBeDefined();

    for (const needle of [c.person.name, c.user.email, c.person.phone.slice(-8), c.person.address, c.person.landmark]) {
      expect(await whereFound(ctx.database.db, needle), needle).toEqual([]);
    }
    for (const key of keys) expect(await ctx.app.files.get(key)).toBeNull();
    const after = await ctx.database.db
      .select({ reference: orders.reference, total: orders.total, name: orders.name, userId: orders.userId })
      .from(orders)
      .where(sql`${orders.reference} in (${c.formOrder}, ${c.cartOrder})`);
    expect(after.map((o) => o.total).sort()).toEqual(before.map((o) => o.total).sort());
    expect(after.every((o) => o.name === ERASED_NAME && o.userId === null)).toBe(true);
    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.user.id), eq(auditLog.action, "erase")));
    expect(line?.after).toEqual({ ordersAnonymised: 2, filesRemoved: 2 });

    // Gone: its token opens nothing, and asking again is answered, not a crash.
    expect((await ctx.call("GET", "/api/my-data", { token: c.token })).statusCode).toBe(401);
    const again = await ctx.call("POST", "/api/delete-my-account", {
      token: c.token,
      payload: { password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
  });

  it("may be confirmed by a recovery code instead of the password", async () => {
    const user = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, user);
    const start = await ctx.call("POST", "/api/second-factors/totp/start", { token });
    const { secret, setupToken } = start.json().data;
    const added = await ctx.call("POST", "/api/second-factors/totp", {
      token,
      payload: { setupToken, code: new TOTP({ secret: Secret.fromBase32(secret) }).generate(), name: "Téléphone" },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [code] = added.json().data.recoveryCodes as string[];
    const wrong = await ctx.call("POST", "/api/delete-my-account", {
      token,
      payload: { recoveryCode: "AAAA-BBBB-CCCC" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.recoveryCodeWrong);
    const res = await ctx.call("POST", "/api/delete-my-account", { token, payload: { recoveryCode: code } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it("never removes the last super admin", async () => {
    const token = await tokenFor(ctx, ctx.superAdmin);
    const res = await ctx.call("POST", "/api/delete-my-account", { token, payload: { password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.accountDeleteLastSuperAdmin);
  });
});

describe("the staff's reads of a customer's files", () => {
  it("are each written in the audit log: who, when, which order and which file", async () => {
    const c = await customer();
    const [attempt] = await ctx.database.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.reference, c.cartOrder));
    const file = await ctx.call("GET", `/api/orders/${c.formOrder}/file`, { token: ctx.actors.admin });
    expect(file.statusCode).toBe(200);
    const shot = await ctx.call("GET", `/api/admin/payments/${attempt!.id}/screenshot`, { token: ctx.actors.admin });
    expect(shot.statusCode).toBe(200);
    const lines = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "file-read"), eq(auditLog.actorId, ctx.actors.adminUser.id)))
      .orderBy(auditLog.id);
    expect(lines.slice(-2)).toEqual([
      expect.objectContaining({ entity: "order", entityId: c.formOrder, after: { file: "piece-identite.png" } }),
      expect.objectContaining({
        entity: "order",
        entityId: c.cartOrder,
        after: { file: `capture du transfert ${attempt!.id}` },
      }),
    ]);
    // A refused read (a customer) writes nothing and sends nothing.
    expect((await ctx.call("GET", `/api/orders/${c.formOrder}/file`, { token: c.token })).statusCode).toBe(403);
  });
});
