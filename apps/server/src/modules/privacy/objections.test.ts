/**
 * Objection to promotions and reminders (decision 043) through the real app: said from 'Mes
 * données' or from a message's one-tap link, honoured by the 'Prévenez-moi' list (the only
 * reminder the shop sends today) and by `mayPromote`, kept after the account's erasure, lifted
 * by the person alone.
 */
import { MSG } from "@shop/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promotionObjections } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";
import { createUser, productWithStock, tokenFor, useTestApp } from "../../test/harness.ts";
import { mayPromote, objectionKeys } from "./objections.service.ts";

const ctx = useTestApp({ actors: true, env: { PUBLIC_URL: "https://boutique.example.cm" } });
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);
const keys = () => objectionKeys(ctx.config.token.secret, ctx.config.publicUrl);

let n = 0;
/** A customer whose number waits for a sold-out variant, now back in stock. */
async function waitingCustomer() {
  const i = ++n;
  const phone = `65544${String(2000 + i).padStart(4, "0")}`;
  const user = await createUser(ctx, "GENERAL", `objection-${i}`);
  const token = await tokenFor(ctx, user);
  const form = await ctx.call("POST", "/api/orders", {
    token,
    multipart: [
      { name: "name", value: `Cliente ${i}` },
      { name: "number", value: phone },
      { name: "text", value: "Yaoundé, Mvog-Ada" },
      { name: "file", filename: "liste.png", type: "image/png", bytes: png },
    ],
  });
  expect(form.statusCode, form.body).toBe(201);
  const product = await productWithStock(ctx, ctx.actors.superAdmin, `Galaxy rappel ${i}`, 0);
  const asked = await ctx.call("POST", "/api/stock-alerts", { payload: { variantId: product.variantId, phone } });
  expect(asked.statusCode, asked.body).toBeLessThan(300);
  // Back in stock: the alert is now in the back-office's list.
  const restocked = await ctx.call("POST", "/api/admin/stock/adjust", {
    token: ctx.actors.superAdmin,
    payload: { variantId: product.variantId, delta: 3, note: "réception" },
  });
  expect(restocked.statusCode, restocked.body).toBe(200);
  return { user, token, phone: `+237${phone}`, product, reference: form.json().data.reference as string };
}

