import { FIELD_MSG, formatPrice, MSG } from "@shop/shared";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderStatusChanges, orders } from "../../db/schema/orders.ts";
import { payments } from "../../db/schema/payments.ts";
import { type FakeNotchPay, signNotchPay, startFakeNotchPay } from "../../test/fake-notchpay.ts";
import { createUser, tokenFor, uploadProduct, useTestApp } from "../../test/harness.ts";
import { startTestPushService, type TestPushService } from "../../test/push-service.ts";
import { createNotchPay } from "./notchpay.ts";
import { applyProviderPayment, type PaymentsContext, reconcile } from "./payments.service.ts";

/**
 * Decision 026: paying an order's total by Mobile Money through a local fake of
 * Notch Pay, transfers declared by hand, cash on delivery, and the shop's review. Nothing may
 * pay twice, pay a wrong amount, or be lost.
 */

let fake: FakeNotchPay;
let push: TestPushService;
let adminDevice: { endpoint: string };
let payments_: PaymentsContext;
let webhookUrl: string;

beforeAll(async () => {
  fake = await startFakeNotchPay();
  push = await startTestPushService();
});
afterAll(async () => {
  await fake?.close();
  await push?.close();
});
const ctx = useTestApp(() => ({
  env: { ...fake.env, NOTCHPAY_TIMEOUT_MS: "800", PAYMENT_RECONCILE_INTERVAL_MS: "0", SHOP_MOMO_MTN: "677000001" },
  pushAgent: push.agent,
  actors: true,
}));
beforeAll(async () => {
  await ctx.app.listen({ host: "127.0.0.1", port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  webhookUrl = `http://127.0.0.1:${address.port}/api/payments/webhooks/notchpay`;
  // The owner's phone, told of payments received (decision 033).
  adminDevice = push.subscribe();
  const subscribed = await ctx.call("POST", "/api/admin/push/subscriptions", {
    token: ctx.actors.admin,
    payload: adminDevice,
  });
  expect(subscribed.statusCode).toBe(201);
  payments_ = {
    db: ctx.database.db,
    provider: createNotchPay({ ...ctx.config.notchpay!, timeoutMs: 2000 }),
    tokenSecret: ctx.config.token.secret,
    transferNumbers: ctx.config.payments.transferNumbers,
    files: ctx.app.files,
  };
});
beforeEach(() => {
  fake.reset();
  fake.webhookUrl = webhookUrl;
});

const until = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** A customer's cart order of one product at `price`: its reference, token and payToken. */
async function cartOrder(price = 25000) {
  const created = await uploadProduct(ctx, ctx.actors.superAdmin, { price, sellingPrice: price });
  expect(created.statusCode, created.body).toBe(201);
  const user = await createUser(ctx, "GENERAL");
  const token = await tokenFor(ctx, user);
  expect(
    (await ctx.call("POST", "/api/addtocart", { token, payload: { productId: created.json().data._id } })).statusCode,
  ).toBe(201);
  const res = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data;
  return {
    reference: order.reference as string,
    token,
    payToken: order.payToken as string,
    total: order.total as number,
  };
}

const pay = (reference: string, token: string | null, body: object) =>
  ctx.call("POST", `/api/orders/${reference}/payments`, { token, payload: body });
const poll = (id: string) => ctx.call("GET", `/api/payments/${id}`);
const orderRow = async (reference: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;
const paidChanges = async (reference: string) => {
  const row = await orderRow(reference);
  return ctx.database.db
    .select()
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.orderId, row.id), eq(orderStatusChanges.toStatus, "payée")));
};
const attemptsOf = async (reference: string) => {
  const row = await orderRow(reference);
  return ctx.database.db.select().from(payments).where(eq(payments.orderId, row.id));
};

