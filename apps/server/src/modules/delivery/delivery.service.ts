import {
  type DeliveryChoice,
  type DeliveryOptionInput,
  type DeliverySettingsInput,
  deliveryFeeFor,
  FIELD_MSG,
  MSG,
  ZONE_OF_NEIGHBOURHOOD,
} from "@shop/shared";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type DeliveryOptionRow, deliveryOptions, deliverySettings } from "../../db/schema/delivery.ts";
import type { orders } from "../../db/schema/orders.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recordChange, recordUpdate, type Staff } from "../audit/audit.service.ts";

/**
 * Delivery (decision 025): the options the back-office manages and what an order
 * keeps of the one its customer chose.
 */

/** One delivery write at a time: a neighbourhood belongs to one zone, checked and written together. */
const DELIVERY_LOCK = 727_100_5;

export interface DeliveryRows {
  options: DeliveryOptionRow[];
  freeFrom: number | null;
}

const listOrder = [asc(deliveryOptions.position), asc(deliveryOptions.createdAt), asc(deliveryOptions.id)];

async function freeFromOf(db: Db): Promise<number | null> {
  const [row] = await db.select({ freeFrom: deliverySettings.freeFrom }).from(deliverySettings).limit(1);
  return row?.freeFrom ?? null;
}

/** What the cart and the order form offer: the active options, in the admin's order. */
export async function deliveryOffer(db: Db): Promise<DeliveryRows> {
  const [options, freeFrom] = await Promise.all([
    db
      .select()
      .from(deliveryOptions)
      .where(eq(deliveryOptions.active, true))
      .orderBy(...listOrder),
    freeFromOf(db),
  ]);
  return { options, freeFrom };
}

