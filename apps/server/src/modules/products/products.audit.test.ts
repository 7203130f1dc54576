/**
 * Every product change made through the back-office leaves one line in the audit log, in the
 * change's transaction (decision 038): who, in which session, from where, and the fields as
 * they were and became; a refused change leaves none.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { sessions } from "../../db/schema/auth.ts";
import { uploadProduct, useTestApp } from "../../test/harness.ts";
import { verifyLog } from "../audit/audit.service.ts";

const ctx = useTestApp({ actors: true });

const linesOf = (productId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, productId)))
    .orderBy(asc(auditLog.id));

describe("the audit log of products", () => {
  it("records a creation, a change of price and a deletion: who, session, address, before and after", async () => {
    const created = await uploadProduct(ctx, ctx.actors.admin, {
      productName: "Galaxy A15",
      price: 120000,
      sellingPrice: 110000,
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().data._id;
    const changed = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      payload: { _id: id, sellingPrice: 99000, productName: "Galaxy A15" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const deleted = await ctx.call("POST", "/api/delete-product", {
      token: ctx.actors.superAdmin,
      payload: { _id: id },
    });
    expect(deleted.statusCode).toBe(200);

    const [create, update, remove] = await linesOf(id);
    const [adminSession] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, ctx.actors.adminUser.id));
    expect(create).toMatchObject({
      action: "create",
      actorId: ctx.actors.adminUser.id,
      actorRole: "ADMIN",
      sessionId: adminSession?.id,
      before: null,
      after: { id, productName: "Galaxy A15", sellingPrice: 110000, userId: ctx.actors.adminUser.id },
    });
    expect(create?.address).toBeTruthy();
    // Only what changed: the name was sent again as it was.
    expect(update).toMatchObject({
      action: "update",
      before: { sellingPrice: 110000 },
      after: { sellingPrice: 99000 },
    });
    expect(remove).toMatchObject({
      action: "delete",
      actorId: ctx.superAdmin.id,
      actorRole: "SUPERADMIN",
      after: null,
      before: { id, productName: "Galaxy A15", sellingPrice: 99000 },
    });
    expect((remove?.before as { variants: unknown[] } | undefined)?.variants).toHaveLength(1);
    expect(await verifyLog(ctx.database.db)).toMatchObject({ intact: true });
  });

  it("records nothing for a refused change, nor for a form sent back unchanged", async () => {
    const created = await uploadProduct(ctx, ctx.actors.admin, { productName: "Redmi 13C" });
    const id: string = created.json().data._id;
    const refused = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.otherAdmin,
      payload: { _id: id, sellingPrice: 1000 },
    });
    expect(refused.statusCode).toBe(403);
    const tooDear = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      payload: { _id: id, sellingPrice: 999999 },
    });
    expect(tooDear.statusCode).toBe(400);
    const same = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      payload: { _id: id, productName: "Redmi 13C" },
    });
    expect(same.statusCode).toBe(200);
    expect((await linesOf(id)).map((l) => l.action)).toEqual(["create"]);
  });
});
