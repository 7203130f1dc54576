import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { FIELD_MSG, MSG, ORDER_FILE_MAX_BYTES, ORDER_REFERENCE_PATTERN, type Order } from "@shop/shared";
import { count, eq, sql } from "drizzle-orm";
import type { Response } from "light-my-request";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { cartLines } from "../../db/schema/cart.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import {
  addToCart,
  customerWithCart,
  type FormPart,
  productBody,
  type TestContext,
  tokenFor,
  useTestApp,
} from "../../test/harness.ts";
import { orderFromCart, orderFromForm } from "./orders.service.ts";

const ctx = useTestApp({ actors: true });
let png: Buffer;
let galaxy: string;
let watch: string;
let charger: string;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypheic"),
  Buffer.alloc(4),
  Buffer.from("mif1heic"),
  Buffer.alloc(64),
]);

async function createProduct(overrides: Record<string, unknown>): Promise<string> {
  const res = await ctx.call("POST", "/api/upload-product", {
    token: ctx.actors.superAdmin,
    payload: productBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

const customer = (cart: [string, number][] = []) => customerWithCart(ctx, cart);

const formFields = (overrides: Record<string, string | undefined> = {}) => {
  const fields: Record<string, string | undefined> = {
    name: "Awa Ndongo",
    number: "6 77 12 34 56",
    text: "Yaoundé, Bastos, rue 1.234",
    message: "Livraison le samedi si possible.",
    ...overrides,
  };
  return Object.entries(fields)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
};

const filePart = (bytes: Buffer, filename = "photo.png", type = "image/png"): FormPart => ({
  name: "file",
  filename,
  type,
  bytes,
});

function postForm(parts: FormPart[], options: { token?: string | null; app?: TestContext["app"]; ip?: string } = {}) {
  return ctx.call("POST", "/api/orders", {
    app: options.app,
    token: options.token,
    multipart: parts,
    remoteAddress: options.ip,
  });
}

const placeForm = (overrides: Record<string, string | undefined> = {}, file = filePart(png), token?: string) =>
  postForm([...formFields(overrides), file], { token });

async function orderCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

const storedFiles = (context = ctx) =>
  existsSync(path.join(context.config.dataDir, "order-files"))
    ? readdirSync(path.join(context.config.dataDir, "order-files"))
    : [];

/** Runs a request that must fail and checks that it left no order and no file behind. */
async function withoutWrites(action: () => Promise<Response>): Promise<Response> {
  const before = { orders: await orderCount(), files: storedFiles().length };
  const res = await action();
  expect(await orderCount()).toBe(before.orders);
  expect(storedFiles()).toHaveLength(before.files);
  return res;
}

function expectIssue(res: Response, path: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, error: true, data: null });
  expect(res.json().issues).toContainEqual({ path, message });
}

async function myOrders(token: string): Promise<Order[]> {
  const res = await ctx.call("GET", "/api/my-orders", { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(MSG.ordersListed);
  return res.json().data;
}

async function cartCount(token: string): Promise<number> {
  return (await ctx.call("GET", "/api/countAddToCartProduct", { token })).json().data.count;
}

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#16a34a" } })
    .png()
    .toBuffer();
  galaxy = await createProduct({
    productName: "Galaxy A54",
    brandName: "Samsung",
    category: "SAMSUNG",
    price: 200000,
    sellingPrice: 180000,
  });
  watch = await createProduct({
    productName: "Apple Watch SE",
    brandName: "Apple",
    category: "APPLE WATCH",
    price: 150000,
    sellingPrice: 150000,
  });
  charger = await createProduct({
    productName: "Chargeur 20 W",
    brandName: "Apple",
    category: "ACCESSOIRES",
    price: 15000,
    sellingPrice: 12000,
  });
});

describe("POST /api/orders/from-cart", () => {
  it("needs a signed-in customer", async () => {
    const res = await ctx.call("POST", "/api/orders/from-cart", { payload: { channel: "whatsapp" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.authRequired);
  });

  it.each([
    ["missing", {}],
    ["the form's channel", { channel: "form" }],
    ["unknown", { channel: "sms" }],
  ])("refuses a channel that is %s, in French", async (_label, body) => {
    const { token } = await customer([[galaxy, 1]]);
    const res = await withoutWrites(() => ctx.call("POST", "/api/orders/from-cart", { token, payload: body }));
    expectIssue(res, "body.channel", FIELD_MSG.orderChannelInvalid);
  });

  it("refuses an empty cart with 400 and stores nothing", async () => {
    const { token } = await customer();
    const res = await withoutWrites(() =>
      ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: true, message: MSG.cartEmpty, data: null });
  });

  it("copies the cart, in its order, at today's prices, and keeps the cart", async () => {
    const { user, token } = await customer([
      [galaxy, 2],
      [charger, 3],
    ]);
    const res = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, error: false, message: MSG.orderCreated });
    const order: Order = res.json().data;
    expect(order.reference).toMatch(ORDER_REFERENCE_PATTERN);
    expect(order).toMatchObject({
      channel: "whatsapp",
      status: "nouvelle",
      name: user.name,
      phone: null,
      address: "",
      message: "",
      hasFile: false,
      // The cart page lists the newest line first.
      lines: [
        { productId: charger, productName: "Chargeur 20 W", unitPrice: 12000, quantity: 3 },
        { productId: galaxy, productName: "Galaxy A54", unitPrice: 180000, quantity: 2 },
      ],
      totalQuantity: 5,
      totalPrice: 3 * 12000 + 2 * 180000,
    });
    expect(Object.keys(order).sort()).toEqual(
      [
        "_id",
        "reference",
        "channel",
        "status",
        "name",
        "phone",
        "address",
        "message",
        "hasFile",
        "lines",
        "totalQuantity",
        "totalPrice",
        "delivery",
        "total",
        // Added by decision 051 (promotions).
        "discount",
        "promotionCode",
        "discounts",
        "payToken",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.userId).toBe(user.id);
    expect(await cartCount(token)).toBe(2);
  });

  it("answers the same order to a second tap with the same cart (200), even at the same instant", async () => {
    const { user, token } = await customer([[watch, 1]]);
    const first = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(first.statusCode).toBe(201);
    const again = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(MSG.orderCreated);
    expect(again.json().data).toEqual(first.json().data);

    const { token: other, user: otherUser } = await customer([[galaxy, 1]]);
    const taps = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.call("POST", "/api/orders/from-cart", { token: other, payload: { channel: "phone" } }),
      ),
    );
    expect(taps.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(taps.map((r) => r.json().data._id)).size).toBe(1);

    for (const id of [user.id, otherUser.id]) {
      const [row] = await ctx.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, id));
      expect(row?.n).toBe(1);
    }
  });

  it("makes a new order for another channel, a changed cart, a handled order or one older than 24 h", async () => {
    const { user, token } = await customer([[galaxy, 1]]);
    const ids = new Set<string>();
    const order = async (channel: "whatsapp" | "phone", expected: number) => {
      const res = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel } });
      expect(res.statusCode, res.body).toBe(expected);
      ids.add(res.json().data._id);
      return res.json().data as Order;
    };
    const whatsapp = await order("whatsapp", 201);
    await order("phone", 201);
    expect(ids.size).toBe(2);

    // Another quantity: another order; back to the first cart, the first order again.
    const line = (await ctx.call("GET", "/api/view-card-product", { token })).json().data[0];
    await ctx.call("POST", "/api/update-cart-product", { token, payload: { _id: line._id, quantity: 2 } });
    await order("whatsapp", 201);
    expect(ids.size).toBe(3);
    await ctx.call("POST", "/api/update-cart-product", { token, payload: { _id: line._id, quantity: 1 } });
    expect((await order("whatsapp", 200))._id).toBe(whatsapp._id);

    // Another price for the same product: the customer is told another total.
    await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.superAdmin,
      payload: { _id: galaxy, sellingPrice: 179000 },
    });
    const repriced = await order("whatsapp", 201);
    expect(repriced.lines[0]?.unitPrice).toBe(179000);
    await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.superAdmin,
      payload: { _id: galaxy, sellingPrice: 180000 },
    });
    expect(ids.size).toBe(4);

    // The shop confirmed it: a new tap is a new order.
    await ctx.database.db.update(orders).set({ status: "confirmée" }).where(eq(orders.id, whatsapp._id));
    const afterConfirmed = await order("whatsapp", 201);
    expect(ids.size).toBe(5);

    // A day later, the same cart is a new order.
    await ctx.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.id, afterConfirmed._id));
    await order("whatsapp", 201);
    expect(ids.size).toBe(6);
    expect(await myOrders(token)).toHaveLength(6);
    expect(user.id).toBeTruthy();
  });

  it("keeps the lines as they were when the product's name and price change afterwards", async () => {
    const phoneProduct = await createProduct({
      productName: "Redmi Note 13",
      brandName: "Xiaomi",
      category: "REDMI",
      price: 130000,
      sellingPrice: 120000,
    });
    const { token } = await customer([[phoneProduct, 2]]);
    const fromCart = (
      await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } })
    ).json().data;
    await addToCart(ctx, ctx.actors.general, phoneProduct, 1);
    const placed = await placeForm({}, filePart(png), ctx.actors.general);
    expect(placed.statusCode, placed.body).toBe(201);
    const formOrder: Order = placed.json().data;

    const changed = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.superAdmin,
      payload: {
        _id: phoneProduct,
        productName: "Redmi Note 13 Pro",
        price: 160000,
        sellingPrice: 150000,
      },
    });
    expect(changed.statusCode).toBe(200);

    const [mine] = await myOrders(token);
    expect(mine).toMatchObject({
      _id: fromCart._id,
      lines: [{ productId: phoneProduct, productName: "Redmi Note 13", unitPrice: 120000, quantity: 2 }],
      totalQuantity: 2,
      totalPrice: 240000,
    });
    const status = await ctx.call("POST", "/api/order-status", {
      payload: {
        reference: formOrder.reference,
        phone: "677123456",
      },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({
      lines: [{ productId: phoneProduct, productName: "Redmi Note 13", unitPrice: 120000, quantity: 1 }],
      totalQuantity: 1,
      totalPrice: 120000,
    });
  });

  it("keeps a line's name, price and link when its product is deleted: the product is archived (decision 046)", async () => {
    const gone = await createProduct({
      productName: "Pixel 7",
      category: "PIXEL",
      price: 250000,
      sellingPrice: 230000,
    });
    const { token } = await customer([[gone, 1]]);
    const placed = (await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "phone" } })).json()
      .data;
    // Its name and price change before the deletion: the line keeps what was ordered.
    await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.superAdmin,
      payload: { _id: gone, productName: "Pixel 7 (reconditionné)", price: 200000, sellingPrice: 180000 },
    });
    const deleted = await ctx.call("POST", "/api/delete-product", {
      token: ctx.actors.superAdmin,
      payload: { _id: gone },
    });
    expect(deleted.json()).toMatchObject({ data: { archived: true } });
    const [mine] = await myOrders(token);
    expect(mine?._id).toBe(placed._id);
    expect(mine?.lines).toEqual([
      {
        productId: gone,
        productName: "Pixel 7",
        variantId: expect.any(String),
        variantLabel: "",
        unitPrice: 230000,
        quantity: 1,
        usualPrice: null,
      },
    ]);
    expect(mine?.totalPrice).toBe(230000);
  });
});

