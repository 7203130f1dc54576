import { type AdminMessagesQuery, type ContactInput, MSG } from "@shop/shared";
import { count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type ContactMessageRow, contactMessages } from "../../db/schema/contact.ts";
import { notFound } from "../../lib/errors.ts";
import { recordUpdate, type Staff } from "../audit/audit.service.ts";

/** Keeps a visitor's message for the shop to read; the fields arrive trimmed by the contract. */
export async function saveContactMessage(db: Db, input: ContactInput): Promise<void> {
  const { name, email, subject, message } = input;
  await db.insert(contactMessages).values({ name, email, subject, message });
}

/** The back-office's inbox: newest first, or only the unread ones. */
export async function listMessages(
  db: Db,
  query: AdminMessagesQuery,
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const where = query.unread ? isNull(contactMessages.readAt) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Marks a message read (keeping when it was first read) or unread again; the audit log keeps
 * who did (decision 038), not the message's text.
 */
export async function markMessage(db: Db, staff: Staff, id: string, read: boolean): Promise<ContactMessageRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ readAt: contactMessages.readAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for("update");
    if (!before) throw notFound(MSG.messageNotFound);
    const [row] = await tx
      .update(contactMessages)
      .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
      .where(eq(contactMessages.id, id))
      .returning();
    if (!row) throw notFound(MSG.messageNotFound);
    await recordUpdate(tx, staff, {
      entity: "message",
      entityId: id,
      action: read ? "read" : "unread",
      before,
      after: { readAt: row.readAt },
      keys: ["readAt"],
    });
    return row;
  });
}
