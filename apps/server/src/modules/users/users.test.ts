import { randomUUID } from "node:crypto";
import { FIELD_MSG, MSG, type Role, updateUserInput } from "@shop/shared";
import { and, eq, notInArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type UserRow, users } from "../../db/schema/users.ts";
import { AppError } from "../../lib/errors.ts";
import { type Actors, createUser, type TestContext, tokenFor, userById, useTestApp } from "../../test/harness.ts";
import { changeRole } from "./users.service.ts";

type Response = Awaited<ReturnType<TestContext["app"]["inject"]>>;
type Actor = keyof Pick<Actors, "anonymous" | "general" | "admin" | "superAdmin">;

const ctx = useTestApp({ actors: true });

const listUsers = (token: string | null, app = ctx) => app.call("GET", "/api/all-user", { token });
const updateUser = (token: string | null, payload: object, app = ctx) =>
  app.call("POST", "/api/update-user", { token, payload });

function expectFailure(res: Response, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error: true, message, data: null });
}

const roleOf = async (id: string, app = ctx) => (await userById(app, id))?.role;

const setRole = (app: TestContext, id: string, role: Role) =>
  app.database.db.update(users).set({ role }).where(eq(users.id, id));

async function superAdminIds(app: TestContext): Promise<string[]> {
  const rows = await app.database.db.select({ id: users.id }).from(users).where(eq(users.role, "SUPERADMIN"));
  return rows.map((r) => r.id).sort();
}

/** What the service function throws, as status and message, to compare with the HTTP answers. */
async function serviceFailure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.statusCode, message: error.message };
}

describe("GET /api/all-user", () => {
  it.each([
    ["anonymous", 401, MSG.authRequired],
    ["general", 403, MSG.forbidden],
  ] as const)("refuses %s with %i", async (actor: Actor, status, message) => {
    expectFailure(await listUsers(ctx.actors[actor]), status, message);
  });

  it.each(["admin", "superAdmin"] as const)("lists every user, without any secret, to %s", async (actor: Actor) => {
    const res = await listUsers(ctx.actors[actor]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, error: false, message: MSG.usersListed });
    const rows = await ctx.database.db.select({ id: users.id }).from(users);
    const listed = res.json().data as { _id: string }[];
    expect(listed.map((u) => u._id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(listed.find((u) => u._id === ctx.superAdmin.id)).toMatchObject({ role: "SUPERADMIN" });
    expect(res.body).not.toMatch(/password/i);
    expect(res.body).not.toMatch(/\$argon2/);
  });
});

describe("POST /api/update-user", () => {
  it.each([
    ["anonymous", 401, MSG.authRequired],
    ["general", 403, MSG.forbidden],
    // ADMIN passes the back-office gate but only a SUPERADMIN changes roles.
    ["admin", 403, MSG.rolesSuperAdminOnly],
  ] as const)("refuses %s with %i and changes nothing", async (actor: Actor, status, message) => {
    const target = await createUser(ctx, "GENERAL");
    expectFailure(await updateUser(ctx.actors[actor], { userId: target.id, role: "ADMIN" }), status, message);
    expect(await roleOf(target.id)).toBe("GENERAL");
  });

  it("refuses users who try to promote themselves", async () => {
    const { generalUser, adminUser } = ctx.actors;
    expectFailure(
      await updateUser(ctx.actors.general, { userId: generalUser.id, role: "SUPERADMIN" }),
      403,
      MSG.forbidden,
    );
    expectFailure(
      await updateUser(ctx.actors.admin, { userId: adminUser.id, role: "SUPERADMIN" }),
      403,
      MSG.rolesSuperAdminOnly,
    );
    expect(await roleOf(generalUser.id)).toBe("GENERAL");
    expect(await roleOf(adminUser.id)).toBe("ADMIN");
  });

  it("lets a SUPERADMIN promote a GENERAL user to ADMIN", async () => {
    const target = await createUser(ctx, "GENERAL");
    const targetToken = await tokenFor(ctx, target);
    const res = await updateUser(ctx.actors.superAdmin, { userId: target.id, role: "ADMIN" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      error: false,
      message: MSG.userUpdated,
      data: { _id: target.id, role: "ADMIN" },
    });
    expect(res.body).not.toMatch(/password|\$argon2/i);
    expect(await roleOf(target.id)).toBe("ADMIN");
    // The promoted user's session from before is over (decision 021); signing in again opens the back-office.
    expectFailure(await listUsers(targetToken), 401, MSG.authInvalid);
    expect((await listUsers(await tokenFor(ctx, target))).statusCode).toBe(200);
  });

  it("refuses an ADMIN demoting the SUPERADMIN", async () => {
    const res = await updateUser(ctx.actors.admin, { userId: ctx.superAdmin.id, role: "GENERAL" });
    expectFailure(res, 403, MSG.rolesSuperAdminOnly);
    expect(await roleOf(ctx.superAdmin.id)).toBe("SUPERADMIN");
  });

  it("lets a SUPERADMIN name another SUPERADMIN and demote them again", async () => {
    const target = await createUser(ctx, "GENERAL");
    expect((await updateUser(ctx.actors.superAdmin, { userId: target.id, role: "SUPERADMIN" })).statusCode).toBe(200);
    expect(await roleOf(target.id)).toBe("SUPERADMIN");
    expect((await updateUser(ctx.actors.superAdmin, { userId: target.id, role: "GENERAL" })).statusCode).toBe(200);
    expect(await roleOf(target.id)).toBe("GENERAL");
  });

  it("refuses a SUPERADMIN changing their own role", async () => {
    const res = await updateUser(ctx.actors.superAdmin, { userId: ctx.superAdmin.id, role: "GENERAL" });
    expectFailure(res, 403, MSG.ownRole);
    expect(await roleOf(ctx.superAdmin.id)).toBe("SUPERADMIN");
  });

  it("answers 404 for a well-formed id that names nobody", async () => {
    expectFailure(
      await updateUser(ctx.actors.superAdmin, { userId: randomUUID(), role: "ADMIN" }),
      404,
      MSG.userNotFound,
    );
  });

  it.each([
    ["a malformed userId", { userId: "42", role: "ADMIN" }, FIELD_MSG.idInvalid, "body.userId"],
    ["an unknown role", { role: "ROOT" }, FIELD_MSG.roleInvalid, "body.role"],
    ["a lower-case role", { role: "admin" }, FIELD_MSG.roleInvalid, "body.role"],
  ])("refuses %s with 400 and changes nothing", async (_case, body, message, path) => {
    const target = await createUser(ctx, "GENERAL");
    const res = await updateUser(ctx.actors.superAdmin, { userId: target.id, ...body });
    expectFailure(res, 400, message);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await roleOf(target.id)).toBe("GENERAL");
  });

  it("refuses an extra field with the contract's message and changes nothing", async () => {
    const target = await createUser(ctx, "GENERAL");
    const body = { userId: target.id, role: "ADMIN", name: "Nouveau nom" };
    const expected = updateUserInput.safeParse(body).error?.issues[0]?.message;
    expect(expected).toBeDefined();
    expectFailure(await updateUser(ctx.actors.superAdmin, body), 400, expected!);
    expect(await userById(ctx, target.id)).toMatchObject({ role: "GENERAL", name: target.name });
  });
});