describe("POST /api/orders (the order form)", () => {
  it("stores a visitor's order with its file kept privately, and answers the reference", async () => {
    const res = await placeForm({}, filePart(png, "Capture d'écran (2).png"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, error: false, message: MSG.orderCreated });
    const order: Order = res.json().data;
    expect(order).toMatchObject({
      channel: "form",
      status: "nouvelle",
      name: "Awa Ndongo",
      phone: "+237677123456",
      address: "Yaoundé, Bastos, rue 1.234",
      message: "Livraison le samedi si possible.",
      hasFile: true,
      lines: [],
      totalQuantity: 0,
      totalPrice: 0,
    });
    expect(order.reference).toMatch(ORDER_REFERENCE_PATTERN);
    expect(res.body).not.toContain("order-files");

    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ userId: null, fileName: "Capture d'écran (2).png", fileType: "image/png" });
    expect(row?.filePath).toMatch(/^[0-9a-f-]{36}\.png$/);
    const stored = path.join(path.join(ctx.config.dataDir, "order-files"), row?.filePath ?? "");
    expect(readFileSync(stored).equals(png)).toBe(true);
    expect(path.relative(ctx.config.uploadsDir, stored).startsWith("..")).toBe(true);
  });

  it("takes the FormData the web client sends (in process too: app.inject streams it as multipart)", async () => {
    const form = new FormData();
    form.append("name", "Awa Ndongo");
    form.append("number", "677123456");
    form.append("text", "Yaoundé, Maképé");
    form.append("file", new File([new Uint8Array(png)], "photo du téléphone.png", { type: "image/png" }));
    const res = await ctx.app.inject({ method: "POST", url: "/api/orders", payload: form });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, res.json().data._id));
    expect(row?.fileName).toBe("photo du téléphone.png");

    const noFile = new FormData();
    for (const [k, v] of form) if (k !== "file") noFile.append(k, v);
    noFile.append("file", new File([], "", { type: "application/octet-stream" }));
    const missing = await withoutWrites(() => ctx.app.inject({ method: "POST", url: "/api/orders", payload: noFile }));
    expectIssue(missing, "body.file", MSG.orderFileMissing);
  });

  it("reads the parts in any order, trims the fields and takes an absent message as empty", async () => {
    const res = await postForm([
      filePart(PDF, "reçu.pdf", "application/pdf"),
      { name: "text", value: "  Douala, Akwa  " },
      { name: "number", value: "+237 699-00-00-01" },
      { name: "name", value: "  Jean Mballa " },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: "Jean Mballa",
      phone: "+237699000001",
      address: "Douala, Akwa",
      message: "",
      hasFile: true,
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, res.json().data._id));
    expect(row).toMatchObject({ fileName: "reçu.pdf", fileType: "application/pdf" });
  });

  it.each([
    ["JPEG", async () => sharp(png).jpeg().toBuffer(), "image/jpeg", "jpg"],
    ["WebP", async () => sharp(png).webp().toBuffer(), "image/webp", "webp"],
    ["HEIC", async () => HEIC, "image/heic", "heic"],
    ["PDF", async () => PDF, "application/pdf", "pdf"],
  ])("accepts a %s file, its type read from its content", async (_label, make, mime, ext) => {
    // The declared type and the name are wrong on purpose: only the bytes count.
    const res = await placeForm({}, filePart(await make(), "fichier.bin", "application/octet-stream"));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, res.json().data._id));
    expect(row?.fileType).toBe(mime);
    expect(row?.filePath?.endsWith(`.${ext}`)).toBe(true);
  });

  it.each([
    ["name", "missing", { name: undefined }, FIELD_MSG.nameRequired],
    ["name", "blank", { name: "   " }, FIELD_MSG.nameRequired],
    ["name", "too long", { name: "é".repeat(101) }, FIELD_MSG.contactNameTooLong],
    ["number", "missing", { number: undefined }, FIELD_MSG.phoneRequired],
    ["number", "blank", { number: "  " }, FIELD_MSG.phoneRequired],
    ["number", "too short", { number: "6 77 12 34" }, FIELD_MSG.phoneInvalid],
    ["number", "not from Cameroon", { number: "+33 6 12 34 56 78" }, FIELD_MSG.phoneInvalid],
    ["number", "made of letters", { number: "six-sept-sept" }, FIELD_MSG.phoneInvalid],
    ["text", "missing", { text: undefined }, FIELD_MSG.addressRequired],
    ["text", "blank", { text: "\t " }, FIELD_MSG.addressRequired],
    ["text", "too long", { text: "a".repeat(301) }, FIELD_MSG.addressTooLong],
    ["message", "too long", { message: "m".repeat(2001) }, FIELD_MSG.orderMessageTooLong],
  ])(
    "refuses a %s that is %s with its French message, storing no order and no file",
    async (field, _l, change, msg) => {
      const res = await withoutWrites(() => placeForm(change));
      expectIssue(res, `body.${field}`, msg);
      expect(res.json().message).toBe(msg);
    },
  );

  it("accepts the longest name, address and message", async () => {
    const res = await placeForm({ name: "é".repeat(100), text: "a".repeat(300), message: "m".repeat(2000) });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("names every mistake at once, the missing file included", async () => {
    const res = await withoutWrites(() => postForm([{ name: "number", value: "123" }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: "body.name", message: FIELD_MSG.nameRequired },
      { path: "body.number", message: FIELD_MSG.phoneInvalid },
      { path: "body.text", message: FIELD_MSG.addressRequired },
      { path: "body.file", message: MSG.orderFileMissing },
    ]);
    expect(res.json().message).toBe(FIELD_MSG.nameRequired);
  });

  it("refuses a field the form does not have", async () => {
    const res = await withoutWrites(() => postForm([...formFields({ status: "livrée" }), filePart(png)]));
    expect(res.statusCode).toBe(400);
    const [issue] = res.json().issues;
    expect(issue.path).toBe("body");
    expect(issue.message).toContain("status");
  });

  it.each([
    ["no file part", []],
    [
      "the empty part a browser sends when no file was chosen",
      [filePart(Buffer.alloc(0), "", "application/octet-stream")],
    ],
    ["a file sent as text", [{ name: "file", value: "photo.png" }]],
  ])("answers %s with MSG.orderFileMissing", async (_label, parts) => {
    const res = await withoutWrites(() => postForm([...formFields(), ...(parts as FormPart[])]));
    expectIssue(res, "body.file", MSG.orderFileMissing);
    expect(res.json().message).toBe(MSG.orderFileMissing);
  });

  it.each([
    ["text calling itself a PNG", Buffer.from("bonjour, ceci n'est pas une image"), "photo.png", "image/png"],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "a.gif", "image/gif"],
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "a.svg",
      "image/svg+xml",
    ],
    ["an HTML page", Buffer.from("<!doctype html><html><body>hi</body></html>"), "a.html", "text/html"],
  ])("refuses %s with MSG.orderFileInvalid", async (_label, bytes, name, type) => {
    const res = await withoutWrites(() => placeForm({}, filePart(bytes, name, type)));
    expectIssue(res, "body.file", MSG.orderFileInvalid);
    expect(res.json().message).toBe(MSG.orderFileInvalid);
  });

  it("refuses a file over 10 MB with 413, storing nothing", async () => {
    const big = Buffer.concat([png, Buffer.alloc(ORDER_FILE_MAX_BYTES + 1 - png.length)]);
    const res = await withoutWrites(() => placeForm({}, filePart(big)));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: true, message: MSG.orderFileTooLarge, data: null });

    const justRight = Buffer.concat([png, Buffer.alloc(ORDER_FILE_MAX_BYTES - png.length)]);
    expect((await placeForm({}, filePart(justRight))).statusCode).toBe(201);
  });

  it("refuses a second file and a JSON body", async () => {
    const two = await withoutWrites(() => postForm([...formFields(), filePart(png), filePart(PDF, "b.pdf")]));
    expect(two.statusCode).toBe(413);
    const json = await withoutWrites(() =>
      ctx.call("POST", "/api/orders", { payload: { name: "Awa", number: "677123456" } }),
    );
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(MSG.unsupportedMediaType);
  });

  it("gives a signed-in customer's order their cart lines and empties the cart in the same step", async () => {
    const { user, token } = await customer([
      [watch, 1],
      [galaxy, 2],
    ]);
    const res = await placeForm({ name: "Awa N." }, filePart(png), token);
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json().data;
    expect(order).toMatchObject({
      channel: "form",
      name: "Awa N.",
      lines: [
        { productId: galaxy, productName: "Galaxy A54", unitPrice: 180000, quantity: 2 },
        { productId: watch, productName: "Apple Watch SE", unitPrice: 150000, quantity: 1 },
      ],
      totalQuantity: 3,
      totalPrice: 510000,
    });
    expect(await cartCount(token)).toBe(0);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.userId).toBe(user.id);
    expect((await myOrders(token)).map((o) => o._id)).toEqual([order._id]);

    // With the cart now empty, a second form order has no lines.
    const second = await placeForm({}, filePart(png), token);
    expect(second.json().data).toMatchObject({ lines: [], totalQuantity: 0, totalPrice: 0 });
  });

  it("takes a sender with a bad token as a visitor", async () => {
    const res = await placeForm({}, filePart(png), "not-a-token");
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, res.json().data._id));
    expect(row?.userId).toBeNull();
  });

  it("removes the file and keeps the cart when the order cannot be stored", async () => {
    const { token } = await customer([[charger, 1]]);
    await ctx.database.db.execute(
      sql`alter table orders add constraint test_refuse check (name <> 'Commande impossible')`,
    );
    try {
      const res = await withoutWrites(() => placeForm({ name: "Commande impossible" }, filePart(png), token));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, error: true, message: MSG.serverError, data: null });
    } finally {
      await ctx.database.db.execute(sql`alter table orders drop constraint test_refuse`);
    }
    expect(await cartCount(token)).toBe(1);
  });
});