describe("paying by Mobile Money", () => {
  it("charges the order's recorded total, and the signed webhook makes the order 'payée' by itself", async () => {
    const order = await cartOrder(25000);
    const screen = await ctx.call("POST", `/api/orders/${order.reference}/payment`, {
      payload: { token: order.payToken },
    });
    expect(screen.statusCode, screen.body).toBe(200);
    expect(screen.json().data).toMatchObject({ total: 25000, payable: true, paid: false, mobileMoney: true });
    expect(screen.json().data.transferNumbers).toEqual({ mtn: "+237677000001", orange: null });

    // An amount from the client is not even accepted.
    const withAmount = await pay(order.reference, order.token, { operator: "mtn", phone: "677123456", amount: 5 });
    expect(withAmount.statusCode).toBe(400);

    fake.settings.settleAfterMs = 50;
    const res = await pay(order.reference, order.token, { operator: "mtn", phone: "6 77 12 34 56" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(MSG.paymentStarted);
    const attempt = res.json().data;
    expect(attempt).toMatchObject({ state: "pending", amount: 25000, currency: "XAF", operator: "mtn" });
    const [charged] = fake.payments();
    expect(charged).toMatchObject({ amount: 25000, currency: "XAF", merchant_reference: `${order.reference}-1` });
    expect(fake.calls.find((c) => c.method === "POST" && c.path !== "/payments")?.body).toMatchObject({
      channel: "cm.mtn",
      data: { phone: "237677123456" },
    });

    await until(async () => (await orderRow(order.reference)).status === "payée", "the webhook");
    await until(async () => fake.deliveries.at(-1)?.status === 200, "the webhook's answer");
    const polled = await poll(attempt._id);
    expect(polled.json().data).toMatchObject({ state: "paid", orderPaid: true, orderReference: order.reference });
    const changes = await paidChanges(order.reference);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      changedBy: null,
      changedByName: "MTN MoMo",
      note: `MTN MoMo — transaction ${charged!.reference}`,
    });
    // The owner's phone rang for the money received.
    await until(
      async () => push.received.some((m) => m.payload.title === "Paiement Mobile Money reçu"),
      "the payment's notification",
    );
    const rang = push.received.find((m) => m.payload.title === "Paiement Mobile Money reçu");
    expect(rang?.subscription).toBe(adminDevice.endpoint);
    expect(rang?.payload).toMatchObject({
      body: `${order.reference} — ${formatPrice(25000)} (MTN MoMo)`,
      url: `/admin-panel/orders/${order.reference}`,
    });
    // Paid: no second charge.
    const again = await pay(order.reference, order.token, { operator: "orange", phone: "699000000" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.paymentAlreadyPaid);
  });

  it("two taps at once start one charge: the second gets the attempt in progress", async () => {
    const order = await cartOrder();
    fake.settings.outcome = "pending";
    const [a, b] = await Promise.all([
      pay(order.reference, order.token, { operator: "mtn", phone: "677123456" }),
      pay(order.reference, order.token, { operator: "mtn", phone: "677123456" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data._id).toBe(b.json().data._id);
    expect(fake.payments()).toHaveLength(1);
    expect((await pay(order.reference, order.token, { operator: "orange", phone: "699000000" })).json().message).toBe(
      MSG.paymentInProgress,
    );
  });

  it("a refused payment ends with its reason, and 'Réessayer' with the other operator pays", async () => {
    const order = await cartOrder();
    fake.settings.outcomeByPhone = { "237699000001": "canceled" };
    const first = (await pay(order.reference, order.token, { operator: "orange", phone: "699000001" })).json().data;
    await until(async () => (await poll(first._id)).json().data.state !== "pending", "the refusal");
    expect((await poll(first._id)).json().data).toMatchObject({ state: "failed", reason: MSG.paymentRefused });
    expect((await orderRow(order.reference)).status).toBe("nouvelle");

    const retry = await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" });
    expect(retry.statusCode).toBe(201);
    await until(async () => (await orderRow(order.reference)).status === "payée", "the retry");
    expect(await paidChanges(order.reference)).toHaveLength(1);
  });

  it("says 'Délai dépassé' for an expired payment and names a failed one", async () => {
    const order = await cartOrder();
    fake.settings.outcome = "expired";
    const attempt = (await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" })).json().data;
    await until(async () => (await poll(attempt._id)).json().data.state === "failed", "the expiry");
    expect((await poll(attempt._id)).json().data.reason).toBe(MSG.paymentTimedOut);

    fake.settings.outcome = "failed";
    const second = (await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" })).json().data;
    await until(async () => (await poll(second._id)).json().data.state === "failed", "the failure");
    expect((await poll(second._id)).json().data.reason).toBe(MSG.paymentFailed);
  });

  it("says 'Solde insuffisant' when the provider's failure says so", async () => {
    const order = await cartOrder();
    fake.settings.outcome = "pending";
    const attempt = (await pay(order.reference, order.token, { operator: "orange", phone: "699123456" })).json().data;
    const [row] = await attemptsOf(order.reference);
    await applyProviderPayment(ctx.database.db, payments_.provider!, attempt._id, {
      reference: row!.providerReference!,
      merchantReference: row!.merchantReference,
      status: "failed",
      amount: row!.amount,
      currency: "XAF",
      message: "Insufficient balance on the payer's account",
    });
    expect((await poll(attempt._id)).json().data).toMatchObject({ state: "failed", reason: MSG.paymentInsufficient });
  });

  it("a provider that does not answer fails the attempt with nothing charged, and a retry works", async () => {
    const order = await cartOrder();
    fake.settings.hangNextCalls = 1;
    const res = await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(MSG.paymentProviderDown);
    const [failed] = await attemptsOf(order.reference);
    expect(failed).toMatchObject({ state: "failed", providerReference: null });
    expect(fake.payments().filter((p) => p.status !== "pending")).toHaveLength(0);

    fake.settings.failNextCalls = { status: 500, count: 1 };
    expect((await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" })).statusCode).toBe(502);
    expect((await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" })).statusCode).toBe(201);
  });

  it("an amount or currency that does not match never pays: the order waits in 'À vérifier'", async () => {
    const order = await cartOrder(40000);
    fake.settings.reportedAmount = 100;
    const attempt = (await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" })).json().data;
    await until(async () => (await poll(attempt._id)).json().data.state !== "pending", "the webhook");
    expect((await orderRow(order.reference)).status).toBe("nouvelle");
    const [flagged] = await attemptsOf(order.reference);
    expect(flagged).toMatchObject({ state: "to_verify" });
    expect(flagged!.flag).toContain("Montant reçu 100 XAF au lieu de 40000 XAF");
    const queue = (await ctx.call("GET", "/api/admin/payments", { token: ctx.actors.admin })).json();
    expect(queue.data.some((p: { _id: string }) => p._id === attempt._id)).toBe(true);
    expect(
      (await ctx.call("GET", "/api/admin/badges", { token: ctx.actors.admin })).json().data.paymentsToVerify,
    ).toBeGreaterThan(0);
    // The customer reads that the shop checks it, not the flag.
    expect((await poll(attempt._id)).json().data).toMatchObject({ state: "to_verify", reason: null });
  });
});

describe("webhooks", () => {
  async function completedWithoutWebhook() {
    const order = await cartOrder();
    fake.settings.webhook = "none";
    const attempt = (await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" })).json().data;
    await until(async () => fake.payments().some((p) => p.status === "complete"), "the payment");
    const trx = fake.payments().find((p) => p.merchant_reference === `${order.reference}-1`)!;
    return { order, attempt, trx };
  }

  it("refuses a forged, missing or wrongly signed webhook, and changes nothing", async () => {
    const { order, trx } = await completedWithoutWebhook();
    const body = JSON.stringify({ id: "evt_forged", type: "payment.complete", data: trx });
    for (const headers of [
      {},
      { "x-notch-signature": "0".repeat(64) },
      { "x-notch-signature": signNotchPay(body, "not-the-hash") },
      { "x-notch-signature": "zz" },
    ]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/payments/webhooks/notchpay",
        headers: { "content-type": "application/json", ...headers },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.webhookSignatureInvalid);
    }
    // A body changed after signing is refused too.
    const signature = signNotchPay(body, fake.webhookHash);
    const tampered = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/notchpay",
      headers: { "content-type": "application/json", "x-notch-signature": signature },
      payload: body.replace("payment.complete", "payment.failed"),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await orderRow(order.reference)).status).toBe("nouvelle");
  });

  it("settles from the provider's own answer: duplicates, replays and a late 'failed' change nothing more", async () => {
    const { order, attempt, trx } = await completedWithoutWebhook();
    expect(await fake.sendWebhook(trx.reference, { type: "payment.complete" })).toBe(200);
    expect(await fake.sendWebhook(trx.reference, { type: "payment.complete" })).toBe(200);
    expect((await orderRow(order.reference)).status).toBe("payée");
    // A stale 'failed', signed: the provider says complete, and paid is final anyway.
    const stale = JSON.stringify({ id: "evt_late", type: "payment.failed", data: { ...trx, status: "failed" } });
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/notchpay",
      headers: { "content-type": "application/json", "x-notch-signature": signNotchPay(stale, fake.webhookHash) },
      payload: stale,
    });
    expect(res.statusCode).toBe(200);
    expect((await poll(attempt._id)).json().data.state).toBe("paid");
    expect(await paidChanges(order.reference)).toHaveLength(1);
  });

  it("a signed webhook for an unknown reference is answered without effect", async () => {
    const body = JSON.stringify({ id: "evt_x", type: "payment.complete", data: { reference: "trx.unknown" } });
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/notchpay",
      headers: { "content-type": "application/json", "x-notch-signature": signNotchPay(body, fake.webhookHash) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
  });

  it("the waiting screen's read settles before the webhook, and the webhook after it changes nothing", async () => {
    const { order, attempt, trx } = await completedWithoutWebhook();
    expect((await poll(attempt._id)).json().data.state).toBe("paid");
    expect(await fake.sendWebhook(trx.reference, { type: "payment.complete" })).toBe(200);
    expect(await paidChanges(order.reference)).toHaveLength(1);
  });

  it("two app servers receiving the same webhook at once pay the order once", async () => {
    const { order, trx } = await completedWithoutWebhook();
    const peer = await ctx.peer();
    try {
      const body = JSON.stringify({ id: "evt_twice", type: "payment.complete", data: trx });
      const request = {
        method: "POST" as const,
        url: "/api/payments/webhooks/notchpay",
        headers: { "content-type": "application/json", "x-notch-signature": signNotchPay(body, fake.webhookHash) },
        payload: body,
      };
      const answers = await Promise.all([ctx.app.inject(request), peer.app.inject(request)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    } finally {
      await peer.close();
    }
    expect((await orderRow(order.reference)).status).toBe("payée");
    expect(await paidChanges(order.reference)).toHaveLength(1);
  });

  it("reconciliation settles what no webhook reported, and fails what the provider never took", async () => {
    const order = await cartOrder();
    fake.settings.webhook = "none";
    await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" });
    await until(async () => fake.payments().some((p) => p.status === "complete"), "the payment");
    expect((await orderRow(order.reference)).status).toBe("nouvelle");
    expect(await reconcile(payments_, new Date(Date.now() + 3 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.reference)).status).toBe("payée");

    // An attempt written but never given to the provider (the server died before): failed later.
    const lost = await cartOrder();
    const row = await orderRow(lost.reference);
    const [orphan] = await ctx.database.db
      .insert(payments)
      .values({ orderId: row.id, method: "mobile_money", operator: "mtn", amount: row.total, state: "pending" })
      .returning();
    await reconcile(payments_, new Date(Date.now() + 3 * 60_000));
    expect((await poll(orphan!.id)).json().data.state).toBe("pending");
    await reconcile(payments_, new Date(Date.now() + 11 * 60_000));
    expect((await poll(orphan!.id)).json().data).toMatchObject({ state: "failed", reason: MSG.paymentFailed });
  });
});

describe("who may pay", () => {
  it("the order's customer, its phone number or its payment link; anyone else reads a 404", async () => {
    const order = await cartOrder();
    const stranger = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    const screen = (token: string | null, body: object) =>
      ctx.call("POST", `/api/orders/${order.reference}/payment`, { token, payload: body });
    expect((await screen(order.token, {})).statusCode).toBe(200);
    expect((await screen(null, { token: order.payToken })).statusCode).toBe(200);
    expect((await screen(stranger, {})).statusCode).toBe(404);
    const forged = order.payToken.slice(0, -1) + (order.payToken.endsWith("x") ? "y" : "x");
    expect((await screen(null, { token: forged })).statusCode).toBe(404);
    expect((await screen(null, { contactPhone: "677000000" })).statusCode).toBe(404);
    expect((await screen(null, {})).json().message).toBe(MSG.orderNotFound);
    expect((await pay(order.reference, stranger, { operator: "mtn", phone: "677123456" })).statusCode).toBe(404);
    expect((await poll("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("validates in French", async () => {
    const order = await cartOrder();
    const res = await pay(order.reference, order.token, { operator: "wave", phone: "12" });
    expect(res.statusCode).toBe(400);
    const messages = res.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toContain(FIELD_MSG.paymentOperatorInvalid);
    expect(messages).toContain(FIELD_MSG.phoneInvalid);
  });

  it("an order whose delivery fee is still to be confirmed, or cancelled, cannot be paid", async () => {
    const order = await cartOrder();
    await ctx.database.db
      .update(orders)
      .set({ deliveryKind: "shipping", deliveryName: "Expédition", deliveryFee: null })
      .where(eq(orders.reference, order.reference));
    const res = await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.paymentFeeToConfirm);
    await ctx.database.db
      .update(orders)
      .set({ status: "annulée", deliveryKind: null })
      .where(eq(orders.reference, order.reference));
    expect((await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" })).json().message).toBe(
      MSG.paymentNotPayable,
    );
    expect(fake.payments()).toHaveLength(0);
  });

  it("an order without an amount yet (a form order the shop prices) cannot be paid", async () => {
    const order = await cartOrder();
    await ctx.database.db.update(orders).set({ totalPrice: 0 }).where(eq(orders.reference, order.reference));
    const res = await pay(order.reference, order.token, { operator: "mtn", phone: "677123456" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.paymentNoAmount);
    const screen = await ctx.call("POST", `/api/orders/${order.reference}/payment`, {
      token: order.token,
      payload: {},
    });
    expect(screen.json().data.payable).toBe(false);
  });
});

describe("transfers by hand, cash, and the shop's review", () => {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
    "base64",
  );
  const declare = (reference: string, fields: Record<string, string>, screenshot = false) =>
    ctx.call("POST", `/api/orders/${reference}/transfer`, {
      multipart: [
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        ...(screenshot ? [{ name: "screenshot", filename: "capture.png", type: "image/png", bytes: png }] : []),
      ],
    });

  it("a declared transfer waits for an admin; one ID serves one order; rejected then approved with who and when", async () => {
    const order = await cartOrder(30000);
    const res = await declare(
      order.reference,
      { operator: "orange", transactionId: "mp 2411.1234.A5", token: order.payToken },
      true,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ state: "to_verify", transactionId: "MP2411.1234.A5", amount: 30000 });
    const other = await cartOrder();
    const reused = await declare(other.reference, {
      operator: "orange",
      transactionId: "MP2411.1234.A5",
      token: other.payToken,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(MSG.transferIdTaken);
    expect(
      (await declare(order.reference, { operator: "mtn", transactionId: "OTHER1", token: order.payToken })).json()
        .message,
    ).toBe(MSG.transferPending);

    const queued = (await ctx.call("GET", "/api/admin/payments", { token: ctx.actors.admin })).json().data;
    const item = queued.find((p: { transactionId: string }) => p.transactionId === "MP2411.1234.A5");
    expect(item.order).toMatchObject({ reference: order.reference, total: 30000 });
    expect((await ctx.call("GET", item.screenshotUrl, { token: ctx.actors.admin })).statusCode).toBe(200);
    expect((await ctx.call("GET", item.screenshotUrl, { token: order.token })).statusCode).toBe(403);

    expect(
      (
        await ctx.call("POST", `/api/admin/payments/${item._id}/reject`, {
          token: ctx.actors.admin,
          payload: { reason: "x" },
        })
      ).statusCode,
    ).toBe(400);
    const rejected = await ctx.call("POST", `/api/admin/payments/${item._id}/reject`, {
      token: ctx.actors.admin,
      payload: {
        reason: "Aucun transfert reçu avec ce numéro.",
      },
    });
    expect(rejected.statusCode).toBe(200);
    const screen = (
      await ctx.call("POST", `/api/orders/${order.reference}/payment`, { payload: { token: order.payToken } })
    ).json().data;
    expect(screen.payments[0]).toMatchObject({ state: "rejected", reason: "Aucun transfert reçu avec ce numéro." });
    expect(
      (await ctx.call("POST", `/api/admin/payments/${item._id}/approve`, { token: ctx.actors.admin })).statusCode,
    ).toBe(409);

    const second = await declare(order.reference, {
      operator: "mtn",
      transactionId: "CI241124.0001",
      token: order.payToken,
    });
    expect(second.statusCode).toBe(201);
    const approved = await ctx.call("POST", `/api/admin/payments/${second.json().data._id}/approve`, {
      token: ctx.actors.admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.reviewedBy).toEqual({ _id: ctx.actors.adminUser.id, name: ctx.actors.adminUser.name });
    const detail = (await ctx.call("GET", `/api/admin/orders/${order.reference}`, { token: ctx.actors.admin })).json()
      .data;
    expect(detail.status).toBe("payée");
    expect(detail.history.at(-1)).toMatchObject({
      toStatus: "payée",
      changedBy: { _id: ctx.actors.adminUser.id, name: ctx.actors.adminUser.name },
      note: "Transfert MTN MoMo — transaction CI241124.0001",
    });
    expect(detail.payments.map((p: { state: string }) => p.state)).toEqual(["paid", "rejected"]);
    expect(detail.paymentChoice).toBe("transfer");
  });

  it("the review is the admins': customers are refused", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await ctx.call("GET", "/api/admin/payments")).statusCode).toBe(401);
    expect((await ctx.call("GET", "/api/admin/payments", { token: ctx.actors.general })).statusCode).toBe(403);
    expect(
      (await ctx.call("POST", `/api/admin/payments/${id}/approve`, { token: ctx.actors.general })).statusCode,
    ).toBe(403);
    expect((await ctx.call("POST", `/api/admin/payments/${id}/approve`, { token: ctx.actors.admin })).statusCode).toBe(
      404,
    );
  });

  it("cash on delivery is recorded, and the orders list filters by how orders are paid", async () => {
    const cash = await cartOrder();
    const res = await ctx.call("POST", `/api/orders/${cash.reference}/cash`, { token: cash.token, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.choice).toBe("cash");
    const online = await cartOrder();
    await pay(online.reference, online.token, { operator: "mtn", phone: "677123456" });
    await until(async () => (await orderRow(online.reference)).status === "payée", "the payment");
    const unpaid = await cartOrder();

    const listed = async (payment: string) =>
      (await ctx.call("GET", `/api/admin/orders?payment=${payment}&limit=100`, { token: ctx.actors.admin }))
        .json()
        .data.map((o: { reference: string }) => o.reference);
    expect(await listed("cash")).toContain(cash.reference);
    expect(await listed("cash")).not.toContain(online.reference);
    expect(await listed("online")).toContain(online.reference);
    expect(await listed("online")).not.toContain(cash.reference);
    expect(await listed("unpaid")).toContain(unpaid.reference);
    expect(await listed("unpaid")).not.toContain(cash.reference);
    expect(await listed("unpaid")).not.toContain(online.reference);

    const dashboard = (await ctx.call("GET", "/api/admin/dashboard", { token: ctx.actors.admin })).json().data;
    const [received] = await ctx.database.db.select({ n: count() }).from(payments).where(eq(payments.state, "paid"));
    expect(received!.n).toBeGreaterThan(0);
    expect(dashboard.receivedOnline.today).toBeGreaterThanOrEqual(online.total);
    expect(dashboard.receivedOnline.month).toBeGreaterThanOrEqual(dashboard.receivedOnline.today);
  });
});

describe("the provider's keys", () => {
  const lines: string[] = [];
  const logged = useTestApp(() => ({
    env: {
      ...fake.env,
      NOTCHPAY_PRIVATE_KEY: "sk_test_secret_private_key",
      NOTCHPAY_TIMEOUT_MS: "600",
      PAYMENT_RECONCILE_INTERVAL_MS: "0",
      LOG_LEVEL: "debug",
    },
    log: { write: (line: string) => lines.push(line) },
  }));

  it("never appear in the log or in an answer, whatever happens", async () => {
    const admin = await tokenFor(logged, logged.superAdmin);
    const product = await uploadProduct(logged, admin, {});
    const token = await tokenFor(logged, await createUser(logged, "GENERAL"));
    await logged.call("POST", "/api/addtocart", { token, payload: { productId: product.json().data._id } });
    const order = (
      await logged.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } })
    ).json().data;
    const answers = [
      await logged.call("POST", `/api/orders/${order.reference}/payment`, { token, payload: {} }),
      await logged.call("POST", `/api/orders/${order.reference}/payments`, {
        token,
        payload: { operator: "mtn", phone: "677123456" },
      }),
    ];
    fake.settings.hangNextCalls = 5;
    const other = (await logged.call("POST", "/api/orders/from-cart", { token, payload: { channel: "phone" } })).json()
      .data;
    answers.push(
      await logged.call("POST", `/api/orders/${other.reference}/payments`, {
        token,
        payload: { operator: "mtn", phone: "677123456" },
      }),
    );
    const signed = JSON.stringify({ id: "evt_log", type: "payment.complete", data: { reference: "trx.none" } });
    answers.push(
      await logged.app.inject({
        method: "POST",
        url: "/api/payments/webhooks/notchpay",
        headers: { "content-type": "application/json", "x-notch-signature": signNotchPay(signed, fake.webhookHash) },
        payload: signed,
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 201, 502, 200]);
    const everything = [...lines, ...answers.map((a) => a.body)].join("\n");
    for (const secret of [fake.publicKey, "sk_test_secret_private_key", fake.webhookHash]) {
      expect(everything).not.toContain(secret);
    }
    expect(lines.length).toBeGreaterThan(0);
  });
});

describe("without provider keys", () => {
  const plain = useTestApp();

  it("Mobile Money is not offered; transfers and cash still work", async () => {
    const product = await uploadProduct(plain, await tokenFor(plain, plain.superAdmin), {});
    const user = await createUser(plain, "GENERAL");
    const token = await tokenFor(plain, user);
    await plain.call("POST", "/api/addtocart", { token, payload: { productId: product.json().data._id } });
    const order = (await plain.call("POST", "/api/orders/from-cart", { token, payload: { channel: "phone" } })).json()
      .data;
    const screen = await plain.call("POST", `/api/orders/${order.reference}/payment`, { token, payload: {} });
    expect(screen.json().data.mobileMoney).toBe(false);
    const res = await plain.call("POST", `/api/orders/${order.reference}/payments`, {
      token,
      payload: { operator: "mtn", phone: "677123456" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MSG.paymentUnavailable);
    const webhook = await plain.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/notchpay",
      headers: { "content-type": "application/json", "x-notch-signature": "0".repeat(64) },
      payload: "{}",
    });
    expect(webhook.statusCode).toBe(401);
  });
});