/**
 * The "last SUPERADMIN" rule needs a database whose only SUPERADMINs are the ones the test
 * controls, so it gets its own app.
 */
describe("the last SUPERADMIN", () => {
  const solo = useTestApp();
  let first: UserRow;
  let second: UserRow;
  beforeAll(async () => {
    first = solo.superAdmin;
    second = await createUser(solo, "SUPERADMIN");
  });

  /** Back to exactly two SUPERADMINs, whatever the previous test did. */
  async function twoSuperAdmins() {
    await solo.database.db
      .update(users)
      .set({ role: "GENERAL" })
      .where(and(eq(users.role, "SUPERADMIN"), notInArray(users.id, [first.id, second.id])));
    await setRole(solo, first.id, "SUPERADMIN");
    await setRole(solo, second.id, "SUPERADMIN");
    return Promise.all([tokenFor(solo, first), tokenFor(solo, second)]);
  }

  it("cannot be removed through HTTP: once alone, nobody left can demote them", async () => {
    const [firstToken, secondToken] = await twoSuperAdmins();
    expect((await updateUser(secondToken, { userId: first.id, role: "ADMIN" }, solo)).statusCode).toBe(200);
    // The demoted one's session is over; signed in again as an ADMIN, they are refused too, and
    // the last SUPERADMIN cannot demote themself.
    expectFailure(await updateUser(firstToken, { userId: second.id, role: "GENERAL" }, solo), 401, MSG.authInvalid);
    expectFailure(
      await updateUser(await tokenFor(solo, first), { userId: second.id, role: "GENERAL" }, solo),
      403,
      MSG.rolesSuperAdminOnly,
    );
    expectFailure(await updateUser(secondToken, { userId: second.id, role: "GENERAL" }, solo), 403, MSG.ownRole);
    expect(await superAdminIds(solo)).toEqual([second.id]);
  });

  it("is protected by changeRole itself, even for an actor read before being demoted", async () => {
    await twoSuperAdmins();
    await setRole(solo, first.id, "ADMIN");
    // `first` as loaded before the demotion: the situation of a request already authenticated.
    const stale = { ...first, role: "SUPERADMIN" as const };
    expect(
      await serviceFailure(
        changeRole(solo.database.db, { user: stale, sessionId: null, address: null }, second.id, "GENERAL"),
      ),
    ).toEqual({
      status: 409,
      message: MSG.lastSuperAdmin,
    });
    expect(await superAdminIds(solo)).toEqual([second.id]);
  });

  it("is not something a demoted actor can work around by naming a new SUPERADMIN", async () => {
    await twoSuperAdmins();
    const general = await createUser(solo, "GENERAL");
    await setRole(solo, first.id, "ADMIN");
    const stale = { ...first, role: "SUPERADMIN" as const };
    expect(
      await serviceFailure(
        changeRole(solo.database.db, { user: stale, sessionId: null, address: null }, general.id, "SUPERADMIN"),
      ),
    ).toEqual({
      status: 403,
      message: MSG.rolesSuperAdminOnly,
    });
    expect(await roleOf(general.id, solo)).toBe("GENERAL");
  });

  it("survives two SUPERADMINs demoting each other at the same time", async () => {
    // Several rounds: on PostgreSQL the two transactions really race.
    for (let round = 0; round < 5; round++) {
      const [firstToken, secondToken] = await twoSuperAdmins();
      const results = await Promise.all([
        updateUser(firstToken, { userId: second.id, role: "ADMIN" }, solo),
        updateUser(secondToken, { userId: first.id, role: "ADMIN" }, solo),
      ]);
      const [winner, loser] = [...results].sort((a, b) => a.statusCode - b.statusCode);
      expect(winner?.statusCode).toBe(200);
      // Refused either at the door (already demoted, so signed out, when authenticated) or by
      // the locked check.
      expect([
        [401, MSG.authInvalid],
        [403, MSG.rolesSuperAdminOnly],
        [409, MSG.lastSuperAdmin],
      ]).toContainEqual([loser?.statusCode, loser?.json().message]);
      expect(await superAdminIds(solo)).toHaveLength(1);
    }
  });
});
