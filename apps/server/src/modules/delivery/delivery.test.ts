import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { FIELD_MSG, MSG } from "@shop/shared";
import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliveryOptions } from "../../db/schema/delivery.ts";
import { orders } from "../../db/schema/orders.ts";
import { productVariants } from "../../db/schema/products.ts";
import { createUser, tokenFor, uploadProduct, useTestApp } from "../../test/harness.ts";

/**
 * Decision 025: the back-office's delivery options, the customer's choice copied
 * on the order with its fee, the total, and refusals that write nothing.
 */

const ctx = useTestApp({ actors: true });

const ZONE_1 = {
  kind: "zone",
  name: "Zone 1 — Centre",
  fee: 1000,
  delay: "Le jour même",
  neighbourhoods: ["Centre-ville", "Elig-Essono", "Nlongkak"],
};
const ZONE_2 = { kind: "zone", name: "Zone 2", fee: 1500, delay: "24 h", neighbourhoods: ["Bastos", "Essos"] };
const PICKUP = {
  kind: "pickup",
  name: "Retrait en boutique",
  fee: 0,
  delay: "Dès aujourd'hui",
  details: "Lun-Ven 8h-18h",
};
const SHIPPING = { kind: "shipping", name: "Expédition hors Yaoundé", fee: null, delay: "2 à 4 jours" };

let zone1: string;
let zone2: string;
let pickup: string;
let shipping: string;

