/**
 * 'Mes appareils' (decision 039) through the real app: each open session of an account with
 * its device, place and dates; 'Déconnecter' one or the others; a SUPERADMIN's look at an
 * admin's sessions, each end in the audit log.
 */
import { MSG } from "@shop/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { sessions } from "../../db/schema/auth.ts";
import { call, createUser, TEST_PASSWORD, useTestApp } from "../../test/harness.ts";
import { deviceName, placeOf } from "./devices.mapper.ts";

const ctx = useTestApp({ actors: true });

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs the user in from a browser and an address; answers the session's token. */
async function signInFrom(email: string, userAgent: string, remoteAddress: string): Promise<string> {
  const res = await ctx.call("POST", "/api/signin", {
    payload: { email, password: TEST_PASSWORD },
    headers: { "user-agent": userAgent },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe("the device and place of a session", () => {
  it("names the browser, the system and the phone from the user agent", () => {
    expect(deviceName(ANDROID)).toBe("Chrome sur Android (Samsung SM-A155F)");
    expect(deviceName(IPHONE)).toBe("Mobile Safari sur iOS (Apple iPhone)");
    expect(deviceName("")).toBe("Appareil inconnu");
    expect(deviceName("curl/8.5.0")).toBe("Appareil inconnu");
  });

  it("says where from the address's class alone, hiding its end", () => {
    expect(placeOf("41.202.219.77")).toBe("Internet (41.202.x.x)");
    expect(placeOf("::ffff:41.202.219.77")).toBe("Internet (41.202.x.x)");
    expect(placeOf("2c0f:f8f0:1234::1")).toBe("Internet (2c0f:f8f0:…)");
    expect(placeOf("192.168.1.20")).toBe("Réseau local");
    expect(placeOf("10.4.0.3")).toBe("Réseau local");
    expect(placeOf("100.72.1.9")).toBe("Données mobiles (adresse partagée de l'opérateur)");
    expect(placeOf("127.0.0.1")).toBe("Ce serveur");
    expect(placeOf(null)).toBe("Lieu inconnu");
    expect(placeOf("pas une adresse")).toBe("Lieu inconnu");
  });
});

describe("'Mes appareils'", () => {
  it("lists my open sessions, the current one marked, and no one else's", async () => {
    const user = await createUser(ctx, "GENERAL");
    const phone = await signInFrom(user.email, ANDROID, "41.202.219.77");
    await signInFrom(user.email, IPHONE, "100.72.1.9");
    const res = await ctx.call("GET", "/api/my-devices", { token: phone });
    expect(res.statusCode, res.body).toBe(200);
    const devices = res.json().data;
    expect(devices).toHaveLength(2);
    const current = devices.find((d: { current: boolean }) => d.current);
    expect(current).toMatchObject({
      device: "Chrome sur Android (Samsung SM-A155F)",
      place: "Internet (41.202.x.x)",
      openedWith: "Mot de passe",
    });
    expect(devices.find((d: { current: boolean }) => !d.current)).toMatchObject({
      device: "Mobile Safari sur iOS (Apple iPhone)",
      place: "Données mobiles (adresse partagée de l'opérateur)",
    });
    expect(Date.parse(current.createdAt)).not.toBeNaN();
    expect(Date.parse(current.lastUsedAt)).not.toBeNaN();
    expect((await ctx.call("GET", "/api/my-devices", { token: null })).statusCode).toBe(401);
  });

  it("ends one session, whose token is refused at once; another's session is not mine to end", async () => {
    const user = await createUser(ctx, "GENERAL");
    const phone = await signInFrom(user.email, ANDROID, "41.202.219.77");
    const laptop = await signInFrom(user.email, IPHONE, "41.202.219.78");
    const other = (await ctx.call("GET", "/api/my-devices", { token: phone }))
      .json()
      .data.find((d: { current: boolean }) => !d.current);
    const stranger = await createUser(ctx, "GENERAL");
    const strangerToken = await signInFrom(stranger.email, ANDROID, "41.202.1.1");
    const refused = await ctx.call("POST", `/api/my-devices/${other._id}/end`, { token: strangerToken });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MSG.deviceNotFound);

    const ended = await ctx.call("POST", `/api/my-devices/${other._id}/end`, { token: phone });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().message).toBe(MSG.deviceEnded);
    expect((await ctx.call("GET", "/api/user-details", { token: laptop })).statusCode).toBe(401);
    expect((await ctx.call("GET", "/api/user-details", { token: phone })).statusCode).toBe(200);
  });

  it("ends my own session with its cookie, and every other one at once", async () => {
    const user = await createUser(ctx, "GENERAL");
    const a = await signInFrom(user.email, ANDROID, "41.202.219.1");
    const b = await signInFrom(user.email, IPHONE, "41.202.219.2");
    const c = await signInFrom(user.email, ANDROID, "41.202.219.3");
    const others = await ctx.call("POST", "/api/my-devices/end-others", { token: a });
    expect(others.json()).toMatchObject({ success: true, data: { ended: 2 }, message: MSG.devicesEnded });
    for (const token of [b, c]) expect((await ctx.call("GET", "/api/user-details", { token })).statusCode).toBe(401);

    const [mine] = (await ctx.call("GET", "/api/my-devices", { token: a })).json().data;
    const self = await ctx.call("POST", `/api/my-devices/${mine._id}/end`, { token: a, tokenIn: "cookie" });
    expect(self.statusCode).toBe(200);
    expect(String(self.headers["set-cookie"])).toMatch(/^token=;/);
    expect((await ctx.call("GET", "/api/user-details", { token: a })).statusCode).toBe(401);
  });

  it("writes a session's last use at most every few minutes, not at each request", async () => {
    const user = await createUser(ctx, "GENERAL");
    const token = await signInFrom(user.email, ANDROID, "41.202.219.1");
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const anHourAgo = () =>
      ctx.database.db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - interval '1 hour'` })
        .where(eq(sessions.id, session!.id));
    const lastUse = async () =>
      (await ctx.database.db.select().from(sessions).where(eq(sessions.id, session!.id)))[0]!.lastUsedAt;
    // Last seen an hour ago, by a server that has not written it since it started: it does.
    await anHourAgo();
    const peer = await ctx.peer();
    try {
      await call(peer.app, "GET", "/api/user-details", { token });
      expect(Date.now() - (await lastUse()).getTime()).toBeLessThan(60_000);
      // The same server, a moment later: no write (the row keeps what it is set to here).
      await anHourAgo();
      await call(peer.app, "GET", "/api/user-details", { token });
      expect(Date.now() - (await lastUse()).getTime()).toBeGreaterThan(59 * 60_000);
    } finally {
      await peer.close();
    }
  });
});

describe("an admin's devices, for a SUPERADMIN", () => {
  it("are listed and ended by a SUPERADMIN only, each end in the audit log", async () => {
    const admin = await createUser(ctx, "ADMIN");
    const token = await signInFrom(admin.email, ANDROID, "41.202.219.9");
    await signInFrom(admin.email, IPHONE, "41.202.219.10");
    const url = `/api/admin/users/${admin.id}/devices`;

    for (const other of [ctx.actors.admin, ctx.actors.otherAdmin]) {
      const res = await ctx.call("GET", url, { token: other });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.devicesStaffOnly);
    }
    const listed = await ctx.call("GET", url, { token: ctx.actors.superAdmin });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toHaveLength(2);
    expect(listed.json().data.every((d: { current: boolean }) => !d.current)).toBe(true);

    const one = listed.json().data[0]._id;
    expect((await ctx.call("POST", `${url}/${one}/end`, { token: ctx.actors.superAdmin })).statusCode).toBe(200);
    const all = await ctx.call("POST", `${url}/end-all`, { token: ctx.actors.superAdmin });
    expect(all.json().data).toEqual({ ended: 1 });
    expect((await ctx.call("GET", "/api/user-details", { token })).statusCode).toBe(401);
    const again = await ctx.call("POST", `${url}/${one}/end`, { token: ctx.actors.superAdmin });
    expect(again.statusCode).toBe(404);

    const lines = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, admin.id), eq(auditLog.action, "sessions-ended")));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ actorId: ctx.superAdmin.id, after: { sessions: [one] } });
  });

  it("are not a customer's: a SUPERADMIN sees admins' sessions here, not customers'", async () => {
    const res = await ctx.call("GET", `/api/admin/users/${ctx.actors.generalUser.id}/devices`, {
      token: ctx.actors.superAdmin,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.devicesOfStaffOnly);
  });
});
