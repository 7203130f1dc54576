/**
 * Retention (decision 041) with a clock moved forward: each kind of personal data goes after
 * its time and not a day before (the clock is moved, so each step signs in afresh: the sessions
 * of today have expired by then), the files with their rows; a second run removes nothing and
 * writes nothing; a setting changes a duration; the daily job runs it through the queue.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSettings } from "../../db/schema/app-settings.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { sessions } from "../../db/schema/auth.ts";
import { cartLines } from "../../db/schema/cart.ts";
import { contactMessages } from "../../db/schema/contact.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { orders } from "../../db/schema/orders.ts";
import { enqueue } from "../../jobs/queue.ts";
import { runDueJobs } from "../../jobs/runner.ts";
import { createUser, postOrderForm, productWithStock, tokenFor, useTestApp } from "../../test/harness.ts";
import { orderFileKey } from "../orders/files.ts";
import { applyRetention } from "./retention.service.ts";

const ctx = useTestApp({ actors: true });

const DAY = 86_400_000;
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

async function formOrder(status?: "annulée" | "livrée") {
  const res = await postOrderForm(ctx.app, png);
  expect(res.statusCode, res.body).toBe(201);
  const reference = res.json().data.reference as string;
  if (status) {
    const changed = await ctx.call("POST", `/api/admin/orders/${reference}/status`, {
      token: await tokenFor(ctx, ctx.actors.adminUser),
      payload: { status },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  }
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

const orderByRef = async (reference: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.reference, reference)))[0];

describe("retention", () => {
  it("removes a closed order's file 90 days after it was closed, not before, nor an open order's", async () => {
    const closed = await formOrder("annulée");
    const open = await formOrder();
    const now = Date.now();
    const early = await applyRetention(ctx.database.db, ctx.app.files, new Date(now + 89 * DAY));
    expect(early.orderFiles).toBe(0);
    expect((await orderByRef(closed.reference))?.filePath).not.toBeNull();

    const report = await applyRetention(ctx.database.db, ctx.app.files, new Date(now + 91 * DAY));
    expect(report.orderFiles).toBeGreaterThanOrEqual(1);
    const after = await orderByRef(closed.reference);
    expect(after).toMatchObject({ filePath: null, fileName: null, status: "annulée", name: closed.name });
    expect(await ctx.app.files.get(orderFileKey(closed.filePath!))).toBeNull();
    expect((await orderByRef(open.reference))?.filePath).toBe(open.filePath);
    expect(await ctx.app.files.get(orderFileKey(open.filePath!))).not.toBeNull();

    // Idempotent: nothing more to remove, no second line.
    const lines = async () =>
      (await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, "retention"))).length;
    const before = await lines();
    const again = await applyRetention(ctx.database.db, ctx.app.files, new Date(now + 91 * DAY));
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    expect(await lines()).toBe(before);
  });

  it("deletes a contact message after a year, an untouched cart after six months, a session's address after 90 days", async () => {
    const person = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, person);
    const { productId } = await productWithStock(ctx, await tokenFor(ctx, ctx.superAdmin), "Écouteurs", 5);
    await ctx.call("POST", "/api/addtocart", { token, payload: { productId } });
    await ctx.call("POST", "/api/contact", {
      payload: { name: "Paul", email: "paul.retention@example.cm", subject: "Question", message: "Bonjour" },
    });
    const now = Date.now();
    const mine = async () => ({
      message: await ctx.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, "paul.retention@example.cm")),
      cart: await ctx.database.db.select().from(cartLines).where(eq(cartLines.userId, person.id)),
      session: await ctx.database.db.select().from(sessions).where(eq(sessions.userId, person.id)),
    });
    await ctx.database.db
      .update(sessions)
      .set({ address: "41.202.219.77", expiresAt: new Date(now + 400 * DAY) })
      .where(eq(sessions.userId, person.id));

    await applyRetention(ctx.database.db, ctx.app.files, new Date(now + 89 * DAY));
    let kept = await mine();
    expect([kept.message.length, kept.cart.length, kept.session[0]?.address]).toEqual([1, 1, "41.202.219.77"]);
    await applyRetention(ctx.database.db, ctx.app.files, new Date(now + 91 * DAY));
    kept = await mine();
    expect([kept.message.length, kept.cart.length, kept.session[0]?.address]).toEqual([1, 1, null]);
    await applyRetention(ctx.database.db, ctx.app.files, new Date(now + 181 * DAY));
    kept = await mine();
    expect([kept.message.length, kept.cart.length]).toEqual([1, 0]);
    await applyRetention(ctx.database.db, ctx.app.files, new Date(now + 366 * DAY));
    kept = await mine();
    expect(kept.message).toEqual([]);
    // The session itself stays while it is valid.
    expect(kept.session).toHaveLength(1);
  });

  it("deletes a closed order whole once the accounts no longer need it (ten years)", async () => {
    const closed = await formOrder("livrée");
    const now = Date.now();
    await applyRetention(ctx.database.db, ctx.app.files, new Date(now + 9 * 365 * DAY));
    expect(await orderByRef(closed.reference)).toBeDefined();
    const report = await applyRetention(ctx.database.db, ctx.app.files, new Date(now + 3653 * DAY));
    expect(report.closedOrders).toBeGreaterThanOrEqual(1);
    expect(await orderByRef(closed.reference)).toBeUndefined();
  });

  it("follows the owner's setting for a duration", async () => {
    const closed = await formOrder("annulée");
    await ctx.database.db
      .insert(appSettings)
      .values({ key: "retention.orderFilesDays", value: "30" })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: "30" } });
    try {
      await applyRetention(ctx.database.db, ctx.app.files, new Date(Date.now() + 31 * DAY));
      expect((await orderByRef(closed.reference))?.filePath).toBeNull();
    } finally {
      await ctx.database.db.delete(appSettings).where(eq(appSettings.key, "retention.orderFilesDays"));
    }
  });

  it("runs every day as a job of the queue, its report kept, written to the audit log", async () => {
    await formOrder("annulée");
    const job = (await enqueue(ctx.database.db, { kind: "retention", uniqueKey: `retention:test-${Date.now()}` }))!;
    // The app's own handlers, with the clock of the job moved forward by the handler's caller.
    const ran = await runDueJobs({
      db: ctx.database.db,
      handlers: { retention: () => applyRetention(ctx.database.db, ctx.app.files, new Date(Date.now() + 91 * DAY)) },
      log: { info: () => {}, error: () => {} },
    });
    expect(ran).toBe(1);
    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.state).toBe("done");
    expect((row?.result as { orderFiles: number } | undefined)?.orderFiles).toBeGreaterThanOrEqual(1);
    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "retention"), eq(auditLog.actorRole, "system")))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(line).toMatchObject({ entity: "privacy", actorId: null });
  });
});
