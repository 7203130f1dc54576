import { FIELD_MSG, MSG } from "@shop/shared";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema/auth.ts";
import { createUser, TEST_PASSWORD, tokenFor, uploadProduct, useTestApp } from "../test/harness.ts";

/**
 * The storefront's buttons as HTML forms (decision 027, "The first tap"): what a customer taps
 * before the page's scripts have started, or without them, is posted to the page's actions,
 * which make the same API calls, then lead back to a page saying what the toast would have
 * said (a one-time `flash` cookie). Through the real app, the storefront rendered by Vite's
 * development server with the page cache on, on the real database.
 */
describe("forms posted before the scripts run", () => {
  const ctx = useTestApp({ actors: true, peer: "storefront" });
  let productId: string;
  let otherId: string;

  beforeAll(async () => {
    productId = (await uploadProduct(ctx, ctx.actors.admin, { productName: "Pixel 8" })).json().data._id;
    otherId = (await uploadProduct(ctx, ctx.actors.admin, { productName: "Galaxy A15" })).json().data._id;
  });

  /** A form posted to the storefront, with the cookies the browser holds ("a=1; b=2"). */
  const post = (url: string, fields: Record<string, string>, cookie?: string) =>
    ctx.call("POST", url, { app: ctx.peerApp, form: fields, headers: cookie ? { cookie } : {} });
  const get = (url: string, cookie?: string) =>
    ctx.call("GET", url, { app: ctx.peerApp, headers: cookie ? { cookie } : {} });

  /** The cookies an answer sets, as a browser would send them back ("a=1; b=2"), cleared ones left out. */
  function cookiesOf(res: LightMyRequestResponse): string {
    const set = res.headers["set-cookie"];
    const all = set === undefined ? [] : Array.isArray(set) ? set : [String(set)];
    return all
      .map((c) => c.split(";", 1)[0] ?? "")
      .filter((pair) => !pair.endsWith("="))
      .join("; ");
  }

  /** Follows a redirect with the cookies it set added to `cookie`: the page the visitor lands on. */
  async function land(res: LightMyRequestResponse, cookie = "", status = 303) {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    const location = String(res.headers.location);
    return { location, page: await get(location, [cookie, cookiesOf(res)].filter(Boolean).join("; ")) };
  }

  async function customer() {
    const token = await tokenFor(ctx, await createUser(ctx, "GENERAL"));
    return { token, cookie: `token=${token}` };
  }
  const cartOf = async (token: string) =>
    (await ctx.call("GET", "/api/view-card-product", { app: ctx.peerApp, token })).json().data as {
      _id: string;
      quantity: number;
    }[];

  it("'Ajouter au panier' of a visitor leads to sign in, with the product to add once in; nothing added", async () => {
    const res = await post("/cart", { intent: "add", productId, back: "/search?q=pixel" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/login?redirectTo=/product/${productId}&add=${productId}`);
  });

  it("signed in, 'Ajouter au panier' adds it and comes back to the page, which says so once and is kept by nobody", async () => {
    const { token, cookie } = await customer();
    const { location, page } = await land(await post("/cart", { intent: "add", productId, back: "/" }, cookie), cookie);
    expect(location).toBe("/");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(MSG.cartAdded);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    // Said once: the page clears the cookie.
    expect(String(page.headers["set-cookie"])).toMatch(/^flash=; Path=\/; Max-Age=0/);
    expect((await cartOf(token)).length).toBe(1);
    // Again: already in the cart, said as information; nothing added twice.
    const again = await land(await post("/cart", { intent: "add", productId, back: "/" }, cookie), cookie);
    expect(again.page.body).toContain(MSG.cartAlready);
    expect((await cartOf(token)).length).toBe(1);
  });

  it("a visitor's message is theirs: the page saying it is neither taken from nor left in the page cache", async () => {
    const warm = await get("/about");
    expect(warm.statusCode).toBe(200);
    const res = await post("/newsletter", { email: "awa@exemple.cm", back: "/about" });
    const { location, page } = await land(res);
    expect(location).toBe("/about");
    expect(page.body).toContain("Merci pour votre abonnement! awa@exemple.cm");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const next = await get("/about");
    expect(next.body).not.toContain("Merci pour votre abonnement!");
    expect(next.headers["cache-control"]).toBe("no-cache");
  });

  it("a refused e-mail is said; an address outside the shop is never where the visitor is sent", async () => {
    const refused = await land(await post("/newsletter", { email: "pas-un-email", back: "https://evil.example/" }));
    expect(refused.location).toBe("/");
    expect(refused.page.body).toContain("Adresse e-mail invalide.");
    const forged = await post("/cart", { intent: "add", productId, back: "//evil.example" }, (await customer()).cookie);
    expect(forged.headers.location).toBe("/");
  });

  it("the cart's + / − and delete change the line and show the cart again", async () => {
    const { token, cookie } = await customer();
    for (const id of [productId, otherId])
      expect(
        (await ctx.call("POST", "/api/addtocart", { app: ctx.peerApp, token, payload: { productId: id } })).statusCode,
      ).toBe(201);
    const [first, second] = await cartOf(token);
    const plus = await post("/cart", { intent: "line", line: first?._id ?? "", quantity: "3" }, cookie);
    expect(plus.statusCode).toBe(303);
    expect(plus.headers.location).toBe("/cart");
    expect((await cartOf(token)).find((l) => l._id === first?._id)?.quantity).toBe(3);
    const removed = await land(
      await post("/cart", { intent: "line", line: second?._id ?? "", remove: "1" }, cookie),
      cookie,
    );
    expect(removed.page.body).toContain(MSG.cartDeleted);
    expect((await cartOf(token)).map((l) => l._id)).toEqual([first?._id]);
    // A quantity the API refuses is said, the line unchanged.
    const refused = await land(
      await post("/cart", { intent: "line", line: first?._id ?? "", quantity: "0" }, cookie),
      cookie,
    );
    expect(refused.page.body).toMatch(/role="alert"[^>]*data-flash="error"/);
    expect((await cartOf(token))[0]?.quantity).toBe(3);
  });

  it("'Commander par téléphone' records the order once per page, and the cart shows its reference", async () => {
    const { token, cookie } = await customer();
    expect(
      (await ctx.call("POST", "/api/addtocart", { app: ctx.peerApp, token, payload: { productId } })).statusCode,
    ).toBe(201);
    const form = { intent: "order", channel: "phone", idempotencyKey: crypto.randomUUID() };
    const first = await post("/cart", form, cookie);
    expect(first.statusCode, first.body.slice(0, 300)).toBe(303);
    const location = String(first.headers.location);
    expect(location).toMatch(/^\/cart\?commande=CMD-\w+$/);
    // Tapped twice: the same order.
    const second = await post("/cart", form, cookie);
    expect(second.headers.location).toBe(location);
    const orders = (await ctx.call("GET", "/api/my-orders", { app: ctx.peerApp, token })).json().data as {
      reference: string;
    }[];
    expect(orders).toHaveLength(1);
    const page = await get(location, cookie);
    expect(page.body).toContain("Référence de votre commande");
    expect(page.body).toContain(orders[0]?.reference);
  });

  it("'Commander sur WhatsApp' records the order, then sends the visitor to WhatsApp with its reference", async () => {
    const { token, cookie } = await customer();
    expect(
      (await ctx.call("POST", "/api/addtocart", { app: ctx.peerApp, token, payload: { productId } })).statusCode,
    ).toBe(201);
    const res = await post(
      "/cart",
      { intent: "order", channel: "whatsapp", idempotencyKey: crypto.randomUUID() },
      cookie,
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
    const [order] = (await ctx.call("GET", "/api/my-orders", { app: ctx.peerApp, token })).json().data as {
      reference: string;
    }[];
    const location = String(res.headers.location);
    expect(location).toMatch(/^https:\/\/wa\.me\/237\d{9}\?text=/);
    expect(decodeURIComponent(location)).toContain(order?.reference);
  });

  it("an order without the delivery the shop asks for is refused beside the field, nothing recorded", async () => {
    const created = await ctx.call("POST", "/api/admin/delivery/options", {
      app: ctx.peerApp,
      token: ctx.actors.admin,
      payload: {
        kind: "pickup",
        name: "Retrait en boutique",
        fee: 0,
        delay: "Dès aujourd'hui",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    try {
      const { token, cookie } = await customer();
      expect(
        (await ctx.call("POST", "/api/addtocart", { app: ctx.peerApp, token, payload: { productId } })).statusCode,
      ).toBe(201);
      const refused = await post("/cart", { intent: "order", channel: "phone", landmark: "Face au marché" }, cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(FIELD_MSG.deliveryOptionRequired);
      // What was typed is given back.
      expect(refused.body).toContain("Face au marché");
      expect((await ctx.call("GET", "/api/my-orders", { app: ctx.peerApp, token })).json().data).toHaveLength(0);
      const chosen = await post(
        "/cart",
        { intent: "order", channel: "phone", deliveryOptionId: created.json().data._id },
        cookie,
      );
      expect(chosen.statusCode, chosen.body.slice(0, 300)).toBe(303);
      expect((await ctx.call("GET", "/api/my-orders", { app: ctx.peerApp, token })).json().data).toHaveLength(1);
    } finally {
      await ctx.call("DELETE", `/api/admin/delivery/options/${created.json().data._id}`, {
        app: ctx.peerApp,
        token: ctx.actors.admin,
      });
    }
  });

  it("signing in with a product to add adds it and says so on the product's page", async () => {
    const user = await createUser(ctx, "GENERAL");
    const res = await post("/login", {
      email: user.email,
      password: TEST_PASSWORD,
      redirectTo: `/product/${productId}`,
      add: productId,
    });
    // The sign-in page's redirect, as it was before (302, which a browser follows with a GET too).
    const { location, page } = await land(res, "", 302);
    expect(location).toBe(`/product/${productId}`);
    expect(page.body).toContain(MSG.cartAdded);
    expect((await cartOf(await tokenFor(ctx, user))).length).toBe(1);
  });

  it("signing in through the form records the visitor's browser and address, for 'Mes appareils'", async () => {
    const user = await createUser(ctx, "GENERAL");
    const userAgent = "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile";
    const res = await ctx.call("POST", "/login", {
      app: ctx.peerApp,
      form: { email: user.email, password: TEST_PASSWORD },
      headers: { "user-agent": userAgent },
      remoteAddress: "41.202.219.77",
    });
    expect(res.statusCode).toBeLessThan(400);
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session).toMatchObject({ userAgent, address: "41.202.219.77" });
  });

  it("'Déconnexion' ends the session, clears its cookie and says so at home", async () => {
    const { token, cookie } = await customer();
    const res = await post("/logout", {}, cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/");
    expect(String(res.headers["set-cookie"])).toMatch(/token=;/);
    const home = await get("/", cookiesOf(res));
    expect(home.body).toContain(MSG.logoutSuccess);
    expect((await ctx.call("GET", "/api/user-details", { app: ctx.peerApp, token })).statusCode).toBe(401);
  });
});
