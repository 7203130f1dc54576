/**
 * The audit log's foundation (decision 038): a line commits with its change or not at all, the
 * database refuses to change or remove one, chains them in order even when admins write at the
 * same moment, and `verifyLog` finds the first line changed or removed behind its back.
 */
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { freshDatabase } from "../../test/harness.ts";
import { recordChange, redacted, type Staff, verifyLog } from "./audit.service.ts";

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});

const admin: Staff = {
  user: { id: "00000000-0000-4000-8000-000000000001", role: "ADMIN", name: "Awa" },
  sessionId: "00000000-0000-4000-8000-0000000000aa",
  address: "41.202.219.10",
};

const lines = () => database.db.select().from(auditLog).orderBy(asc(auditLog.id));

/** Runs SQL with the log's guard triggers off, as someone with the database's keys could. */
async function behindTheAppsBack(statement: ReturnType<typeof sql>) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER USER`);
    await tx.execute(statement);
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER USER`);
  });
}

describe("the audit log", () => {
  it("keeps a line with its change, and none when the change is rolled back", async () => {
    await database.db.transaction(async (tx) => {
      await recordChange(tx, admin, { entity: "product", entityId: "p1", action: "update", before: { price: 1 } });
    });
    const failed = database.db.transaction(async (tx) => {
      await recordChange(tx, admin, { entity: "product", entityId: "p2", action: "delete" });
      throw new Error("the change itself failed");
    });
    await expect(failed).rejects.toThrow("the change itself failed");
    const kept = await lines();
    expect(kept.map((l) => l.entityId)).toEqual(["p1"]);
    expect(kept[0]).toMatchObject({
      actorId: admin.user.id,
      actorRole: "ADMIN",
      sessionId: admin.sessionId,
      address: admin.address,
      entity: "product",
      action: "update",
      before: { price: 1 },
      after: null,
      previousHash: "",
    });
    expect(kept[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("never holds a password hash, a token or a secret", () => {
    const user = {
      id: "u1",
      email: "awa@exemple.cm",
      passwordHash: "$argon2id$…",
      nested: { resetToken: "t", totpSecret: "s", recoveryCodes: ["a"], apiKey: "k", role: "ADMIN" },
      at: new Date("2026-11-27T10:00:00Z"),
    };
    expect(redacted(user)).toEqual({
      id: "u1",
      email: "awa@exemple.cm",
      nested: { role: "ADMIN" },
      at: "2026-11-27T10:00:00.000Z",
    });
  });

  it("refuses to change, remove or empty a line", async () => {
    for (const statement of [
      sql`UPDATE audit_log SET action = 'nothing'`,
      sql`DELETE FROM audit_log`,
      sql`TRUNCATE audit_log`,
    ])
      await expect(database.db.execute(statement)).rejects.toThrow();
    expect((await lines()).map((l) => l.action)).toEqual(["update"]);
  });

  it("chains lines written at the same moment one after the other, in the order of their ids", async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await recordChange(tx, admin, { entity: "order", entityId: `o${i}`, action: "status", after: { i } });
          // Some keep their transaction open a little longer, as a slower change would.
          await tx.execute(sql`SELECT pg_sleep(${(i % 3) * 0.01})`);
        }),
      ),
    );
    const chain = await lines();
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.previousHash).toBe(chain[i - 1]?.hash);
    expect(await verifyLog(database.db)).toEqual({ intact: true, lines: 13 });
  });

  it("finds the first line changed, then the first line after one removed", async () => {
    const chain = await lines();
    const changed = chain[4]?.id as number;
    await behindTheAppsBack(sql`UPDATE audit_log SET after = '{"i": 99}' WHERE id = ${changed}`);
    expect(await verifyLog(database.db)).toEqual({ intact: false, lines: 13, firstBroken: changed });
    // Put back as it was: the chain holds again.
    const original = chain[4]?.after;
    await behindTheAppsBack(sql`UPDATE audit_log SET after = ${JSON.stringify(original)}::jsonb WHERE id = ${changed}`);
    expect(await verifyLog(database.db)).toMatchObject({ intact: true });
    const removed = chain[7]?.id as number;
    await behindTheAppsBack(sql`DELETE FROM audit_log WHERE id = ${removed}`);
    expect(await verifyLog(database.db)).toEqual({ intact: false, lines: 12, firstBroken: chain[8]?.id });
  });

  it("never gives a line a time before the line before it, so that days are ranges of ids", async () => {
    await recordChange(database.db, admin, { entity: "order", entityId: "CMD-1", action: "status" });
    // A transaction that began an hour ago and writes its line only now.
    await database.db.insert(auditLog).values({
      at: new Date(Date.now() - 3_600_000),
      entity: "order",
      entityId: "CMD-2",
      action: "status",
    });
    const [previous, late] = (await lines()).slice(-2);
    expect(late!.at.getTime()).toBe(previous!.at.getTime());
    const all = await lines();
    for (let i = 1; i < all.length; i++) expect(all[i]!.at >= all[i - 1]!.at).toBe(true);
  });
});
