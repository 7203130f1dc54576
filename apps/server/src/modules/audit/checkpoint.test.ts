/**
 * The audit chain's head kept outside the database (decision 038), through the real app: kept
 * after the staff's changes and by each verification, it reveals the last lines removed
 * together, which the chain alone cannot; a checkpoint changed by hand is said too.
 */
import { MSG } from "@shop/shared";
import { desc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { uploadProduct, useTestApp } from "../../test/harness.ts";
import { CHECKPOINT_KEY } from "./checkpoint.ts";

const ctx = useTestApp({ actors: true });

async function behindTheAppsBack(statement: ReturnType<typeof sql>) {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER USER`);
    await tx.execute(statement);
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER USER`);
  });
}

async function head() {
  const [line] = await ctx.database.db
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return line;
}

const verify = async () => {
  const res = await ctx.call("GET", "/api/admin/journal/verify", { token: ctx.actors.superAdmin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; data: Record<string, unknown> };
};

/** The checkpoint the storage holds, once it names `id` (kept after the answer, within a few seconds). */
async function keptAt(id: number) {
  const end = Date.now() + 10_000;
  for (;;) {
    const kept = await ctx.app.auditCheckpoint.read();
    if (kept.state === "kept" && kept.id === id) return kept;
    if (Date.now() > end) throw new Error(`checkpoint not at line ${id}: ${JSON.stringify(kept)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the audit log's checkpoint", () => {
  it("follows the staff's changes and each verification, and reveals the last lines removed together", async () => {
    // The first verification keeps the head it found intact.
    await uploadProduct(ctx, ctx.actors.admin, { productName: "Point de contrôle 1" });
    const first = await verify();
    expect(first.data).toMatchObject({ intact: true, firstBroken: null });
    const start = await head();
    await keptAt(start!.id);

    // Staff changes move it, after their answer.
    await uploadProduct(ctx, ctx.actors.admin, { productName: "Point de contrôle 2" });
    await uploadProduct(ctx, ctx.actors.admin, { productName: "Point de contrôle 3" });
    const last = await head();
    expect(last!.id).toBeGreaterThan(start!.id);
    const kept = await keptAt(last!.id);
    expect(kept.hash).toBe(last!.hash);
    const intact = await verify();
    expect(intact.message).toBe(MSG.journalIntact);
    expect(intact.data.checkpoint).toEqual({ state: "holds", line: last!.id, at: kept.at });

    // The last two lines removed together: the chain still holds, the checkpoint does not.
    await behindTheAppsBack(sql`DELETE FROM audit_log WHERE id > ${start!.id}`);
    const broken = await verify();
    expect(broken.message).toBe(MSG.journalBroken);
    expect(broken.data).toMatchObject({
      intact: false,
      firstBroken: last!.id,
      checkpoint: { state: "broken", line: last!.id },
    });
    // A later change does not move the checkpoint past the missing line: the evidence stays.
    await uploadProduct(ctx, ctx.actors.admin, { productName: "Point de contrôle 4" });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await ctx.app.auditCheckpoint.keep();
    expect(await ctx.app.auditCheckpoint.read()).toMatchObject({ state: "kept", id: last!.id });
    expect((await verify()).data).toMatchObject({ intact: false, firstBroken: last!.id });
  });

  it("says a checkpoint changed by hand; the next one kept replaces it", async () => {
    const kept = await ctx.app.auditCheckpoint.read();
    expect(kept.state).toBe("kept");
    if (kept.state !== "kept") return;
    // Moved back to an earlier line, without the key that seals it.
    const moved = JSON.stringify({ id: kept.id - 1, hash: kept.hash, at: kept.at, mac: "AAAA" });
    await ctx.app.files.put(CHECKPOINT_KEY, Buffer.from(moved), "application/json");
    expect(await ctx.app.auditCheckpoint.read()).toEqual({ state: "forged" });
    const verdict = await verify();
    expect(verdict.data).toMatchObject({ intact: false, checkpoint: { state: "forged", line: null, at: null } });
    await ctx.app.auditCheckpoint.keep();
    expect(await ctx.app.auditCheckpoint.read()).toMatchObject({ state: "kept", id: (await head())!.id });
  });

  it("is not in the public uploads: /uploads/ never serves it", async () => {
    const res = await ctx.call("GET", `/uploads/../${CHECKPOINT_KEY}`);
    expect(res.statusCode).toBe(404);
  });
});
