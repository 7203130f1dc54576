import { formatPrice, MSG } from "@shop/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "../../db/schema/app-settings.ts";
import { pushSubscriptions } from "../../db/schema/push.ts";
import { createUser, postOrderForm, tokenFor, useTestApp } from "../../test/harness.ts";
import { startTestPushService, type TestPushService } from "../../test/push-service.ts";

// The owner's phone rings for each new order (decision 033): Web Push with VAPID,
// through a local push service that checks the VAPID token and decrypts each message.
let push: TestPushService;
beforeAll(async () => {
  push = await startTestPushService();
});
afterAll(() => push?.close());
const ctx = useTestApp(() => ({ pushAgent: push.agent, actors: true }));

const subscribeDevice = async (token: string | null, subscription = push.subscribe()) => {
  const res = await ctx.call("POST", "/api/admin/push/subscriptions", { token, payload: subscription });
  return { res, subscription };
};

/** Waits for the messages sent after an answer (they leave once it has). */
async function messagesTo(endpoint: string, count = 1) {
  for (let i = 0; i < 100; i++) {
    const got = push.received.filter((m) => m.subscription === endpoint);
    if (got.length >= count) return got;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} push messages to ${endpoint}; refused: ${push.refused.join("; ")}`);
}

async function placeOrder(name: string) {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const res = await postOrderForm(ctx.app, png, name);
  expect(res.statusCode).toBe(201);
  return res.json().data as { reference: string; total: number };
}

describe("notifications on the admins' devices", () => {
  it("gives the shop's VAPID key, the same every time, kept in the database", async () => {
    const first = await ctx.call("GET", "/api/admin/push/key", { token: ctx.actors.admin });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json().data;
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const again = await ctx.call("GET", "/api/admin/push/key", { token: ctx.actors.superAdmin });
    expect(again.json().data.publicKey).toBe(publicKey);
    const kept = await ctx.database.db.select().from(appSettings).where(eq(appSettings.key, "vapid_public_key"));
    expect(kept[0]?.value).toBe(publicKey);
  });

  it("is for admins only", async () => {
    expect((await subscribeDevice(null)).res.statusCode).toBe(401);
    expect((await subscribeDevice(ctx.actors.general)).res.statusCode).toBe(403);
    const key = await ctx.call("GET", "/api/admin/push/key", { token: ctx.actors.general });
    expect(key.statusCode).toBe(403);
  });

  it("rings every admin's device for a new order: reference, customer, total", async () => {
    const { res, subscription } = await subscribeDevice(ctx.actors.admin);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.pushSubscribed);
    const { subscription: superDevice } = await subscribeDevice(ctx.actors.superAdmin);

    const order = await placeOrder("Awa Ndongo");
    for (const endpoint of [subscription.endpoint, superDevice.endpoint]) {
      const [message] = await messagesTo(endpoint);
      expect(message?.payload).toEqual({
        title: `Nouvelle commande ${order.reference}`,
        body: `Awa Ndongo — ${formatPrice(order.total)}`,
        url: `/admin-panel/orders/${order.reference}`,
        tag: `order-${order.reference}`,
      });
      expect(message?.urgency).toBe("high");
    }
    expect(push.refused).toEqual([]);
  });

  it("rings for a new contact message", async () => {
    const { subscription } = await subscribeDevice(ctx.actors.otherAdmin);
    const sent = await ctx.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Paul Biya", email: "paul@exemple.cm", subject: "Garantie", message: "Bonjour, la garantie ?" },
    });
    expect(sent.statusCode).toBe(201);
    const messages = await messagesTo(subscription.endpoint);
    expect(messages.at(-1)?.payload).toMatchObject({ title: "Nouveau message", body: "Paul Biya : Garantie" });
  });

  it("forgets a device the push service says is gone, and a device switched off", async () => {
    const { subscription } = await subscribeDevice(ctx.actors.admin);
    push.expire(subscription.endpoint);
    await placeOrder("Jean Fotso");
    for (let i = 0; i < 100; i++) {
      const rows = await ctx.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
      if (rows.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const left = await ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(left).toHaveLength(0);

    const { subscription: other } = await subscribeDevice(ctx.actors.admin);
    const off = await ctx.call("POST", "/api/admin/push/unsubscribe", {
      token: ctx.actors.admin,
      payload: { endpoint: other.endpoint },
    });
    expect(off.json().message).toBe(MSG.pushUnsubscribed);
    const rows = await ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, other.endpoint));
    expect(rows).toHaveLength(0);
  });

  it("tells an admin who loses the role nothing more", async () => {
    const demoted = await createUser(ctx, "ADMIN");
    const { subscription } = await subscribeDevice(await tokenFor(ctx, demoted));
    const changed = await ctx.call("POST", "/api/update-user", {
      token: ctx.actors.superAdmin,
      payload: { userId: demoted.id, role: "GENERAL" },
    });
    expect(changed.statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, demoted.id));
    expect(rows).toHaveLength(0);
    const before = push.received.length;
    const order = await placeOrder("Marie Ngono");
    await messagesTo((await subscribeDevice(ctx.actors.admin)).subscription.endpoint, 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(push.received.slice(before).some((m) => m.subscription === subscription.endpoint)).toBe(false);
    expect(push.received.slice(before).some((m) => (m.payload.title as string).includes(order.reference))).toBe(true);
  });

  it("refuses a subscription that is not one", async () => {
    const res = await ctx.call("POST", "/api/admin/push/subscriptions", {
      token: ctx.actors.admin,
      payload: { endpoint: "pas-une-adresse", keys: { p256dh: "x", auth: "y" } },
    });
    expect(res.statusCode).toBe(400);
  });
});