const alertsList = async () => {
  const res = await ctx.call("GET", "/api/admin/stock/alerts", { token: ctx.actors.superAdmin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { phone: string; stopPromotionsUrl?: string }[];
};

describe("objection to promotions and reminders", () => {
  it("from 'Mes données': the number leaves the reminders' list; resumed, it comes back", async () => {
    const c = await waitingCustomer();
    const mine = (await alertsList()).find((a) => a.phone === c.phone);
    expect(mine?.stopPromotionsUrl).toMatch(/^https:\/\/boutique\.example\.cm\/stop-promotions\?token=[\w-]{59}$/);
    // The message the back-office sends carries it (restockWhatsappMessage, shared).
    expect((await ctx.call("GET", "/api/my-data", { token: c.token })).json().data.promotions).toEqual({
      objected: false,
      since: null,
    });

    const stop = await ctx.call("POST", "/api/my-promotions", { token: c.token, payload: { receive: false } });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().message).toBe(MSG.promotionsStopped);
    expect(stop.json().data.objected).toBe(true);
    expect((await alertsList()).map((a) => a.phone)).not.toContain(c.phone);
    expect(await mayPromote(ctx.database.db, keys(), c.phone)).toBe(false);
    expect(await mayPromote(ctx.database.db, keys(), c.user.email.toUpperCase())).toBe(false);
    expect((await ctx.call("GET", "/api/my-data", { token: c.token })).json().data.promotions.objected).toBe(true);

    const resume = await ctx.call("POST", "/api/my-promotions", { token: c.token, payload: { receive: true } });
    expect(resume.json()).toMatchObject({ message: MSG.promotionsResumed, data: { objected: false, since: null } });
    expect((await alertsList()).map((a) => a.phone)).toContain(c.phone);

    const anonymous = await ctx.call("POST", "/api/my-promotions", { payload: { receive: false } });
    expect(anonymous.statusCode).toBe(401);
    const bad = await ctx.call("POST", "/api/my-promotions", { token: c.token, payload: { receive: "non" } });
    expect(bad.statusCode).toBe(400);
  });

  it("from the message's link, in one tap, without an account; a made-up token is refused", async () => {
    const c = await waitingCustomer();
    const url = (await alertsList()).find((a) => a.phone === c.phone)!.stopPromotionsUrl!;
    const token = new URL(url).searchParams.get("token")!;
    const res = await ctx.call("POST", "/api/stop-promotions", { payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.promotionsStopped);
    expect((await alertsList()).map((a) => a.phone)).not.toContain(c.phone);
    // Tapped twice: still stopped, one row.
    expect((await ctx.call("POST", "/api/stop-promotions", { payload: { token } })).statusCode).toBe(200);

    for (const forged of [`${token.slice(0, 43)}${"A".repeat(16)}`, "a".repeat(59), "court"]) {
      const refused = await ctx.call("POST", "/api/stop-promotions", { payload: { token: forged } });
      expect(refused.statusCode, forged).toBe(400);
      expect(refused.json().message).toBe("Ce lien n'est pas valable : ouvrez-le tel qu'il est dans notre message.");
    }
    // The table keeps hashes, never the number.
    const rows = await ctx.database.db.select().from(promotionObjections);
    expect(JSON.stringify(rows)).not.toContain(c.phone.slice(4));
  });

  it("a 'Prévenez-moi' asked after the stop is a new wish: listed", async () => {
    const c = await waitingCustomer();
    await ctx.call("POST", "/api/my-promotions", { token: c.token, payload: { receive: false } });
    const again = await productWithStock(ctx, ctx.actors.superAdmin, "Pixel après l'arrêt", 0);
    await ctx.call("POST", "/api/stock-alerts", { payload: { variantId: again.variantId, phone: c.phone } });
    await ctx.call("POST", "/api/admin/stock/adjust", {
      token: ctx.actors.superAdmin,
      payload: { variantId: again.variantId, delta: 1, note: "réception" },
    });
    const listed = (await alertsList()).filter((a) => a.phone === c.phone);
    expect(listed).toHaveLength(1);
  });

  it("outlives the account's erasure: a new account with the same number is still not sent promotions", async () => {
    const c = await waitingCustomer();
    await ctx.call("POST", "/api/my-promotions", { token: c.token, payload: { receive: false } });
    const closed = await ctx.call("POST", `/api/admin/orders/${c.reference}/status`, {
      token: ctx.actors.admin,
      payload: { status: "annulée" },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const { TEST_PASSWORD } = await import("../../test/harness.ts");
    const erased = await ctx.call("POST", "/api/delete-my-account", {
      token: c.token,
      payload: { password: TEST_PASSWORD },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, c.user.id))).toEqual([]);
    expect(await mayPromote(ctx.database.db, keys(), c.phone)).toBe(false);
    expect(await mayPromote(ctx.database.db, keys(), c.user.email)).toBe(false);
  });
});

describe("without PUBLIC_URL", () => {
  const bare = useTestApp({ actors: true });
  it("the link a message carries is still absolute, under the address the shop was reached at", async () => {
    const product = await productWithStock(bare, bare.actors.superAdmin, "Montre sans adresse", 0);
    await bare.call("POST", "/api/stock-alerts", { payload: { variantId: product.variantId, phone: "699001122" } });
    await bare.call("POST", "/api/admin/stock/adjust", {
      token: bare.actors.superAdmin,
      payload: { variantId: product.variantId, delta: 1, note: "réception" },
    });
    const res = await bare.call("GET", "/api/admin/stock/alerts", { token: bare.actors.superAdmin });
    const alert = (res.json().data as { phone: string; stopPromotionsUrl: string }[]).find(
      (a) => a.phone === "+237699001122",
    );
    expect(alert?.stopPromotionsUrl).toMatch(/^http:\/\/localhost(:\d+)?\/stop-promotions\?token=[\w-]{59}$/);
  });
});