/** The back-office's 'Livraison' screen: every option, hidden ones included. */
export async function adminDelivery(db: Db): Promise<DeliveryRows> {
  const [options, freeFrom] = await Promise.all([
    db
      .select()
      .from(deliveryOptions)
      .orderBy(...listOrder),
    freeFromOf(db),
  ]);
  return { options, freeFrom };
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s'’-]+/g, " ")
    .trim();

/** A neighbourhood named by another active zone would have two fees: refused. */
async function assertNeighbourhoodsFree(tx: Db, input: DeliveryOptionInput, exceptId: string | null): Promise<void> {
  if (input.kind !== "zone" || !input.active) return;
  const others = await tx
    .select({ neighbourhoods: deliveryOptions.neighbourhoods })
    .from(deliveryOptions)
    .where(
      and(
        eq(deliveryOptions.kind, "zone"),
        eq(deliveryOptions.active, true),
        exceptId ? ne(deliveryOptions.id, exceptId) : undefined,
      ),
    );
  const taken = new Set(others.flatMap((o) => o.neighbourhoods.map(fold)));
  const index = input.neighbourhoods.findIndex((n) => taken.has(fold(n)));
  if (index >= 0) {
    throw badRequest(MSG.deliveryNeighbourhoodTaken, [
      { path: `body.neighbourhoods.${index}`, message: MSG.deliveryNeighbourhoodTaken },
    ]);
  }
}

const lockDelivery = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${DELIVERY_LOCK}::int)`);

/** The fields of an option the back-office edits, as the audit log compares them. */
const OPTION_FIELDS = ["kind", "name", "fee", "delay", "details", "neighbourhoods", "active", "position"] as const;

export async function createOption(db: Db, staff: Staff, input: DeliveryOptionInput): Promise<DeliveryOptionRow> {
  return db.transaction(async (tx) => {
    await lockDelivery(tx);
    await assertNeighbourhoodsFree(tx, input, null);
    const position =
      input.position ??
      (
        await tx
          .select({ next: sql<number>`coalesce(max(${deliveryOptions.position}) + 1, 0)::int` })
          .from(deliveryOptions)
      )[0]?.next ??
      0;
    const [row] = await tx
      .insert(deliveryOptions)
      .values({ ...input, position })
      .returning();
    if (!row) throw new Error("delivery option not inserted");
    await recordChange(tx, staff, { entity: "delivery-option", entityId: row.id, action: "create", after: row });
    return row;
  });
}

export async function updateOption(
  db: Db,
  staff: Staff,
  id: string,
  input: DeliveryOptionInput,
): Promise<DeliveryOptionRow> {
  return db.transaction(async (tx) => {
    await lockDelivery(tx);
    await assertNeighbourhoodsFree(tx, input, id);
    const [before] = await tx.select().from(deliveryOptions).where(eq(deliveryOptions.id, id)).for("update");
    if (!before) throw notFound(MSG.deliveryOptionNotFound);
    const [row] = await tx
      .update(deliveryOptions)
      .set({ ...input, position: input.position, updatedAt: sql`now()` })
      .where(eq(deliveryOptions.id, id))
      .returning();
    if (!row) throw notFound(MSG.deliveryOptionNotFound);
    await recordUpdate(tx, staff, {
      entity: "delivery-option",
      entityId: id,
      action: "update",
      before,
      after: row,
      keys: OPTION_FIELDS,
    });
    return row;
  });
}

/** Orders that chose it keep their copy of its name and fee. */
export async function deleteOption(db: Db, staff: Staff, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(deliveryOptions).where(eq(deliveryOptions.id, id)).returning();
    if (!deleted) throw notFound(MSG.deliveryOptionNotFound);
    await recordChange(tx, staff, { entity: "delivery-option", entityId: id, action: "delete", before: deleted });
  });
}

export async function saveSettings(db: Db, staff: Staff, input: DeliverySettingsInput): Promise<number | null> {
  return db.transaction(async (tx) => {
    await lockDelivery(tx);
    const before = await freeFromOf(tx);
    const [row] = await tx
      .insert(deliverySettings)
      .values({ id: 1, freeFrom: input.freeFrom })
      .onConflictDoUpdate({ target: deliverySettings.id, set: { freeFrom: input.freeFrom, updatedAt: sql`now()` } })
      .returning();
    const freeFrom = row?.freeFrom ?? null;
    await recordUpdate(tx, staff, {
      entity: "setting",
      entityId: "delivery",
      action: "update",
      before: { freeFrom: before },
      after: { freeFrom },
      keys: ["freeFrom"],
    });
    return freeFrom;
  });
}

/** The order's delivery columns, copied from the option as it is now. */
export type OrderDeliveryColumns = Pick<
  typeof orders.$inferInsert,
  | "deliveryKind"
  | "deliveryName"
  | "deliveryFee"
  | "deliveryFree"
  | "deliveryDelay"
  | "deliveryNeighbourhood"
  | "deliveryCity"
  | "deliveryLandmark"
>;

const field = (name: string, message: string) => [{ path: `body.${name}`, message }];

/** The offered zone that delivers this neighbourhood (accents, case and dashes aside). */
async function zoneOf(tx: Db, neighbourhood: string | undefined): Promise<DeliveryOptionRow> {
  if (!neighbourhood)
    throw badRequest(FIELD_MSG.neighbourhoodRequired, field("neighbourhood", FIELD_MSG.neighbourhoodRequired));
  const wanted = fold(neighbourhood);
  const zones = await tx
    .select()
    .from(deliveryOptions)
    .where(and(eq(deliveryOptions.kind, "zone"), eq(deliveryOptions.active, true)))
    .orderBy(...listOrder);
  const zone = zones.find((z) => z.neighbourhoods.some((n) => fold(n) === wanted));
  if (!zone)
    throw badRequest(MSG.deliveryNeighbourhoodNotServed, field("neighbourhood", MSG.deliveryNeighbourhoodNotServed));
  return zone;
}

/**
 * What an order keeps of the customer's choice, read in the order's transaction: the option
 * must still be offered (409 otherwise: the page was older than the change), a zone's
 * neighbourhood one of its own (stored as the zone spells it) with a 'Point de repère', a
 * shipping's town given. No choice at all: no delivery, as before delivery existed.
 */
export async function deliveryForOrder(
  tx: Db,
  choice: DeliveryChoice,
  subtotal: number,
): Promise<OrderDeliveryColumns> {
  if (!choice.deliveryOptionId) return {};
  const option =
    choice.deliveryOptionId === ZONE_OF_NEIGHBOURHOOD
      ? await zoneOf(tx, choice.neighbourhood)
      : (
          await tx
            .select()
            .from(deliveryOptions)
            .where(and(eq(deliveryOptions.id, choice.deliveryOptionId), eq(deliveryOptions.active, true)))
            .limit(1)
        )[0];
  if (!option) throw conflict(MSG.deliveryOptionUnavailable);

  let neighbourhood: string | null = null;
  let city: string | null = null;
  if (option.kind === "zone") {
    if (!choice.neighbourhood)
      throw badRequest(FIELD_MSG.neighbourhoodRequired, field("neighbourhood", FIELD_MSG.neighbourhoodRequired));
    const wanted = fold(choice.neighbourhood);
    neighbourhood = option.neighbourhoods.find((n) => fold(n) === wanted) ?? null;
    if (!neighbourhood) {
      throw badRequest(MSG.deliveryNeighbourhoodUnknown, field("neighbourhood", MSG.deliveryNeighbourhoodUnknown));
    }
    if (!choice.landmark) throw badRequest(FIELD_MSG.landmarkRequired, field("landmark", FIELD_MSG.landmarkRequired));
  } else if (option.kind === "shipping") {
    if (!choice.city) throw badRequest(FIELD_MSG.cityRequired, field("city", FIELD_MSG.cityRequired));
    city = choice.city;
  }

  const { fee, free } = deliveryFeeFor(option, subtotal, await freeFromOf(tx));
  return {
    deliveryKind: option.kind,
    deliveryName: option.name,
    deliveryFee: fee,
    deliveryFree: free,
    deliveryDelay: option.delay,
    deliveryNeighbourhood: neighbourhood,
    deliveryCity: city,
    deliveryLandmark: option.kind === "pickup" ? "" : (choice.landmark ?? ""),
  };
}