describe("order references", () => {
  it("are all different over 300 orders", async () => {
    const { token } = await customer([[charger, 1]]);
    const references: string[] = [];
    for (let i = 0; i < 300; i++) {
      // Alternate form orders and cart orders (the cart changes each time, so no twin).
      if (i % 2 === 0) {
        const res = await placeForm({ name: `Client ${i}` }, filePart(PDF, `${i}.pdf`));
        expect(res.statusCode).toBe(201);
        references.push(res.json().data.reference);
      } else {
        const line = (await ctx.call("GET", "/api/view-card-product", { token })).json().data[0];
        await ctx.call("POST", "/api/update-cart-product", {
          token,
          payload: { _id: line._id, quantity: 1 + (i % 97) },
        });
        await ctx.database.db.update(orders).set({ status: "annulée" }).where(eq(orders.channel, "phone"));
        const res = await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "phone" } });
        expect(res.statusCode, res.body).toBe(201);
        references.push(res.json().data.reference);
      }
    }
    expect(new Set(references).size).toBe(300);
    for (const reference of references) expect(reference).toMatch(ORDER_REFERENCE_PATTERN);
  });

  it("are drawn again on a collision, with a fifth character after 4 of them", async () => {
    const { user } = await customer([[watch, 1]]);
    const first = await orderFromCart(
      ctx.database.db,
      user,
      { channel: "whatsapp" },
      { newReference: () => "CMD-7K4Q" },
    );
    expect(first.order.row.reference).toBe("CMD-7K4Q");

    // The next draws collide with CMD-7K4Q; the lines are written once, under the new reference.
    const draws = ["CMD-7K4Q", "CMD-7K4Q", "CMD-9XYZ"];
    const second = await orderFromCart(
      ctx.database.db,
      user,
      { channel: "phone" },
      { newReference: () => draws.shift() ?? "" },
    );
    expect(second.order.row.reference).toBe("CMD-9XYZ");
    expect(second.order.lines).toHaveLength(1);

    const lengths: number[] = [];
    await addToCart(ctx, await tokenFor(ctx, user), galaxy);
    const third = await orderFromCart(
      ctx.database.db,
      user,
      { channel: "phone" },
      {
        newReference: (length) => {
          lengths.push(length);
          return length === 4 ? "CMD-7K4Q" : "CMD-7K4QA";
        },
      },
    );
    expect(third.order.row.reference).toBe("CMD-7K4QA");
    expect(lengths).toEqual([4, 4, 4, 4, 5]);

    const stored = await ctx.database.db
      .select({ reference: orders.reference, lines: count(orderLines.id) })
      .from(orders)
      .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orders.userId, user.id))
      .groupBy(orders.id);
    expect(stored.map((s) => s.reference).sort()).toEqual(["CMD-7K4Q", "CMD-7K4QA", "CMD-9XYZ"]);
    expect(stored.map((s) => s.lines).sort()).toEqual([1, 1, 2]);

    // Reachable by the status page under the stored reference, whichever was drawn.
    const viaForm = await orderFromForm(
      ctx.database.db,
      ctx.app.files,
      null,
      { name: "Awa", number: "+237677000111", text: "Yaoundé", message: "" },
      { bytes: PDF, name: "a.pdf", mime: "application/pdf", ext: "pdf" },
      { newReference: (length) => (length === 4 ? "CMD-9XYZ" : "CMD-9XYZ2") },
    );
    expect(viaForm.order.row.reference).toBe("CMD-9XYZ2");
    const found = await ctx.call("POST", "/api/order-status", {
      payload: { reference: "cmd-9xyz2", phone: "677000111" },
    });
    expect(found.statusCode).toBe(200);
  });

  it("give up after 8 collisions, leaving no order, no line, no file and the cart as it was", async () => {
    const { user, token } = await customer([[galaxy, 1]]);
    const before = { orders: await orderCount(), files: storedFiles().length };
    await expect(
      orderFromCart(ctx.database.db, user, { channel: "whatsapp" }, { newReference: () => "CMD-7K4Q" }),
    ).rejects.toThrow(/no free order reference/);
    await expect(
      orderFromForm(
        ctx.database.db,
        ctx.app.files,
        user,
        { name: "Awa", number: "+237677000111", text: "Yaoundé", message: "" },
        { bytes: PDF, name: "a.pdf", mime: "application/pdf", ext: "pdf" },
        { newReference: () => "CMD-7K4Q" },
      ),
    ).rejects.toThrow(/no free order reference/);
    expect(await orderCount()).toBe(before.orders);
    expect(storedFiles()).toHaveLength(before.files);
    expect(await cartCount(token)).toBe(1);
  });
});

