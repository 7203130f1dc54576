import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { JournalVerdict } from "@shop/shared";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { verifyLog } from "./audit.service.ts";

/**
 * The chain's head kept outside the database (decision 038): the id and hash of the last line
 * seen, in the shop's file storage (DATA_DIR or the S3 bucket, another engine with other
 * credentials), sealed with a key derived from TOKEN_SECRET. The chain alone cannot tell that
 * its last lines were removed together (nothing after them breaks); the checkpoint can, down to
 * the last line it saw: that line must still be there, unchanged. Someone holding the database
 * alone can neither move it back nor forge it.
 */

export const CHECKPOINT_KEY = "audit/checkpoint.json";

/** The daily job that keeps it even on a day without staff changes (the second factors' refusals). */
export const AUDIT_CHECKPOINT_JOB = "audit-checkpoint";

export interface Checkpoint {
  /** The last line seen. */
  id: number;
  hash: string;
  /** When it was kept (ISO). */
  at: string;
}

/** What the storage holds: nothing yet, a checkpoint whose seal holds, or one changed by hand. */
export type CheckpointRead = { state: "none" } | { state: "forged" } | ({ state: "kept" } & Checkpoint);

export interface CheckpointKeeper {
  read(): Promise<CheckpointRead>;
  /**
   * Keeps the chain's head now, unless the storage already holds it or a later one, or the
   * line it holds is no longer there as it was (the evidence stays for the verification).
   */
  keep(): Promise<void>;
  /** The chain checked line by line, then against the checkpoint; intact, the checkpoint moves to its head. */
  verify(): Promise<JournalVerdict>;
}

/** Whether the line a checkpoint names is still in the log, unchanged. */
async function holds(db: Db, checkpoint: Checkpoint): Promise<boolean> {
  const [line] = await db.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.id, checkpoint.id));
  return line?.hash === checkpoint.hash;
}

export function checkpointKeeper(db: Db, files: FileStorage, tokenSecret: string): CheckpointKeeper {
  const key = Buffer.from(hkdfSync("sha256", tokenSecret, "", "shop:audit-checkpoint", 32));
  const seal = (c: Checkpoint) => createHmac("sha256", key).update(`${c.id}\n${c.hash}\n${c.at}`).digest("base64url");

  async function read(): Promise<CheckpointRead> {
    const file = await files.get(CHECKPOINT_KEY);
    if (!file) return { state: "none" };
    const text = Buffer.concat(await file.body.toArray()).toString("utf8");
    try {
      const { id, hash, at, mac } = JSON.parse(text) as Checkpoint & { mac: string };
      const checkpoint = { id, hash, at };
      const expected = Buffer.from(seal(checkpoint));
      const given = Buffer.from(String(mac));
      if (Number.isSafeInteger(id) && given.length === expected.length && timingSafeEqual(given, expected)) {
        return { state: "kept", ...checkpoint };
      }
    } catch {
      // Below: not a checkpoint this shop wrote.
    }
    return { state: "forged" };
  }

  /** Moves the checkpoint to the chain's head from what the storage holds (`held`: its line checked already). */
  async function keepFrom(kept: CheckpointRead, held?: boolean): Promise<void> {
    const [head] = await db
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    if (!head) return;
    // Two app servers may keep at once: the later head stays. A file whose seal fails (a hand's
    // work, or TOKEN_SECRET rotated) is replaced: the verification said so while it was there.
    if (kept.state === "kept" && (kept.id >= head.id || !(held ?? (await holds(db, kept))))) return;
    const checkpoint: Checkpoint = { id: head.id, hash: head.hash, at: new Date().toISOString() };
    const body = JSON.stringify({ ...checkpoint, mac: seal(checkpoint) });
    await files.put(CHECKPOINT_KEY, Buffer.from(body), "application/json");
  }

  const keep = async () => keepFrom(await read());

  async function verify(): Promise<JournalVerdict> {
    const chain = await verifyLog(db);
    const kept = await read();
    let firstBroken = chain.intact ? null : chain.firstBroken;
    if (kept.state === "none") {
      if (firstBroken === null) await keepFrom(kept);
      return { intact: firstBroken === null, lines: chain.lines, firstBroken, checkpoint: null };
    }
    if (kept.state === "forged") {
      return {
        intact: false,
        lines: chain.lines,
        firstBroken,
        checkpoint: { state: "forged", line: null, at: null },
      };
    }
    const held = await holds(db, kept);
    // The last lines removed together: the line the checkpoint saw is missing (or changed).
    if (!held) firstBroken = Math.min(firstBroken ?? kept.id, kept.id);
    if (firstBroken === null) await keepFrom(kept, held);
    return {
      intact: firstBroken === null,
      lines: chain.lines,
      firstBroken,
      checkpoint: { state: held ? "holds" : "broken", line: kept.id, at: kept.at },
    };
  }

  return { read, keep, verify };
}
