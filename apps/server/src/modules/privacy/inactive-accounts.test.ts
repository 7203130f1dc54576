/**
 * Accounts unused for years (decision 041), with the clock moved: a customer's account is warned
 * by e-mail (through a local SMTP server), erased 30 days later unless used meanwhile; staff and
 * a customer still owed a delivery are kept; a second run does nothing more.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { createMailer } from "../../lib/mailer.ts";
import { createUser, tokenFor, useTestApp } from "../../test/harness.ts";
import { startTestSmtp, type TestSmtp } from "../../test/smtp-server.ts";
import { handleInactiveAccounts } from "./inactive-accounts.service.ts";

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp?.close());
const ctx = useTestApp({ actors: true });

const DAY = 86_400_000;
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);
const yearsAgo = (years: number) => new Date(Date.now() - years * 365.25 * DAY);

async function unusedSince(role: "GENERAL" | "ADMIN", label: string, when: Date) {
  const user = await createUser(ctx, role, label);
  const token = await tokenFor(ctx, user);
  await ctx.database.db.update(users).set({ lastActiveAt: when }).where(eq(users.id, user.id));
  return { user, token };
}
const rowOf = async (id: string) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0];

describe("accounts unused for three years", () => {
  it("are warned, then erased 30 days later unless used; staff and customers owed a delivery stay", async () => {
    const mailer = await createMailer({ url: smtp.url, from: "boutique@test.cm" }, "Maképé Phones");
    const mail = { mailer, shopName: "Maképé Phones", publicUrl: "https://shop.test.cm" };
    try {
      const gone = await unusedSince("GENERAL", "inactif-parti", yearsAgo(4));
      const back = await unusedSince("GENERAL", "inactif-revenu", yearsAgo(4));
      const owed = await unusedSince("GENERAL", "inactif-commande", yearsAgo(4));
      const staff = await unusedSince("ADMIN", "inactif-admin", yearsAgo(4));
      const recent = await unusedSince("GENERAL", "actif", yearsAgo(2.9));
      const order = await ctx.call("POST", "/api/orders", {
        token: owed.token,
        multipart: [
          { name: "name", value: "Client en attente" },
          { name: "number", value: "677000111" },
          { name: "text", value: "Yaoundé" },
          { name: "file", filename: "liste.png", type: "image/png", bytes: png },
        ],
      });
      expect(order.statusCode, order.body).toBe(201);
      // The order was a use: made unused again, as years ago.
      await ctx.database.db
        .update(users)
        .set({ lastActiveAt: yearsAgo(4) })
        .where(eq(users.id, owed.user.id));

      const now = Date.now();
      const first = await handleInactiveAccounts(ctx.database.db, ctx.app.files, mail, new Date(now));
      expect(first.erased).toBe(0);
      expect(first.warned).toBeGreaterThanOrEqual(3);
      for (const { user } of [gone, back, owed]) expect((await rowOf(user.id))?.inactivityWarnedAt).not.toBeNull();
      for (const { user } of [staff, recent]) expect((await rowOf(user.id))?.inactivityWarnedAt).toBeNull();
      const warning = await smtp.next(gone.user.email);
      expect(warning.subject).toMatch(/^Maképé Phones : votre compte sera supprimé le \d+ \S+ \d{4}$/);
      expect(warning.text).toContain("connectez-vous simplement avant cette date : https://shop.test.cm/login");
      expect(smtp.received.some((m) => m.to.includes(staff.user.email))).toBe(false);

      // Warned once only.
      const again = await handleInactiveAccounts(ctx.database.db, ctx.app.files, mail, new Date(now + DAY));
      expect(again).toEqual({ warned: 0, erased: 0, kept: 0 });

      // One of them signs in: the warning is lifted.
      await tokenFor(ctx, back.user);
      expect((await rowOf(back.user.id))?.inactivityWarnedAt).toBeNull();

      const early = await handleInactiveAccounts(ctx.database.db, ctx.app.files, mail, new Date(now + 29 * DAY));
      expect(early.erased).toBe(0);
      const later = await handleInactiveAccounts(ctx.database.db, ctx.app.files, mail, new Date(now + 31 * DAY));
      expect(later).toMatchObject({ erased: 1, kept: 1 });
      expect(await rowOf(gone.user.id)).toBeUndefined();
      for (const { user } of [back, owed, staff, recent]) expect(await rowOf(user.id)).toBeDefined();
    } finally {
      mailer?.close();
    }
  });
});
