/**
 * 'Mes données': a person corrects their own account (decision 041) — name and photo freely,
 * the e-mail with the password, the password with the current one (every other device then
 * signed out, this one kept).
 */
import { FIELD_MSG, MSG } from "@shop/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { uploadKey } from "../../lib/storage.ts";
import { createUser, TEST_PASSWORD, tokenFor, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp();

const png =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

const rowOf = async (id: string) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("POST /api/my-account", () => {
  it("renames, changes the photo (the old file goes) and removes it", async () => {
    const person = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, person);
    const first = await ctx.call("POST", "/api/my-account", {
      token,
      payload: { name: "  Awa Ndongo  ", email: person.email, profilePic: png },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: MSG.accountUpdated, data: { name: "Awa Ndongo" } });
    const photo = (await rowOf(person.id)).profilePic!;
    expect(photo).toMatch(/^\/uploads\//);
    const second = await ctx.call("POST", "/api/my-account", {
      token,
      payload: { name: "Awa Ndongo", email: person.email, profilePic: png },
    });
    expect(second.statusCode).toBe(200);
    const newer = (await rowOf(person.id)).profilePic!;
    expect(newer).not.toBe(photo);
    expect(await ctx.app.files.get(uploadKey(photo)!)).toBeNull();
    const removed = await ctx.call("POST", "/api/my-account", {
      token,
      payload: { name: "Awa Ndongo", email: person.email, profilePic: "" },
    });
    expect(removed.json().data.profilePic).toBe("");
    expect(await ctx.app.files.get(uploadKey(newer)!)).toBeNull();
  });

  it("changes the e-mail only with the password, and never to another account's", async () => {
    const person = await createUser(ctx, "GENERAL");
    const other = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, person);
    const change = (payload: object) => ctx.call("POST", "/api/my-account", { token, payload });
    const without = await change({ name: person.name, email: "nouvelle@test.cm" });
    expect(without.statusCode).toBe(401);
    expect(without.json().message).toBe(MSG.emailChangeNeedsPassword);
    const wrong = await change({ name: person.name, email: "nouvelle@test.cm", currentPassword: "pas-le-bon" });
    expect(wrong.json().message).toBe(MSG.currentPasswordWrong);
    const taken = await change({ name: person.name, email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.emailTaken);
    expect((await rowOf(person.id)).email).toBe(person.email);
    const done = await change({ name: person.name, email: " Nouvelle@Test.cm ", currentPassword: TEST_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect((await rowOf(person.id)).email).toBe("nouvelle@test.cm");
  });

  it("refuses a bad name, e-mail or photo with the field's message", async () => {
    const person = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, person);
    const res = await ctx.call("POST", "/api/my-account", {
      token,
      payload: { name: " ", email: "pas-un-email", profilePic: "http://ailleurs" },
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([FIELD_MSG.nameRequired, FIELD_MSG.emailInvalid, FIELD_MSG.profilePicInvalid]),
    );
  });
});

describe("POST /api/my-password", () => {
  it("needs the current password, signs every other device out and keeps this one", async () => {
    const person = await createUser(ctx, "GENERAL");
    const here = await tokenFor(ctx, person);
    const elsewhere = await tokenFor(ctx, person);
    const wrong = await ctx.call("POST", "/api/my-password", {
      token: here,
      payload: {
        currentPassword: "pas-le-bon",
        password: "nouveau-mot-de-passe",
        confirmPassword: "nouveau-mot-de-passe",
      },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.currentPasswordWrong);
    const mismatch = await ctx.call("POST", "/api/my-password", {
      token: here,
      payload: { currentPassword: TEST_PASSWORD, password: "nouveau-mot-de-passe", confirmPassword: "autre-chose-123" },
    });
    expect(mismatch.statusCode).toBe(400);
    const res = await ctx.call("POST", "/api/my-password", {
      token: here,
      payload: {
        currentPassword: TEST_PASSWORD,
        password: "nouveau-mot-de-passe",
        confirmPassword: "nouveau-mot-de-passe",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.passwordChanged);
    const fresh = res.json().data as string;
    expect((await ctx.call("GET", "/api/my-devices", { token: fresh })).statusCode).toBe(200);
    expect((await ctx.call("GET", "/api/my-devices", { token: elsewhere })).statusCode).toBe(401);
    expect((await ctx.call("GET", "/api/my-devices", { token: here })).statusCode).toBe(401);
    const signIn = await ctx.call("POST", "/api/signin", {
      payload: { email: person.email, password: "nouveau-mot-de-passe" },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