describe("POST /api/order-status", () => {
  let placed: Order;
  beforeAll(async () => {
    placed = (await placeForm({ number: "+237 6 99 88 77 66" })).json().data;
  });

  const ask = (body: object, app = ctx.app, remoteAddress?: string) =>
    ctx.call("POST", "/api/order-status", { app, payload: body, remoteAddress });

  it("answers the order when the reference and the phone both match", async () => {
    const res = await ask({ reference: placed.reference, phone: "+237699887766" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, error: false, message: MSG.orderFound, data: placed });
  });

  it.each([
    ["the national form", (r: string) => ({ reference: r, phone: "699 88 77 66" })],
    ["00237 and dots", (r: string) => ({ reference: r, phone: "00237.699.88.77.66" })],
    [
      "a lower-case reference with spaces",
      (r: string) => ({ reference: ` ${r.toLowerCase().replace("-", "- ")} `, phone: "699887766" }),
    ],
  ])("accepts %s", async (_label, body) => {
    const res = await ask(body(placed.reference));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data._id).toBe(placed._id);
  });

  it("answers the same 404 for a wrong phone and for an unknown reference", async () => {
    const wrongPhone = await ask({ reference: placed.reference, phone: "699887767" });
    const unknown = await ask({
      reference: placed.reference === "CMD-2222" ? "CMD-3333" : "CMD-2222",
      phone: "699887766",
    });
    for (const res of [wrongPhone, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: true, message: MSG.orderNotFound, data: null });
    }
    expect(wrongPhone.body).toBe(unknown.body);
  });

  it("never finds a cart order, which has no phone", async () => {
    const { token } = await customer([[watch, 1]]);
    const fromCart = (
      await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } })
    ).json().data;
    const res = await ask({ reference: fromCart.reference, phone: "699887766" });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ["reference", { reference: "7K4Q", phone: "699887766" }, FIELD_MSG.referenceInvalid],
    ["reference", { reference: "CMD-0000", phone: "699887766" }, FIELD_MSG.referenceInvalid],
    ["reference", { phone: "699887766" }, FIELD_MSG.referenceInvalid],
    ["phone", { reference: "CMD-7K4Q" }, FIELD_MSG.phoneRequired],
    ["phone", { reference: "CMD-7K4Q", phone: "12" }, FIELD_MSG.phoneInvalid],
  ])("refuses a wrong %s with 400 in French", async (field, body, message) => {
    expectIssue(await ask(body), `body.${field}`, message);
  });

  describe("rate limit", () => {
    const limited = useTestApp({ env: { ORDER_STATUS_RATE_LIMIT_MAX: "3" } });

    it("answers the 4th look-up from one address with 429, and still hears others", async () => {
      for (let i = 0; i < 3; i++) {
        expect((await ask({ reference: "CMD-2345", phone: "699887766" }, limited.app, "10.0.0.7")).statusCode).toBe(
          404,
        );
      }
      const fourth = await ask({ reference: "CMD-2345", phone: "699887766" }, limited.app, "10.0.0.7");
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ success: false, error: true, message: MSG.tooManyRequests, data: null });
      expect((await ask({ reference: "CMD-2345", phone: "699887766" }, limited.app, "10.0.0.8")).statusCode).toBe(404);
    });
  });
});

