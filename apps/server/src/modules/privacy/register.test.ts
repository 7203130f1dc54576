/**
 * The retention settings, the register of processing and 'Confidentialité' (decision 041)
 * through the real app: the SUPERADMIN's alone; durations within their bounds (ten years at
 * least for closed orders), each change in the audit log and applied by the daily job; the
 * register seeded once and reworded; the public notice generated from both and from the
 * outside services this shop actually uses.
 */
import { MSG } from "@shop/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSettings } from "../../db/schema/app-settings.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { contactMessages } from "../../db/schema/contact.ts";
import { processingActivities } from "../../db/schema/privacy.ts";
import { useTestApp } from "../../test/harness.ts";
import { applyRetention } from "./retention.service.ts";

const ctx = useTestApp({ actors: true });
const DAY = 86_400_000;

describe("'Données personnelles': retention settings", () => {
  it("are read and changed by the SUPERADMIN alone, within their bounds, each change logged and applied", async () => {
    for (const token of [null, ctx.actors.general, ctx.actors.admin]) {
      expect((await ctx.call("GET", "/api/admin/privacy/retention", { token })).statusCode).toBe(token ? 403 : 401);
      expect(
        (await ctx.call("PUT", "/api/admin/privacy/retention", { token, payload: { contactMessagesDays: 30 } }))
          .statusCode,
      ).toBe(token ? 403 : 401);
    }
    const read = await ctx.call("GET", "/api/admin/privacy/retention", { token: ctx.actors.superAdmin });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.settings).toEqual({
      orderFilesDays: 90,
      contactMessagesDays: 365,
      sessionAddressesDays: 90,
      abandonedCartsDays: 180,
      closedOrdersYears: 10,
      inactiveAccountsYears: 3,
    });

    const wrong = await ctx.call("PUT", "/api/admin/privacy/retention", {
      token: ctx.actors.superAdmin,
      payload: { closedOrdersYears: 5, contactMessagesDays: 0 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual(
      expect.arrayContaining([
        { path: "body.closedOrdersYears", message: "Un nombre entier entre 10 et 30." },
        { path: "body.contactMessagesDays", message: "Un nombre entier entre 1 et 3650." },
      ]),
    );
    expect(await ctx.database.db.select().from(appSettings).where(sql`${appSettings.key} like 'retention.%'`)).toEqual(
      [],
    );

    const saved = await ctx.call("PUT", "/api/admin/privacy/retention", {
      token: ctx.actors.superAdmin,
      payload: { contactMessagesDays: 30 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(MSG.retentionSaved);
    expect(saved.json().data.settings.contactMessagesDays).toBe(30);
    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "privacy"), eq(auditLog.action, "update"), eq(auditLog.entityId, "retention")));
    expect(line).toMatchObject({ before: { contactMessagesDays: 365 }, after: { contactMessagesDays: 30 } });
  });
});

describe("the register of processing", () => {
  it("is seeded once, its durations from the settings; a line reworded keeps following them when its duration is left as shown", async () => {
    const token = ctx.actors.superAdmin;
    expect((await ctx.call("GET", "/api/admin/privacy/register", { token: ctx.actors.admin })).statusCode).toBe(403);
    const [first, second] = await Promise.all([
      ctx.call("GET", "/api/admin/privacy/register", { token }),
      ctx.call("GET", "/api/admin/privacy/register", { token }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().data.activities).toHaveLength(first.json().data.activities.length);
    expect(await ctx.database.db.select().from(processingActivities)).toHaveLength(6);
    const register = first.json().data;
    expect(register.controller).toMatchObject({ name: ctx.config.shop.name, email: ctx.config.shop.email });
    const orders = register.activities[0];
    expect(orders.purpose).toMatch(/commandes/);
    expect(orders.retention).toContain("10 ans");
    expect(orders.retention).not.toContain("{");

    const edit = {
      purpose: "Prendre et livrer les commandes",
      legalBasis: orders.legalBasis,
      data: orders.data,
      people: orders.people,
      retention: orders.retention,
      recipients: orders.recipients,
    };
    const saved = await ctx.call("PUT", `/api/admin/privacy/register/${orders._id}`, { token, payload: edit });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.purpose).toBe("Prendre et livrer les commandes");
    const [row] = await ctx.database.db
      .select()
      .from(processingActivities)
      .where(eq(processingActivities.id, orders._id));
    expect(row?.retention).toContain("{closedOrdersYears}");
    await ctx.call("PUT", "/api/admin/privacy/retention", { token, payload: { closedOrdersYears: 12 } });
    const after = await ctx.call("GET", "/api/admin/privacy/register", { token });
    expect(after.json().data.activities[0].retention).toContain("12 ans");

    const empty = await ctx.call("PUT", `/api/admin/privacy/register/${orders._id}`, {
      token,
      payload: { ...edit, purpose: " " },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toContainEqual({ path: "body.purpose", message: "Ce champ est obligatoire." });
  });
});

describe("'Confidentialité'", () => {
  it("is public, and says the register's purposes, the durations applied, the rights' deadline and the authority", async () => {
    const res = await ctx.call("GET", "/api/privacy-notice");
    expect(res.statusCode, res.body).toBe(200);
    const notice = res.json().data;
    expect(notice.controller.name).toBe(ctx.config.shop.name);
    expect(notice.activities.length).toBeGreaterThanOrEqual(6);
    expect(notice.activities[0]).not.toHaveProperty("_id");
    const settings = (await ctx.call("GET", "/api/admin/privacy/retention", { token: ctx.actors.superAdmin })).json()
      .data.settings;
    expect(notice.retention).toEqual(settings);
    expect(notice.requestDays).toBe(30);
    expect(notice.authority.name).toMatch(/APDP/);
    // Only the services this shop uses: no Notch Pay keys and no SMTP in the tests' settings.
    const names = notice.recipients.map((r: { name: string }) => r.name);
    expect(names).toContain("WhatsApp (Meta)");
    expect(names.some((n: string) => n.includes("Notch Pay"))).toBe(Boolean(ctx.config.notchpay));
    expect(names.some((n: string) => n.includes("e-mail"))).toBe(Boolean(ctx.config.smtp));
  });
});

describe("the daily job", () => {
  // Last: the clock moved a month on ends today's sessions.
  it("follows the durations the owner set", async () => {
    // contactMessagesDays was set to 30 above: a message of 31 days ago goes.
    const sent = await ctx.call("POST", "/api/contact", {
      payload: { name: "Ancien", email: "ancien@test.cm", subject: "Question", message: "Encore là ?" },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await applyRetention(ctx.database.db, ctx.app.files, new Date(Date.now() + 31 * DAY));
    expect(
      await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, "ancien@test.cm")),
    ).toEqual([]);
  });
});
