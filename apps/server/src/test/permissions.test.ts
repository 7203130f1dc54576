/**
 * The whole permission matrix in one table: every protected call, for the anonymous visitor,
 * a GENERAL user, the ADMIN who owns the product, another ADMIN and a SUPERADMIN.
 */
import { createECDH, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Response } from "light-my-request";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appSettings,
  auditLog,
  contactMessages,
  deliveryOptions,
  orders,
  payments,
  products,
  productVariants,
  sessions,
  stockAlerts,
} from "../db/schema.ts";
import { orderFromForm } from "../modules/orders/orders.service.ts";
import { createUser, productBody, tokenFor, useTestApp } from "./harness.ts";

type ActorName = "anonymous" | "general" | "admin" | "otherAdmin" | "superAdmin";
const ACTORS: ActorName[] = ["anonymous", "general", "admin", "otherAdmin", "superAdmin"];

type Method = "GET" | "POST" | "PUT" | "DELETE";

interface Call {
  method: Method;
  url: string;
  /** Names a fresh resource for each attempt, when the call uses one up (a deletion). */
  freshUrl?: () => Promise<string>;
  /** Builds a fresh body for each attempt, so one actor's success does not change the next one's case. */
  body?: (actor: ActorName) => Promise<object | undefined> | object | undefined;
  multipart?: boolean;
  /** A success answers a file, not the JSON envelope: the test's picture, or text (`"text"`). */
  binary?: boolean | "text" | "zip";
  /** Its success hands a customer's files to the staff: one 'file-read' line (decision 041). */
  readsCustomerFiles?: boolean;
  expected: Record<ActorName, number>;
}

const ctx = useTestApp({ actors: true });
let png: Buffer;

const tokenOf = (actor: ActorName) => (actor === "anonymous" ? null : ctx.actors[actor]);

/** A product owned by the first ADMIN, created fresh for each attempt. */
async function adminProduct(): Promise<string> {
  const res = await ctx.call("POST", "/api/upload-product", { token: ctx.actors.admin, payload: productBody() });
  expect(res.statusCode).toBe(201);
  return res.json().data._id;
}

/** A previewed catalogue import of the first ADMIN's, fresh for each attempt (one product to create). */
async function adminImport(): Promise<string> {
  const preview = await ctx.call("POST", "/api/admin/products/import/preview", {
    token: ctx.actors.admin,
    multipart: [
      {
        name: "file",
        filename: "produits.csv",
        type: "text/csv",
        bytes: Buffer.from("Handle;Title;Vendor;Type;Variant Price\r\nmatrice;Matrice;Tecno;ACCESSOIRES;5000\r\n"),
      },
    ],
  });
  expect(preview.statusCode, preview.body).toBe(200);
  return preview.json().data.importId;
}

