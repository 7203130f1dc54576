import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { PromotionsChoice } from "@shop/shared";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import { promotionObjections } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";

/**
 * Objection to the messages that are not about an order the person made: promotions, the
 * newsletter, reminders such as 'Prévenez-moi' (decision 043, law 2024/017's right to object).
 * Kept as keyed hashes of each contact, so that the shop can honour a "stop" without keeping
 * the number or e-mail it was said from, and the stop outlives the account.
 */

export interface ObjectionKeys {
  /** Derived from the token secret every app server shares (decision 031). */
  contactKey: Uint8Array;
  /** The shop's address, for the one-tap links; null without PUBLIC_URL (the request's origin then). */
  publicUrl: string | null;
}

export function objectionKeys(tokenSecret: string, publicUrl: string | undefined): ObjectionKeys {
  return {
    contactKey: new Uint8Array(hkdfSync("sha256", tokenSecret, "", "shop:promotion-contact", 32)),
    publicUrl: publicUrl ?? null,
  };
}

/** A phone as the shop stores it ("+237…"), an e-mail trimmed and lower-cased. */
const normalised = (contact: string) => (contact.includes("@") ? contact.trim().toLowerCase() : contact.trim());

/** The contact's hash: also the token of its one-tap link (unguessable without the secret). */
export function contactHash(keys: ObjectionKeys, contact: string): string {
  return createHmac("sha256", keys.contactKey).update(normalised(contact)).digest("base64url");
}

/** A one-tap link's token: the contact's hash, then a tag that tells the shop's links from made-up ones. */
function linkToken(keys: ObjectionKeys, hash: string): string {
  return hash + createHmac("sha256", keys.contactKey).update(`link:${hash}`).digest("base64url").slice(0, 16);
}
const HASH_LENGTH = 43;

/** The hash a link's token names, or null for a token the shop did not make. */
export function hashOfToken(keys: ObjectionKeys, token: string): string | null {
  const hash = token.slice(0, HASH_LENGTH);
  if (token.length !== HASH_LENGTH + 16) return null;
  const expected = Buffer.from(linkToken(keys, hash));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? hash : null;
}

/** The link a message carries: opening it asks for one tap, and changes nothing by itself. */
export function stopPromotionsUrl(
  keys: ObjectionKeys,
  contact: string,
  /** The address the shop was reached at, when PUBLIC_URL is not set: a message needs an absolute link. */
  origin: string,
): string {
  return `${keys.publicUrl ?? origin}/stop-promotions?token=${linkToken(keys, contactHash(keys, contact))}`;
}

export type ObjectionSource = "my-data" | "link" | "request";

/** Records "stop" for these hashes; saying it again keeps the first date. */
async function objectHashes(db: Db, hashes: string[], source: ObjectionSource, userId: string | null): Promise<void> {
  if (hashes.length === 0) return;
  await db
    .insert(promotionObjections)
    .values(hashes.map((contactHash) => ({ contactHash, source, userId })))
    .onConflictDoNothing({ target: promotionObjections.contactHash });
}

/** A message's link: false for a token the shop did not make. */
export async function stopByToken(db: Db, keys: ObjectionKeys, token: string): Promise<boolean> {
  const hash = hashOfToken(keys, token);
  if (!hash) return false;
  await objectHashes(db, [hash], "link", null);
  return true;
}

/** Every contact of an account: its e-mail and the numbers of its orders. */
async function contactsOfAccount(db: Db, userId: string): Promise<string[]> {
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!account) return [];
  const phones = await db.selectDistinct({ phone: orders.phone }).from(orders).where(eq(orders.userId, userId));
  return [account.email, ...phones.flatMap((p) => (p.phone ? [p.phone] : []))];
}

export async function objectContacts(
  db: Db,
  keys: ObjectionKeys,
  contacts: string[],
  source: ObjectionSource,
  userId: string | null = null,
): Promise<void> {
  await objectHashes(db, [...new Set(contacts.map((c) => contactHash(keys, c)))], source, userId);
}

/** When each of these contacts said stop, for those that did. */
export async function objectionDates(db: Db, keys: ObjectionKeys, contacts: string[]): Promise<Map<string, Date>> {
  const unique = [...new Set(contacts)];
  if (unique.length === 0) return new Map();
  const contactOf = new Map(unique.map((c) => [contactHash(keys, c), c]));
  const rows = await db
    .select({ contactHash: promotionObjections.contactHash, createdAt: promotionObjections.createdAt })
    .from(promotionObjections)
    .where(inArray(promotionObjections.contactHash, [...contactOf.keys()]));
  return new Map(rows.map((r) => [contactOf.get(r.contactHash)!, r.createdAt]));
}

/** Whether any of these contacts said stop, and since when (the earliest). */
export async function objectionOf(db: Db, keys: ObjectionKeys, contacts: string[]): Promise<PromotionsChoice> {
  if (contacts.length === 0) return { objected: false, since: null };
  const rows = await db
    .select({ createdAt: promotionObjections.createdAt })
    .from(promotionObjections)
    .where(
      inArray(
        promotionObjections.contactHash,
        contacts.map((c) => contactHash(keys, c)),
      ),
    );
  const since = rows.map((r) => r.createdAt).sort((a, b) => a.getTime() - b.getTime())[0];
  return { objected: Boolean(since), since: since?.toISOString() ?? null };
}

export async function accountObjection(db: Db, keys: ObjectionKeys, userId: string): Promise<PromotionsChoice> {
  return objectionOf(db, keys, await contactsOfAccount(db, userId));
}

/** 'Mes données': stop, or receive again (the person's own choice lifts the stop on all their contacts). */
export async function setAccountPromotions(
  db: Db,
  keys: ObjectionKeys,
  userId: string,
  receive: boolean,
): Promise<PromotionsChoice> {
  const contacts = await contactsOfAccount(db, userId);
  if (receive) {
    const hashes = contacts.map((c) => contactHash(keys, c));
    if (hashes.length) await db.delete(promotionObjections).where(inArray(promotionObjections.contactHash, hashes));
  } else {
    await objectContacts(db, keys, contacts, "my-data", userId);
  }
  return objectionOf(db, keys, contacts);
}

/**
 * What every sender of a promotion or reminder asks first: false once the contact said stop.
 * Messages about an order the person made do not ask (they are owed).
 */
export async function mayPromote(db: Db, keys: ObjectionKeys, contact: string): Promise<boolean> {
  return !(await objectionOf(db, keys, [contact])).objected;
}