describe("GET /api/my-orders", () => {
  it("needs a signed-in customer", async () => {
    expect((await ctx.call("GET", "/api/my-orders")).statusCode).toBe(401);
  });

  it("lists only the customer's own orders, newest first, with their lines", async () => {
    const { token } = await customer([[galaxy, 1]]);
    expect(await myOrders(token)).toEqual([]);
    const first = (await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } })).json()
      .data;
    const second = (await placeForm({}, filePart(png), token)).json().data;
    const { token: someoneElse } = await customer([[watch, 1]]);
    await ctx.call("POST", "/api/orders/from-cart", { token: someoneElse, payload: { channel: "whatsapp" } });

    const mine = await myOrders(token);
    expect(mine.map((o) => o._id)).toEqual([second._id, first._id]);
    expect(mine[1]).toEqual(first);
    expect(mine[0]?.lines).toHaveLength(1);
  });
});

describe("GET /api/orders/:reference/file", () => {
  let placed: Order;
  let storedName: string;
  beforeAll(async () => {
    const res = await placeForm({}, filePart(PDF, "reçu Orange Money (mai).pdf", "application/pdf"));
    placed = res.json().data;
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed._id));
    storedName = row?.filePath ?? "";
  });

  const fetchFile = (token: string | null, reference = placed.reference) =>
    ctx.call("GET", `/api/orders/${reference}/file`, { token });

  it("is refused to visitors (401) and to customers (403)", async () => {
    const anonymous = await fetchFile(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG.authRequired);
    const general = await fetchFile(ctx.actors.general);
    expect(general.statusCode).toBe(403);
    expect(general.json().message).toBe(MSG.forbidden);
    expect(general.body).not.toContain("%PDF");
  });

  it.each(["admin", "superAdmin"] as const)(
    "is sent to an %s privately, byte for byte, to read in the tab",
    async (who) => {
      const res = await fetchFile(ctx.actors[who]);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-length"]).toBe(String(PDF.length));
      expect(res.headers["content-disposition"]).toBe(
        `inline; filename="recu Orange Money (mai).pdf"; filename*=UTF-8''re%C3%A7u%20Orange%20Money%20%28mai%29.pdf`,
      );
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      // A customer's file stays on the shop's own site, and renders nothing active (decision 023).
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-site");
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    },
  );

  it("takes the reference as a customer reads it", async () => {
    const res = await fetchFile(ctx.actors.admin, placed.reference.toLowerCase());
    expect(res.statusCode).toBe(200);
  });

  it("answers 404 for an unknown order, an order without file and a file gone from the disk", async () => {
    expect((await fetchFile(ctx.actors.admin, "CMD-ZZZZZ")).statusCode).toBe(404);
    const { token } = await customer([[charger, 1]]);
    const fromCart = (await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "phone" } })).json()
      .data;
    const noFile = await fetchFile(ctx.actors.admin, fromCart.reference);
    expect(noFile.statusCode).toBe(404);
    expect(noFile.json().message).toBe(MSG.orderFileNotFound);

    const other = (await placeForm({}, filePart(png))).json().data;
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, other._id));
    await rm(path.join(path.join(ctx.config.dataDir, "order-files"), row?.filePath ?? "x"));
    expect((await fetchFile(ctx.actors.admin, other.reference)).statusCode).toBe(404);
  });

  it("is never served under /uploads, whatever the guess", async () => {
    expect(storedName).toMatch(/\.pdf$/);
    for (const url of [
      `/uploads/order-files/${storedName}`,
      `/uploads/${storedName}`,
      `/uploads/../order-files/${storedName}`,
      `/uploads/%2e%2e/order-files/${storedName}`,
      `/uploads/..%2forder-files/${storedName}`,
      `/uploads/%2e%2e%2forder-files%2f${storedName}`,
      `/order-files/${storedName}`,
      `/api/order-files/${storedName}`,
    ]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain("%PDF");
    }
  });
});