async function create(body: object): Promise<string> {
  const res = await ctx.call("POST", "/api/admin/delivery/options", { token: ctx.actors.admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

beforeAll(async () => {
  zone1 = await create(ZONE_1);
  zone2 = await create(ZONE_2);
  pickup = await create(PICKUP);
  shipping = await create(SHIPPING);
});

const setFreeFrom = async (freeFrom: number | null) =>
  expect(
    (await ctx.call("PUT", "/api/admin/delivery/settings", { token: ctx.actors.superAdmin, payload: { freeFrom } }))
      .statusCode,
  ).toBe(200);
beforeEach(() => setFreeFrom(null));

/** A product (one variant) at this price with `stock` units. */
async function product(sellingPrice: number, stock: number | null = null): Promise<string> {
  const res = await uploadProduct(ctx, ctx.actors.superAdmin, { price: sellingPrice, sellingPrice });
  expect(res.statusCode, res.body).toBe(201);
  const productId = res.json().data._id;
  await ctx.database.db.update(productVariants).set({ stock }).where(eq(productVariants.productId, productId));
  return productId;
}

async function customerWith(productId: string) {
  const user = await createUser(ctx, "GENERAL");
  const token = await tokenFor(ctx, user);
  expect((await ctx.call("POST", "/api/addtocart", { token, payload: { productId } })).statusCode).toBe(201);
  return { user, token };
}

const orderCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe("the back-office's delivery options", () => {
  it("are offered to customers in the admin's order, hidden ones left out, with the pickup's address", async () => {
    const hidden = await create({ ...ZONE_2, name: "Zone fermée", neighbourhoods: ["Soa"], active: false });
    const res = await ctx.call("GET", "/api/delivery-options");
    expect(res.statusCode).toBe(200);
    const offer = res.json().data;
    expect(offer.options.map((o: { name: string }) => o.name)).toEqual([
      ZONE_1.name,
      ZONE_2.name,
      PICKUP.name,
      SHIPPING.name,
    ]);
    expect(offer.options[0]).toEqual({ _id: zone1, details: "", ...ZONE_1 });
    expect(offer.options[3]).toMatchObject({ kind: "shipping", fee: null });
    expect(offer.pickupAddress).toBe(ctx.config.shop.address);
    expect(offer.freeFrom).toBeNull();

    const admin = (await ctx.call("GET", "/api/admin/delivery", { token: ctx.actors.admin })).json().data;
    expect(admin.options.find((o: { _id: string }) => o._id === hidden)).toMatchObject({ active: false });
    expect(
      (await ctx.call("DELETE", `/api/admin/delivery/options/${hidden}`, { token: ctx.actors.admin })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.call("DELETE", `/api/admin/delivery/options/${hidden}`, { token: ctx.actors.admin })).statusCode,
    ).toBe(404);
  });

  it("refuse what cannot be priced or placed, in French, writing nothing", async () => {
    const before = (await ctx.database.db.select({ n: count() }).from(deliveryOptions))[0]?.n;
    const cases: [object, string][] = [
      [{ ...ZONE_2, neighbourhoods: [] }, FIELD_MSG.deliveryZoneNeedsNeighbourhoods],
      [{ ...ZONE_2, fee: null, neighbourhoods: ["Odza"] }, FIELD_MSG.deliveryFeeInvalid],
      [{ ...ZONE_2, fee: -5, neighbourhoods: ["Odza"] }, FIELD_MSG.deliveryFeeInvalid],
      [{ ...ZONE_2, neighbourhoods: ["Odza", "odza"] }, FIELD_MSG.deliveryNeighbourhoodDuplicate],
      [{ ...ZONE_2, name: " " }, FIELD_MSG.deliveryNameRequired],
      // A neighbourhood already in another zone would have two fees (accents and case ignored).
      [{ ...ZONE_2, name: "Zone 3", neighbourhoods: ["Odza", "elig essono"] }, MSG.deliveryNeighbourhoodTaken],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.call("POST", "/api/admin/delivery/options", { token: ctx.actors.admin, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await ctx.database.db.select({ n: count() }).from(deliveryOptions))[0]?.n).toBe(before);
    const wrongKind = await ctx.call("POST", "/api/admin/delivery/options", {
      token: ctx.actors.admin,
      payload: { ...ZONE_2, kind: "drone" },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(
      (
        await ctx.call("PUT", "/api/admin/delivery/options/6f9c2a3e-0b1d-4c5e-8f7a-9b8c7d6e5f4a", {
          token: ctx.actors.admin,
          payload: SHIPPING,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("make a pickup free whatever fee is sent, and keep a zone's own neighbourhoods when it is edited", async () => {
    const id = await create({ ...PICKUP, name: "Retrait Mvan", fee: 700, neighbourhoods: ["Mvan"] });
    const res = await ctx.call("PUT", `/api/admin/delivery/options/${id}`, {
      token: ctx.actors.admin,
      payload: {
        ...PICKUP,
        name: "Retrait Mvan",
      },
    });
    expect(res.json().data).toMatchObject({ fee: 0, neighbourhoods: [] });
    // Editing a zone with its own neighbourhoods is no clash with itself.
    const edited = await ctx.call("PUT", `/api/admin/delivery/options/${zone2}`, {
      token: ctx.actors.admin,
      payload: { ...ZONE_2, position: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await ctx.call("DELETE", `/api/admin/delivery/options/${id}`, { token: ctx.actors.admin });
  });
});

describe("an order from the cart", () => {
  it("copies the zone chosen, its neighbourhood as the zone spells it, the landmark, and adds the fee", async () => {
    const { token } = await customerWith(await product(300000));
    const res = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: {
        channel: "whatsapp",
        deliveryOptionId: zone2,
        neighbourhood: "bastos",
        landmark: "En face de la pharmacie du Golf",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.totalPrice).toBe(300000);
    expect(order.total).toBe(301500);
    expect(order.delivery).toEqual({
      kind: "zone",
      name: "Zone 2",
      fee: 1500,
      free: false,
      delay: "24 h",
      neighbourhood: "Bastos",
      city: null,
      landmark: "En face de la pharmacie du Golf",
    });

    // Kept as it was: the zone's later price does not touch it.
    await ctx.call("PUT", `/api/admin/delivery/options/${zone2}`, {
      token: ctx.actors.admin,
      payload: { ...ZONE_2, fee: 2000 },
    });
    const mine = (await ctx.call("GET", "/api/my-orders", { token })).json().data[0];
    expect(mine.delivery.fee).toBe(1500);
    expect(mine.total).toBe(301500);
    await ctx.call("PUT", `/api/admin/delivery/options/${zone2}`, { token: ctx.actors.admin, payload: ZONE_2 });

    const admin = (await ctx.call("GET", `/api/admin/orders/${order.reference}`, { token: ctx.actors.admin })).json()
      .data;
    expect(admin.delivery.landmark).toBe("En face de la pharmacie du Golf");
    const listed = (await ctx.call("GET", `/api/admin/orders?q=${order.reference}`, { token: ctx.actors.admin })).json()
      .data[0];
    expect(listed).toMatchObject({ totalPrice: 300000, total: 301500 });
  });

  it("finds the zone of the neighbourhood the customer names ('zone'), or says it is not served", async () => {
    const { token } = await customerWith(await product(10000));
    const res = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: {
        channel: "whatsapp",
        deliveryOptionId: "zone",
        neighbourhood: "ELIG ESSONO",
        landmark: "Derrière la station",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.delivery).toMatchObject({ name: ZONE_1.name, neighbourhood: "Elig-Essono", fee: 1000 });
    const unknown = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: {
        channel: "whatsapp",
        deliveryOptionId: "zone",
        neighbourhood: "Kribi",
        landmark: "Plage",
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { path: "body.neighbourhood", message: MSG.deliveryNeighbourhoodNotServed },
    ]);
    const none = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: { channel: "whatsapp", deliveryOptionId: "zone" },
    });
    expect(none.json().message).toBe(FIELD_MSG.neighbourhoodRequired);
  });

  it("answers a second tap with the first order only when the delivery is the same", async () => {
    const { token } = await customerWith(await product(50000));
    const body = { channel: "phone", deliveryOptionId: zone1, neighbourhood: "Nlongkak", landmark: "Rond-point" };
    const first = await ctx.call("POST", "/api/orders/from-cart", { token, payload: body });
    const again = await ctx.call("POST", "/api/orders/from-cart", { token, payload: body });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.reference).toBe(first.json().data.reference);
    const other = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: { channel: "phone", deliveryOptionId: pickup },
    });
    expect(other.statusCode).toBe(201);
    expect(other.json().data).toMatchObject({ total: 50000, delivery: { kind: "pickup", fee: 0, landmark: "" } });
  });

  it("is delivered free in a zone from the free-delivery amount, not for shipping", async () => {
    await setFreeFrom(200000);
    const { token } = await customerWith(await product(200000));
    const zone = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: {
        channel: "whatsapp",
        deliveryOptionId: zone1,
        neighbourhood: "Centre-ville",
        landmark: "Poste centrale",
      },
    });
    expect(zone.json().data).toMatchObject({ total: 200000, delivery: { fee: 0, free: true } });
    const shipped = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: {
        channel: "whatsapp",
        deliveryOptionId: shipping,
        city: "Douala",
      },
    });
    expect(shipped.json().data).toMatchObject({ total: 200000, delivery: { fee: null, free: false, city: "Douala" } });
  });

  it("is refused with nothing written or taken when the choice cannot be delivered", async () => {
    const productId = await product(80000, 1);
    const { token } = await customerWith(productId);
    const hidden = await create({ ...ZONE_2, name: "Zone fermée", neighbourhoods: ["Olembe"] });
    await ctx.call("PUT", `/api/admin/delivery/options/${hidden}`, {
      token: ctx.actors.admin,
      payload: {
        ...ZONE_2,
        name: "Zone fermée",
        neighbourhoods: ["Olembe"],
        active: false,
      },
    });
    const before = await orderCount();
    const cases: [object, number, string][] = [
      [{ deliveryOptionId: zone1, landmark: "Ici" }, 400, FIELD_MSG.neighbourhoodRequired],
      [{ deliveryOptionId: zone1, neighbourhood: "Bastos", landmark: "Ici" }, 400, MSG.deliveryNeighbourhoodUnknown],
      [{ deliveryOptionId: zone1, neighbourhood: "Nlongkak" }, 400, FIELD_MSG.landmarkRequired],
      [{ deliveryOptionId: shipping }, 400, FIELD_MSG.cityRequired],
      [{ deliveryOptionId: hidden, neighbourhood: "Olembe", landmark: "Ici" }, 409, MSG.deliveryOptionUnavailable],
    ];
    for (const [choice, status, message] of cases) {
      const res = await ctx.call("POST", "/api/orders/from-cart", {
        token,
        payload: { channel: "whatsapp", ...choice },
      });
      expect(res.statusCode, JSON.stringify(choice)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await orderCount()).toBe(before);
    const [variant] = await ctx.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    expect(variant?.stock).toBe(1);
  });

  it("without a delivery chosen, as a page from before delivery sends it, is recorded as before", async () => {
    const { token } = await customerWith(await product(40000));
    const res = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ totalPrice: 40000, total: 40000, delivery: null });
  });
});

describe("the order form", () => {
  const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
  const send = (fields: Record<string, string>) =>
    ctx.call("POST", "/api/orders", {
      multipart: [
        ...Object.entries({ name: "Awa", number: "677123456", text: "Bastos", ...fields }).map(([name, value]) => ({
          name,
          value,
        })),
        { name: "file", filename: "recu.pdf", type: "application/pdf", bytes: PDF },
      ],
    });
  const files = () =>
    existsSync(path.join(ctx.config.dataDir, "order-files"))
      ? readdirSync(path.join(ctx.config.dataDir, "order-files")).length
      : 0;

  it("keeps the delivery chosen, readable on the status page", async () => {
    const res = await send({ deliveryOptionId: zone2, neighbourhood: "Essos", landmark: "Carrefour Essos" });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json().data;
    const found = await ctx.call("POST", "/api/order-status", { payload: { reference, phone: "677123456" } });
    expect(found.json().data).toMatchObject({
      totalPrice: 0,
      total: 1500,
      delivery: { name: "Zone 2", neighbourhood: "Essos", landmark: "Carrefour Essos", fee: 1500 },
    });
  });

  it("names the field to correct, and keeps neither order nor file", async () => {
    const before = { orders: await orderCount(), files: files() };
    const res = await send({ deliveryOptionId: zone2, neighbourhood: "Mokolo", landmark: "Marché" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.neighbourhood", message: MSG.deliveryNeighbourhoodUnknown }]);
    const blank = await send({ deliveryOptionId: "", neighbourhood: "", landmark: "" });
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json().data.delivery).toBeNull();
    expect({ orders: await orderCount(), files: files() }).toEqual({
      orders: before.orders + 1,
      files: before.files + 1,
    });
  });
});

describe("a fee to confirm", () => {
  it("is set once by an admin before the order is paid, and the total follows", async () => {
    const { token } = await customerWith(await product(120000));
    const placed = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: {
        channel: "whatsapp",
        deliveryOptionId: shipping,
        city: "Bafoussam",
        landmark: "Agence Général Voyages",
      },
    });
    const { reference } = placed.json().data;
    const url = `/api/admin/orders/${reference}/delivery-fee`;
    expect((await ctx.call("POST", url, { token: ctx.actors.admin, payload: { fee: -1 } })).statusCode).toBe(400);
    const set = await ctx.call("POST", url, { token: ctx.actors.admin, payload: { fee: 3500 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ total: 123500, delivery: { fee: 3500 } });
    const again = await ctx.call("POST", url, { token: ctx.actors.admin, payload: { fee: 4000 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.deliveryFeeNotToConfirm);

    const other = await ctx.call("POST", "/api/orders/from-cart", {
      token,
      payload: {
        channel: "phone",
        deliveryOptionId: shipping,
        city: "Bafoussam",
      },
    });
    const late = other.json().data.reference;
    await ctx.call("POST", `/api/admin/orders/${late}/status`, {
      token: ctx.actors.admin,
      payload: { status: "payée" },
    });
    const refused = await ctx.call("POST", `/api/admin/orders/${late}/delivery-fee`, {
      token: ctx.actors.admin,
      payload: { fee: 3500 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.deliveryFeeTooLate);
  });
});