/** An empty category, created fresh for each attempt. */
async function freshCategory(): Promise<string> {
  const res = await ctx.call("POST", "/api/admin/categories", {
    token: ctx.actors.superAdmin,
    payload: { name: `Matrice ${crypto.randomUUID().slice(0, 8)}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data._id;
}

/** A cart line of the GENERAL user, created fresh for each attempt. */
async function generalCartLine(): Promise<string> {
  const productId = await adminProduct();
  const res = await ctx.call("POST", "/api/addtocart", { token: ctx.actors.general, payload: { productId } });
  expect(res.statusCode).toBe(201);
  return res.json().data._id;
}

/** The order form's order whose private file the admins may download. */
const FILE_ORDER = "CMD-PERM";

/** A contact message, for the inbox's calls. */
const MESSAGE_ID = "6f9c2a3e-0b1d-4c5e-8f7a-9b8c7d6e5f4a";
/** A product of the first ADMIN whose stock the back-office's stock calls read and change. */
const STOCK_PRODUCT = "5d7c1b2a-3e4f-4a5b-8c6d-7e8f9a0b1c2d";

async function stockVariant(): Promise<string> {
  const [variant] = await ctx.database.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, STOCK_PRODUCT));
  return variant?.id ?? "";
}

/** A new ADMIN, signed in once: its id and its session's. */
async function signedInAdmin(): Promise<{ userId: string; sessionId: string }> {
  const admin = await createUser(ctx, "ADMIN");
  await tokenFor(ctx, admin);
  const [session] = await ctx.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, admin.id));
  return { userId: admin.id, sessionId: session!.id };
}

let alertCount = 0;
/** A visitor waiting for the stock product's variant, which can be bought: one to notify. */
async function waitingAlert(): Promise<string> {
  const variantId = await stockVariant();
  await ctx.database.db.update(productVariants).set({ stock: 5 }).where(eq(productVariants.id, variantId));
  const [alert] = await ctx.database.db
    .insert(stockAlerts)
    .values({ variantId, phone: `+2376770000${String(++alertCount).padStart(2, "0")}` })
    .returning({ id: stockAlerts.id });
  return alert!.id;
}

/** A delivery option the back-office's calls edit (decision 025). */
const DELIVERY_OPTION = "8a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d";
let zoneCount = 0;
/** A zone whose neighbourhood no other zone names. */
const zoneBody = () => ({ kind: "zone", name: "Zone test", fee: 1000, neighbourhoods: [`Quartier ${++zoneCount}`] });

let promotionCount = 0;
/** A code of its own for each attempt. */
const promotionBody = () => ({
  kind: "code",
  name: "Code test",
  code: `TEST-${++promotionCount}`,
  discountType: "percent",
  value: 10,
  startsAt: new Date().toISOString(),
});
/** A promotion the back-office's calls edit or end, fresh for each attempt. */
async function freshPromotion(): Promise<string> {
  const res = await ctx.call("POST", "/api/admin/promotions", {
    token: ctx.actors.superAdmin,
    payload: promotionBody(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** A shipping order of a visitor, its fee still to confirm. */
/** A transfer waiting in 'À vérifier' for a new order (decision 026). */
async function paymentToVerify(): Promise<string> {
  const placed = await orderFromForm(
    ctx.database.db,
    ctx.app.files,
    null,
    { name: "Awa", number: "+237677123456", text: "Yaoundé", message: "" },
    { bytes: png, name: "photo.png", mime: "image/png", ext: "png" },
  );
  const [row] = await ctx.database.db
    .insert(payments)
    .values({
      orderId: placed.order.row.id,
      method: "transfer",
      operator: "mtn",
      amount: placed.order.row.total,
      state: "to_verify",
      transactionId: `TX${placed.order.row.reference}`,
    })
    .returning();
  return row!.id;
}

/** A request of a customer without an account, waiting for its answer (decision 041). */
let guestRequests = 0;
async function guestRequest(kind: "access" | "correction"): Promise<string> {
  const phone = `+2376580${String(10000 + ++guestRequests).slice(-5)}`;
  const placed = await orderFromForm(
    ctx.database.db,
    ctx.app.files,
    null,
    { name: "Awa", number: phone, text: "Yaoundé", message: "" },
    { bytes: png, name: "photo.png", mime: "image/png", ext: "png" },
  );
  const res = await ctx.call("POST", "/api/privacy-requests", {
    payload: { reference: placed.order.row.reference, phone, kind },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

async function orderToConfirm(): Promise<string> {
  const placed = await orderFromForm(
    ctx.database.db,
    ctx.app.files,
    null,
    {
      name: "Awa",
      number: "+237677123456",
      text: "Douala",
      message: "",
      deliveryOptionId: DELIVERY_OPTION,
      city: "Douala",
    },
    { bytes: png, name: "photo.png", mime: "image/png", ext: "png" },
  );
  return placed.order.row.reference;
}

let deviceCount = 0;
/** A browser's push subscription (what PushSubscription.toJSON() gives), new each time. */
function pushDevice() {
  const ecdh = createECDH("prime256v1");
  return {
    endpoint: `https://push.example.test/device-${++deviceCount}`,
    keys: { p256dh: ecdh.generateKeys("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** A device of the actor (subscribed by staff; for anyone else, only named), to unsubscribe. */
async function subscribedDevice(actor: ActorName) {
  const device = pushDevice();
  if (staffIds()[actor]) {
    const res = await ctx.call("POST", "/api/admin/push/subscriptions", { token: tokenOf(actor), payload: device });
    expect(res.statusCode).toBe(201);
  }
  return { endpoint: device.endpoint };
}

/** A cart with one product for the actor, so that the cart can become an order. */
async function cartOrderBody(actor: ActorName) {
  const token = tokenOf(actor);
  if (token)
    expect(
      (await ctx.call("POST", "/api/addtocart", { token, payload: { productId: await adminProduct() } })).statusCode,
    ).toBe(201);
  return { channel: "whatsapp" };
}

const CALLS: Call[] = [
  {
    method: "GET",
    url: "/api/user-details",
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/all-user",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/update-user",
    body: async () => ({ userId: (await createUser(ctx, "GENERAL")).id, role: "ADMIN" }),
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    // A customer's one-time password link, for WhatsApp (decision 032).
    method: "POST",
    url: "/api/admin/users/{id}/reset-link",
    freshUrl: async () => `/api/admin/users/${(await createUser(ctx, "GENERAL")).id}/reset-link`,
    expected: { anonymous: 401, general: 403, admin: 201, otherAdmin: 201, superAdmin: 201 },
  },
  {
    method: "POST",
    url: "/api/upload-product",
    body: () => productBody(),
    expected: { anonymous: 401, general: 403, admin: 201, otherAdmin: 201, superAdmin: 201 },
  },
  {
    method: "POST",
    url: "/api/update-product",
    body: async () => ({ _id: await adminProduct(), sellingPrice: 250000 }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/delete-product",
    body: async () => ({ _id: await adminProduct() }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/upload-image",
    multipart: true,
    expected: { anonymous: 401, general: 403, admin: 201, otherAdmin: 201, superAdmin: 201 },
  },
  {
    method: "POST",
    url: "/api/addtocart",
    body: async () => ({ productId: await adminProduct() }),
    expected: { anonymous: 401, general: 201, admin: 201, otherAdmin: 201, superAdmin: 201 },
  },
  {
    method: "GET",
    url: "/api/countAddToCartProduct",
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/view-card-product",
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/update-cart-product",
    body: async () => ({ _id: await generalCartLine(), quantity: 2 }),
    // Nobody, whatever their role, reaches another user's cart line.
    expected: { anonymous: 401, general: 200, admin: 404, otherAdmin: 404, superAdmin: 404 },
  },
  {
    method: "POST",
    url: "/api/delete-cart-product",
    body: async () => ({ _id: await generalCartLine() }),
    expected: { anonymous: 401, general: 200, admin: 404, otherAdmin: 404, superAdmin: 404 },
  },
  {
    method: "POST",
    url: "/api/orders/from-cart",
    body: cartOrderBody,
    expected: { anonymous: 401, general: 201, admin: 201, otherAdmin: 201, superAdmin: 201 },
  },
  {
    method: "GET",
    url: "/api/my-orders",
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: `/api/orders/${FILE_ORDER}/file`,
    binary: true,
    // The customers' files (IDs, receipts) are for the shop's staff only.
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/orders",
    // The shop's orders belong to the shop: every admin reads every one of them.
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: `/api/admin/orders/${FILE_ORDER}`,
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: `/api/admin/orders/${FILE_ORDER}/status`,
    // Back to "nouvelle" before each attempt, so that every allowed actor's change is possible.
    body: async () => {
      await ctx.database.db.update(orders).set({ status: "nouvelle" }).where(eq(orders.reference, FILE_ORDER));
      return { status: "confirmée" };
    },
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/messages",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: `/api/admin/messages/${MESSAGE_ID}/read`,
    body: () => ({ read: true }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/badges",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/dashboard",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: `/api/admin/products/${STOCK_PRODUCT}`,
    // The product form's read: hidden and archived products too, an ADMIN its own only.
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: `/api/admin/products/${STOCK_PRODUCT}/stock`,
    // Stock is part of the product: an ADMIN manages its own products' only.
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/stock/adjust",
    body: async () => ({ variantId: await stockVariant(), stock: 5, note: "Inventaire" }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: `/api/admin/products/${STOCK_PRODUCT}/variants`,
    body: async () => ({
      options: [],
      variants: [{ _id: await stockVariant(), optionValues: [], price: 300000, sellingPrice: 275000, stock: 6 }],
    }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/stock/alerts",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/stock/alerts/:id/notified",
    freshUrl: async () => `/api/admin/stock/alerts/${await waitingAlert()}/notified`,
    // Only the admin who manages the product is shown the visitor's request.
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 404, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/stock/movements",
    // Each admin reads the history of the products it manages (none, for the other ADMIN).
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: `/api/admin/stock/movements?productId=${STOCK_PRODUCT}`,
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/delivery-options",
    expected: { anonymous: 200, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/delivery",
    // Delivery is the shop's, like its orders: every admin manages it.
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/delivery/options",
    body: zoneBody,
    expected: { anonymous: 401, general: 403, admin: 201, otherAdmin: 201, superAdmin: 201 },
  },
  {
    method: "PUT",
    url: `/api/admin/delivery/options/${DELIVERY_OPTION}`,
    body: () => ({ kind: "shipping", name: "Expédition hors Yaoundé", fee: null, delay: "2 à 4 jours" }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "DELETE",
    url: "/api/admin/delivery/options/:id",
    freshUrl: async () => {
      const res = await ctx.call("POST", "/api/admin/delivery/options", {
        token: ctx.actors.superAdmin,
        payload: zoneBody(),
      });
      return `/api/admin/delivery/options/${res.json().data._id}`;
    },
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  // Promotions are the shop's, like its orders (decision 051).
  {
    method: "GET",
    url: "/api/admin/promotions",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/promotions",
    body: promotionBody,
    expected: { anonymous: 401, general: 403, admin: 201, otherAdmin: 201, superAdmin: 201 },
  },
  {
    method: "PUT",
    url: "/api/admin/promotions/:id",
    freshUrl: async () => `/api/admin/promotions/${await freshPromotion()}`,
    body: promotionBody,
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  ...(["pause", "resume", "end"] as const).map(
    (action): Call => ({
      method: "POST",
      url: `/api/admin/promotions/:id/${action}`,
      freshUrl: async () => `/api/admin/promotions/${await freshPromotion()}/${action}`,
      expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
    }),
  ),
  {
    method: "PUT",
    url: "/api/admin/delivery/settings",
    body: () => ({ freeFrom: 250000 }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/orders/:reference/delivery-fee",
    freshUrl: async () => `/api/admin/orders/${await orderToConfirm()}/delivery-fee`,
    body: () => ({ fee: 3000 }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/payments",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/payments/:id/approve",
    freshUrl: async () => `/api/admin/payments/${await paymentToVerify()}/approve`,
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/payments/:id/reject",
    freshUrl: async () => `/api/admin/payments/${await paymentToVerify()}/reject`,
    body: () => ({ reason: "Aucun transfert reçu." }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/push/subscriptions",
    body: pushDevice,
    expected: { anonymous: 401, general: 403, admin: 201, otherAdmin: 201, superAdmin: 201 },
  },
  {
    method: "POST",
    url: "/api/admin/push/unsubscribe",
    body: subscribedDevice,
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/my-devices",
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/my-data",
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/my-data/archive",
    binary: "zip",
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/my-account",
    // Without a body: the matrix's accounts keep their names (decision 041; my-account.test.ts).
    body: () => ({}),
    expected: { anonymous: 401, general: 400, admin: 400, otherAdmin: 400, superAdmin: 400 },
  },
  {
    method: "POST",
    url: "/api/my-password",
    body: () => ({}),
    expected: { anonymous: 401, general: 400, admin: 400, otherAdmin: 400, superAdmin: 400 },
  },
  {
    method: "POST",
    url: "/api/delete-my-account",
    // Without its confirmation (the matrix's accounts must live on): every signed-in person
    // reaches the check, the visitor does not (decision 041; erasures in privacy.test.ts).
    body: () => ({}),
    expected: { anonymous: 401, general: 400, admin: 400, otherAdmin: 400, superAdmin: 400 },
  },
  {
    method: "GET",
    url: "/api/admin/products?q=iphone&stock=in_stock&sort=price",
    // Each admin reads its own products, a SUPERADMIN all (decision 044; admin-products.test.ts).
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/products/brands",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/products/export.csv?visibility=shown",
    // Each admin exports its own products, a SUPERADMIN all (decision 047; catalogue-csv.test.ts).
    binary: "text",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/products/import/preview",
    multipart: true,
    // The matrix's picture is no CSV: the staff reach the check, which writes nothing (decision 047).
    expected: { anonymous: 401, general: 403, admin: 400, otherAdmin: 400, superAdmin: 400 },
  },
  {
    method: "POST",
    url: "/api/admin/products/import/:id/apply",
    // Only its maker confirms an import (decision 047): for anyone else it does not exist.
    freshUrl: async () => `/api/admin/products/import/${await adminImport()}/apply`,
    expected: { anonymous: 401, general: 403, admin: 202, otherAdmin: 404, superAdmin: 404 },
  },
  {
    method: "GET",
    url: "/api/admin/products/import/:id",
    freshUrl: async () => `/api/admin/products/import/${await adminImport()}`,
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 404, superAdmin: 404 },
  },
  {
    method: "GET",
    url: "/api/admin/products/import/latest",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/products/:id/duplicate",
    // A copy of the first ADMIN's product: its own and the SUPERADMIN's to make (decision 046).
    freshUrl: async () => `/api/admin/products/${await adminProduct()}/duplicate`,
    expected: { anonymous: 401, general: 403, admin: 201, otherAdmin: 403, superAdmin: 201 },
  },
  {
    method: "POST",
    url: "/api/admin/products/bulk/preview",
    body: async () => ({ ids: [await adminProduct()], action: { kind: "hide" } }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/products/bulk",
    // The first ADMIN's product: its own and the SUPERADMIN's to change (decision 048).
    body: async () => ({ ids: [await adminProduct()], action: { kind: "hide" } }),
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/categories",
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/categories",
    // The whole shop's categories: the SUPERADMIN's alone to change (decision 046).
    body: () => ({ name: `Matrice ${crypto.randomUUID().slice(0, 8)}` }),
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 201 },
  },
  {
    method: "PUT",
    url: "/api/admin/categories/:id",
    freshUrl: async () => `/api/admin/categories/${await freshCategory()}`,
    body: () => ({ hidden: true }),
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "PUT",
    url: "/api/admin/categories/order",
    body: async () => ({
      ids: (
        (await ctx.call("GET", "/api/admin/categories", { token: ctx.actors.superAdmin })).json().data as {
          _id: string;
        }[]
      ).map((c) => c._id),
    }),
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "DELETE",
    url: "/api/admin/categories/:id",
    freshUrl: async () => `/api/admin/categories/${await freshCategory()}`,
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/my-promotions",
    // Receive (the default): the matrix's accounts keep their choice (decision 043; objections.test.ts).
    body: () => ({ receive: true }),
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/privacy-requests",
    // Every customer's requests: the SUPERADMIN's alone (decision 041).
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/privacy-requests/:id/archive",
    freshUrl: async () => `/api/admin/privacy-requests/${await guestRequest("access")}/archive`,
    binary: "zip",
    readsCustomerFiles: true,
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/privacy-requests/:id/answer",
    freshUrl: async () => `/api/admin/privacy-requests/${await guestRequest("correction")}/answer`,
    body: () => ({ outcome: "done", note: "Corrigé" }),
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/privacy/retention",
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "PUT",
    url: "/api/admin/privacy/retention",
    // The default it already has: nothing changes for the calls after it.
    body: () => ({ orderFilesDays: 90 }),
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/privacy/register",
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "PUT",
    url: "/api/admin/privacy/register/:id",
    freshUrl: async () => {
      const { activities } = (
        await ctx.call("GET", "/api/admin/privacy/register", { token: ctx.actors.superAdmin })
      ).json().data;
      return `/api/admin/privacy/register/${activities[0]._id}`;
    },
    body: () => ({
      purpose: "Prendre et livrer les commandes",
      legalBasis: "Exécution du contrat",
      data: "Nom, téléphone, adresse",
      people: "Clients",
      retention: "{closedOrdersYears} ans",
      recipients: "Administrateurs",
    }),
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/users/:userId/devices",
    freshUrl: async () => `/api/admin/users/${(await signedInAdmin()).userId}/devices`,
    // An admin's sessions are for a SUPERADMIN to see and end (decision 039).
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/users/:userId/devices/:id/end",
    freshUrl: async () => {
      const { userId, sessionId } = await signedInAdmin();
      return `/api/admin/users/${userId}/devices/${sessionId}/end`;
    },
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/users/:userId/devices/end-all",
    freshUrl: async () => `/api/admin/users/${(await signedInAdmin()).userId}/devices/end-all`,
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/journal",
    // The whole audit log names every admin's changes: the SUPERADMIN's alone (decision 038).
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/journal/export",
    binary: "text",
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/journal/verify",
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: `/api/admin/history/product/${STOCK_PRODUCT}`,
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: `/api/admin/history/order/${FILE_ORDER}`,
    expected: { anonymous: 401, general: 403, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/second-factors",
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/second-factor-setting",
    // Whether the staff need a second factor is the SUPERADMIN's (decision 040).
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "PUT",
    url: "/api/admin/second-factor-setting",
    // The mode it already has: the calls after it must not be gated, or freed, by it.
    body: async () => {
      const [row] = await ctx.database.db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, "staff_second_factor"));
      return { mode: row?.value ?? "optional" };
    },
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "GET",
    url: "/api/admin/users/:userId/second-factors",
    freshUrl: async () => `/api/admin/users/${(await signedInAdmin()).userId}/second-factors`,
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/admin/users/:userId/second-factors/reset",
    freshUrl: async () => `/api/admin/users/${(await signedInAdmin()).userId}/second-factors/reset`,
    expected: { anonymous: 401, general: 403, admin: 403, otherAdmin: 403, superAdmin: 200 },
  },
  {
    method: "POST",
    url: "/api/reviews",
    body: async () => ({ productId: await adminProduct(), rating: 4 }),
    expected: { anonymous: 401, general: 200, admin: 200, otherAdmin: 200, superAdmin: 200 },
  },
];

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0ea5e9" } })
    .png()
    .toBuffer();
  await orderFromForm(
    ctx.database.db,
    ctx.app.files,
    null,
    { name: "Awa", number: "+237677123456", text: "Yaoundé", message: "" },
    { bytes: png, name: "photo.png", mime: "image/png", ext: "png" },
    { newReference: () => FILE_ORDER },
  );
  await ctx.database.db.insert(products).values({
    ...productBody(),
    id: STOCK_PRODUCT,
    category: "IPHONE 13",
    userId: ctx.actors.adminUser.id,
  });
  await ctx.database.db.insert(deliveryOptions).values({
    id: DELIVERY_OPTION,
    kind: "shipping",
    name: "Expédition hors Yaoundé",
    fee: null,
  });
  await ctx.database.db
    .insert(contactMessages)
    .values({ id: MESSAGE_ID, name: "Awa", email: "awa@test.cm", subject: "Bonjour", message: "Disponible ?" });
});

/**
 * Every table's rows, one fingerprint per table: what a call changed. Not the audit log
 * itself, nor a row's `updated_at` or a session's `last_used_at` alone (a form saved
 * unchanged, a signed-in call: nothing a person changed).
 */
async function fingerprints(): Promise<Map<string, string>> {
  const { rows: tables } = (await ctx.database.db.execute(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'audit_log'
    ORDER BY table_name
  `)) as unknown as { rows: { name: string }[] };
  const each = tables.map(
    ({ name }) =>
      sql`SELECT ${name}::text AS name, md5(coalesce(string_agg(md5((to_jsonb(t) - 'updated_at' - 'last_used_at')::text), '' ORDER BY md5((to_jsonb(t) - 'updated_at' - 'last_used_at')::text)), '')) AS print FROM ${sql.identifier(name)} t`,
  );
  const { rows } = (await ctx.database.db.execute(sql.join(each, sql` UNION ALL `))) as unknown as {
    rows: { name: string; print: string }[];
  };
  return new Map(rows.map((r) => [r.name, r.print]));
}

const lastLine = async () =>
  (await ctx.database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog))[0]?.id ?? 0;

const staffIds = (): Partial<Record<ActorName, string>> => ({
  admin: ctx.actors.adminUser.id,
  otherAdmin: ctx.actors.otherAdminUser.id,
  superAdmin: ctx.superAdmin.id,
});

describe("permission matrix", () => {
  for (const call of CALLS) {
    it.each(ACTORS)(`${call.method} ${call.url} as %s`, async (actor) => {
      const token = tokenOf(actor);
      const url = call.freshUrl ? await call.freshUrl() : call.url;
      const payload = call.multipart ? undefined : await call.body?.(actor);
      // A staff-only call that changes any data writes its line in the audit log (decision 038).
      const staffOnly = call.expected.general === 403 && staffIds()[actor] !== undefined;
      const before = staffOnly ? { prints: await fingerprints(), line: await lastLine() } : null;
      const res: Response = call.multipart
        ? await ctx.call("POST", url, {
            token,
            multipart: [{ name: "file", filename: "a.png", type: "image/png", bytes: png }],
          })
        : await ctx.call(call.method, url, { token, payload });
      if (before) {
        const after = await fingerprints();
        const changed = [...after].filter(([name, print]) => before.prints.get(name) !== print).map(([n]) => n);
        const written = await ctx.database.db
          .select({ id: auditLog.id, action: auditLog.action })
          .from(auditLog)
          .where(and(gt(auditLog.id, before.line), eq(auditLog.actorId, staffIds()[actor]!)));
        // A customer's file opened by the staff is a line of its own, though nothing changed (decision 041).
        const reads = written.filter((l) => l.action === "file-read");
        const lines = written.filter((l) => l.action !== "file-read");
        if ((call.binary === true || call.readsCustomerFiles) && res.statusCode === 200)
          expect(reads.length, `${call.method} ${url} opened a customer's file without a line`).toBe(1);
        else expect(reads).toEqual([]);
        if (changed.length > 0)
          expect(lines.length, `${call.method} ${url} changed ${changed} without a line`).toBeGreaterThan(0);
        else expect(lines, `${call.method} ${url} changed nothing but wrote a line`).toEqual([]);
      }
      expect(res.statusCode, res.body).toBe(call.expected[actor]);
      if (call.binary && res.statusCode === 200) {
        if (call.binary === "text") expect(res.headers["content-type"]).toMatch(/^text\//);
        else if (call.binary === "zip") expect(res.headers["content-type"]).toBe("application/zip");
        else expect(res.rawPayload.equals(png)).toBe(true);
        return;
      }
      const body = res.json();
      expect(body.success).toBe(res.statusCode < 300);
      expect(typeof body.message).toBe("string");
      if (res.statusCode >= 400) expect(body.message.length).toBeGreaterThan(0);
    });
  }
});

describe("the staff's second factor, required", () => {
  /**
   * Every call the matrix gives the staff alone: while the shop requires a second factor
   * (decision 040), an ADMIN's or SUPERADMIN's session opened with a password alone gets 403
   * with the set-up code; the same account's session opened with a factor gets the matrix's
   * answer; the calls any signed-in account makes stay open to both.
   */
  const staffCalls = CALLS.filter((c) => c.expected.general === 403);
  const openCalls = CALLS.filter((c) => c.expected.general < 400 && c.method === "GET");

  beforeAll(async () => {
    // The fixtures' sessions (the actors' tokens, which make products, orders…) count as
    // opened with a factor; each test below opens one with a password alone.
    await ctx.database.db.update(sessions).set({ openedWith: "password+totp" });
    await ctx.database.db.insert(appSettings).values({ key: "staff_second_factor", value: "required" });
  });
  afterAll(async () => {
    await ctx.database.db.delete(appSettings).where(eq(appSettings.key, "staff_second_factor"));
  });

  for (const actor of ["admin", "superAdmin"] as const) {
    it(`keeps every staff call from the ${actor}'s password-only session, and none from a session with a factor`, async () => {
      const password = await tokenFor(ctx, actor === "admin" ? ctx.actors.adminUser : ctx.superAdmin);
      const withFactor = ctx.actors[actor];
      expect(staffCalls.length).toBeGreaterThan(30);
      for (const call of staffCalls) {
        const url = call.freshUrl ? await call.freshUrl() : call.url;
        const payload = call.multipart ? undefined : await call.body?.(actor);
        const gated = call.multipart
          ? await ctx.call("POST", url, {
              token: password,
              multipart: [{ name: "file", filename: "a.png", type: "image/png", bytes: png }],
            })
          : await ctx.call(call.method, url, { token: password, payload });
        expect([call.url, gated.statusCode, gated.json().code]).toEqual([call.url, 403, "second-factor-setup"]);
        const url2 = call.freshUrl ? await call.freshUrl() : call.url;
        const payload2 = call.multipart ? undefined : await call.body?.(actor);
        const open = call.multipart
          ? await ctx.call("POST", url2, {
              token: withFactor,
              multipart: [{ name: "file", filename: "a.png", type: "image/png", bytes: png }],
            })
          : await ctx.call(call.method, url2, { token: withFactor, payload: payload2 });
        expect([call.url, open.statusCode]).toEqual([call.url, call.expected[actor]]);
      }
      for (const call of openCalls) {
        const res = await ctx.call(call.method, call.url, { token: password });
        expect([call.url, res.statusCode]).toEqual([call.url, call.expected[actor]]);
      }
    });
  }
});

/** A call's path with its ids as `*`: "/api/admin/orders/CMD-PERM/status" and "/api/admin/orders/{reference}/status" alike. */
const pathShape = (url: string) =>
  url
    .split("?")[0]!
    .split("/")
    .map((part) => (/^[{:]|^[0-9a-f]{8}-[0-9a-f]{4}-|^CMD-/i.test(part) ? "*" : part))
    .join("/");

describe("the matrix's reach", () => {
  it("holds every call that only staff may make, so that each is checked for its audit line", async () => {
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const inMatrix = new Set(CALLS.map((c) => `${c.method} ${pathShape(c.url)}`));
    const staffOnly: string[] = [];
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const method of Object.keys(operations).map((m) => m.toUpperCase())) {
        if (method === "GET" || method === "HEAD") continue; // a reading changes nothing
        const url = path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
        const res = await ctx.call(method as Method, url, { token: ctx.actors.general, payload: {} });
        // The role check comes before anything else (requireAdmin is an onRequest hook).
        if (res.statusCode === 403) staffOnly.push(`${method} ${pathShape(path)}`);
      }
    }
    expect(staffOnly.length).toBeGreaterThan(10);
    expect(staffOnly.filter((call) => !inMatrix.has(call))).toEqual([]);
  });
});
