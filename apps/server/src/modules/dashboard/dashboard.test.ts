import { MSG, ORDER_REFERENCE_ALPHABET, type OrderStatus } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, orders } from "../../db/schema.ts";
import { type Actors, bearer, createActors, createTestApp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let actors: Actors;

const call = (method: "GET" | "POST", url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

let serial = 0;
/** A valid reference that no other order of this file has. */
function nextReference(): string {
  let n = serial++;
  let code = "";
  for (let i = 0; i < 4; i++) {
    code += ORDER_REFERENCE_ALPHABET[n % ORDER_REFERENCE_ALPHABET.length];
    n = Math.floor(n / ORDER_REFERENCE_ALPHABET.length);
  }
  return `CMD-${code}`;
}

async function insertOrder(values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(orders)
    .values({ reference: nextReference(), channel: "form", name: "Client", phone: "+237600000000", ...values })
    .returning();
  if (!row) throw new Error("no order");
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  actors = await createActors(ctx);
});
afterAll(() => ctx.close());

describe("GET /api/admin/badges", () => {
  const badges = async (token = actors.admin) => {
    const res = await call("GET", "/api/admin/badges", token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.badgesReady);
    return res.json().data;
  };

  it("counts the orders still new and the unread messages", async () => {
    expect(await badges()).toEqual({ newOrders: 0, unreadMessages: 0 });
    const statuses: OrderStatus[] = ["nouvelle", "nouvelle", "confirmée", "payée", "livrée", "annulée", "nouvelle"];
    const placed = [];
    for (const status of statuses) placed.push(await insertOrder({ status }));
    const [read, unread] = await ctx.database.db
      .insert(contactMessages)
      .values(
        [new Date(), null, null].map((readAt) => ({ name: "A", email: "a@b.cm", subject: "S", message: "M", readAt })),
      )
      .returning();
    expect(await badges(actors.superAdmin)).toEqual({ newOrders: 3, unreadMessages: 2 });

    // Following what admins do: a confirmed order and a message read leave the counts.
    const confirmed = await call("POST", `/api/admin/orders/${placed[0]!.reference}/status`, actors.admin, {
      status: "confirmée",
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(
      (await call("POST", `/api/admin/messages/${unread!.id}/read`, actors.admin, { read: true })).statusCode,
    ).toBe(200);
    expect((await call("POST", `/api/admin/messages/${read!.id}/read`, actors.admin, { read: false })).statusCode).toBe(
      200,
    );
    expect(await badges()).toEqual({ newOrders: 2, unreadMessages: 2 });
  });

  it("is for ADMIN and SUPERADMIN only", async () => {
    expect((await call("GET", "/api/admin/badges", actors.general)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/badges", null)).statusCode).toBe(401);
  });
});