describe("rate limit of the order form", () => {
  const limited = useTestApp({ env: { ORDER_RATE_LIMIT_MAX: "2" } });

  it("refuses the 3rd order from one address with 429, storing nothing, and still hears others", async () => {
    const parts = () => [...formFields(), filePart(png)];
    for (let i = 0; i < 2; i++) {
      expect((await postForm(parts(), { app: limited.app, ip: "10.0.0.1" })).statusCode).toBe(201);
    }
    const third = await postForm(parts(), { app: limited.app, ip: "10.0.0.1" });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ success: false, error: true, message: MSG.tooManyRequests, data: null });
    expect(storedFiles(limited)).toHaveLength(2);
    expect((await postForm(parts(), { app: limited.app, ip: "10.0.0.2" })).statusCode).toBe(201);
    const [row] = await limited.database.db.select({ n: count() }).from(orders);
    expect(row?.n).toBe(3);
  });
});

describe("OpenAPI", () => {
  it("describes every order route", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const [url, method] of [
      ["/api/orders/from-cart", "post"],
      ["/api/orders", "post"],
      ["/api/order-status", "post"],
      ["/api/my-orders", "get"],
      ["/api/orders/{reference}/file", "get"],
    ]) {
      expect(doc.paths[url as string]?.[method as string]?.tags, url).toEqual(["orders"]);
    }
    expect(doc.paths["/api/orders"].post.description).toMatch(/multipart.*name, number, text, message.*file/);
  });
});

describe("the cart is left alone by cart orders", () => {
  it("keeps every line after WhatsApp and phone orders", async () => {
    const { user, token } = await customer([
      [galaxy, 1],
      [watch, 1],
    ]);
    await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    await ctx.call("POST", "/api/orders/from-cart", { token, payload: { channel: "phone" } });
    const lines = await ctx.database.db.select().from(cartLines).where(eq(cartLines.userId, user.id));
    expect(lines).toHaveLength(2);
  });
});
