import type { Agent } from "node:https";
import type { PushSubscriptionInput } from "@shop/shared";
import { and, eq, inArray } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { appSettings } from "../../db/schema/app-settings.ts";
import { pushSubscriptions } from "../../db/schema/push.ts";
import { users } from "../../db/schema/users.ts";
import { generateVapidKeys, sendPush, type VapidKeys } from "../../lib/push.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";

const PUBLIC_KEY = "vapid_public_key";
const PRIVATE_KEY = "vapid_private_key";

/** What an admin's device shows (the service worker reads it): a title, a line, where a tap leads. */
export interface AdminNotification {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * The shop's VAPID keys: configured, or generated once by the first server that needs them and
 * kept in the database, where every other server finds them (like the token secret, decision 031).
 */
export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  if (config.vapid.keys) return { ...config.vapid.keys, subject: config.vapid.subject };
  const read = async () => {
    const rows = await db
      .select()
      .from(appSettings)
      .where(inArray(appSettings.key, [PUBLIC_KEY, PRIVATE_KEY]));
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    const publicKey = value(PUBLIC_KEY);
    const privateKey = value(PRIVATE_KEY);
    return publicKey && privateKey ? { publicKey, privateKey, subject: config.vapid.subject } : null;
  };
  const kept = await read();
  if (kept) return kept;
  const made = await generateVapidKeys();
  await db.transaction(async (tx) => {
    // Both or neither: two servers generating at once keep one pair.
    const inserted = await tx
      .insert(appSettings)
      .values({ key: PUBLIC_KEY, value: made.publicKey })
      .onConflictDoNothing()
      .returning();
    if (inserted.length) await tx.insert(appSettings).values({ key: PRIVATE_KEY, value: made.privateKey });
  });
  const now = await read();
  if (!now) throw new Error("VAPID keys not stored");
  return now;
}

/** An admin's device: kept under its endpoint (a device given to another admin moves with it). */
export async function subscribe(db: Db, staff: Staff, input: PushSubscriptionInput): Promise<void> {
  const admin = staff.user;
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId: admin.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: admin.id, p256dh: input.keys.p256dh, auth: input.keys.auth },
      });
    await recordDevice(tx, staff, "push-device-added", input.endpoint);
  });
}

export async function unsubscribe(db: Db, staff: Staff, endpoint: string): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, staff.user.id)))
      .returning({ id: pushSubscriptions.id });
    if (gone.length > 0) await recordDevice(tx, staff, "push-device-removed", endpoint);
  });
}

/**
 * A device added or removed, in the audit log under its admin (decision 038): the push
 * service's host only, since the full endpoint is the address anyone could send to.
 */
function recordDevice(tx: Db, staff: Staff, action: string, endpoint: string) {
  return recordChange(tx, staff, {
    entity: "user",
    entityId: staff.user.id,
    action,
    after: { pushService: new URL(endpoint).host },
  });
}

/** An account that is no longer an admin is told nothing more (users.service calls it). */
export async function forgetDevicesOf(db: Pick<Db, "delete">, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/**
 * Sends the notification to every device of every ADMIN and SUPERADMIN; a device the push
 * service says is gone (404, 410) is forgotten. Answers how many received it.
 */
export async function notifyAdmins(
  db: Db,
  config: Config,
  notification: AdminNotification,
  agent?: Agent,
): Promise<number> {
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(inArray(users.role, ["ADMIN", "SUPERADMIN"]));
  if (devices.length === 0) return 0;
  const vapid = await vapidKeys(db, config);
  const outcomes = await Promise.all(
    devices.map((d) =>
      sendPush(vapid, { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, notification, agent),
    ),
  );
  const gone = devices.filter((_, i) => outcomes[i] === "gone").map((d) => d.id);
  if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  return outcomes.filter((o) => o === "sent").length;
}
