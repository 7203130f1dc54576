import type { AdminBadges } from "@shop/shared";
import { count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages, orders } from "../../db/schema.ts";

/** What the back-office's sidebar counts: orders still "nouvelle" and unread messages. */
export async function badges(db: Db): Promise<AdminBadges> {
  const [[newOrders], [unreadMessages]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.status, "nouvelle")),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  return { newOrders: newOrders?.n ?? 0, unreadMessages: unreadMessages?.n ?? 0 };
}
