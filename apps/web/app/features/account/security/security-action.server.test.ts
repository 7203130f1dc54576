import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { readFlash } from "../../../lib/flash.server";
import { ok, refused, stubApi } from "../../../test/api";
import { uuid } from "../../../test/builders";
import { formOf, postOf } from "../../../test/forms";
import { securityAction } from "./security-action.server";
import { readSecurityChoice } from "./security-form";

const QR = "data:image/svg+xml;base64,PHN2Zy8+";
const SECRET = "JBSWY3DPEHPK3PXP";
const TOTP = "POST /api/second-factors/totp";
const post = (fields: Record<string, string>, path = "/security") => postOf(path, fields);
const confirm = (fields: Record<string, string> = {}) =>
  post({ intent: "totp-confirm", setupToken: "jeton", secret: SECRET, qr: QR, code: "123456", name: "", ...fields });
const factor = { _id: uuid(5), kind: "totp", name: "Aegis", createdAt: "2026-11-22T09:15:00.000Z", lastUsedAt: null };
const CODES = Array.from({ length: 10 }, (_, i) => `7KQ2-M9XP-4TZ${i}`);

describe("readSecurityChoice", () => {
  it("reads each form of the page, names trimmed", () => {
    expect(readSecurityChoice(formOf({ intent: "rename", id: uuid(1), name: "  Mon Samsung " }))).toEqual({
      intent: "rename",
      id: uuid(1),
      name: "Mon Samsung",
    });
    expect(readSecurityChoice(formOf({ intent: "remove", id: uuid(1) }))).toEqual({ intent: "remove", id: uuid(1) });
    expect(readSecurityChoice(formOf({ intent: "totp-start" }))).toEqual({ intent: "totp-start" });
    expect(readSecurityChoice(formOf({ intent: "renew-codes" }))).toEqual({ intent: "renew-codes" });
    expect(readSecurityChoice(formOf({ intent: "add-passkey", name: "" }))).toEqual({
      intent: "add-passkey",
      name: "",
    });
  });

  it("takes back the set-up's secret and picture only as the server made them", () => {
    const choice = readSecurityChoice(
      formOf({ intent: "totp-confirm", setupToken: "jeton", secret: "jbsw y3dp", qr: QR, code: " 123 456 ", name: "" }),
    );
    expect(choice).toEqual({
      intent: "totp-confirm",
      setup: { setupToken: "jeton", secret: "JBSWY3DP", qr: QR },
      code: "123 456",
      name: "",
    });
    const forged = readSecurityChoice(
      formOf({ intent: "totp-confirm", setupToken: "jeton", secret: "<b>", qr: "https://ailleurs.example/x.png" }),
    );
    expect(forged).toMatchObject({ setup: { secret: "", qr: "" } });
  });

  it("refuses a form no page sends", () => {
    const forms: Record<string, string>[] = [
      { intent: "tout" },
      { intent: "rename", name: "x" },
      { intent: "remove" },
      { intent: "totp-confirm" },
    ];
    for (const fields of forms) {
      expect(readSecurityChoice(formOf(fields))).toBeNull();
    }
  });
});

describe("securityAction", () => {
  it("renames and removes a factor, in the API's words", async () => {
    const server = stubApi({
      [`PATCH /api/second-factors/${uuid(1)}`]: ok(MSG.factorRenamed, factor),
      [`DELETE /api/second-factors/${uuid(2)}`]: ok(MSG.factorRemoved),
    });
    expect(await securityAction(post({ intent: "rename", id: uuid(1), name: " Aegis " }))).toEqual({
      intent: "rename",
      ok: true,
      id: uuid(1),
      message: MSG.factorRenamed,
    });
    expect(server.sent(`PATCH /api/second-factors/${uuid(1)}`)).toEqual([{ name: "Aegis" }]);
    expect(await securityAction(post({ intent: "remove", id: uuid(2) }))).toEqual({
      intent: "remove",
      ok: true,
      id: uuid(2),
      message: MSG.factorRemoved,
    });
  });

  it("says why the last factor stays, on its card", async () => {
    stubApi({ [`DELETE /api/second-factors/${uuid(2)}`]: refused(409, MSG.lastFactorRequired) });
    expect(await securityAction(post({ intent: "remove", id: uuid(2) }))).toMatchObject({
      data: { intent: "remove", ok: false, id: uuid(2), message: MSG.lastFactorRequired },
      init: { status: 409 },
    });
  });

  it("starts an authenticator's set-up: the server's QR code, secret and token", async () => {
    const server = stubApi({
      "POST /api/second-factors/totp/start": ok(MSG.totpSetupStarted, {
        secret: SECRET,
        uri: "otpauth://totp/Boutique:awa?secret=JBSWY3DPEHPK3PXP",
        qr: QR,
        setupToken: "jeton",
      }),
    });
    expect(await securityAction(post({ intent: "totp-start" }))).toEqual({
      intent: "totp-start",
      ok: true,
      message: MSG.totpSetupStarted,
      totp: { setupToken: "jeton", secret: SECRET, qr: QR, name: "", errors: {} },
    });
    expect(server.sent("POST /api/second-factors/totp/start")).toEqual([undefined]);
  });

  it("activates the app with its first code: a first factor's ten recovery codes come back once", async () => {
    const server = stubApi({ [TOTP]: ok(MSG.totpAdded, { factor, recoveryCodes: CODES }) });
    expect(await securityAction(confirm({ name: "Aegis" }))).toEqual({
      intent: "totp-confirm",
      ok: true,
      message: MSG.totpAdded,
      recoveryCodes: CODES,
    });
    expect(server.sent(TOTP)).toEqual([{ setupToken: "jeton", code: "123456", name: "Aegis" }]);
  });

  it("sends no name when none was typed, and no codes come for a second factor", async () => {
    const server = stubApi({ [TOTP]: ok(MSG.totpAdded, { factor, recoveryCodes: null }) });
    expect(await securityAction(confirm())).toEqual({ intent: "totp-confirm", ok: true, message: MSG.totpAdded });
    expect(server.sent(TOTP)).toEqual([{ setupToken: "jeton", code: "123456" }]);
  });

  it("shows the same set-up again after a wrong or reused code, the error on the code", async () => {
    for (const [status, message] of [
      [400, MSG.totpCodeWrong],
      [401, MSG.totpCodeWrong],
      [409, MSG.totpCodeReused],
    ] as const) {
      stubApi({ [TOTP]: refused(status, message) });
      expect(await securityAction(confirm({ name: "Aegis" }))).toMatchObject({
        data: {
          intent: "totp-confirm",
          ok: false,
          message,
          totp: { setupToken: "jeton", secret: SECRET, qr: QR, name: "Aegis", errors: { code: message } },
        },
        init: { status },
      });
    }
  });

  it("puts a field the API refused on that field", async () => {
    stubApi({
      [TOTP]: refused(400, "Requête invalide.", [{ path: "body.name", message: FIELD_MSG.factorNameTooLong }]),
    });
    expect(await securityAction(confirm({ name: "x".repeat(61) }))).toMatchObject({
      data: { totp: { errors: { name: FIELD_MSG.factorNameTooLong } } },
    });
  });

  it("starts again when the set-up expired", async () => {
    stubApi({ [TOTP]: refused(400, MSG.totpSetupExpired) });
    const answer = (await securityAction(confirm())) as unknown as { data: Record<string, unknown> };
    expect(answer.data).toEqual({ intent: "totp-confirm", ok: false, message: MSG.totpSetupExpired });
  });

  it("renews the recovery codes, shown once", async () => {
    stubApi({ "POST /api/second-factors/recovery-codes": ok(MSG.recoveryCodesRenewed, { codes: CODES }) });
    expect(await securityAction(post({ intent: "renew-codes" }))).toEqual({
      intent: "renew-codes",
      ok: true,
      message: MSG.recoveryCodesRenewed,
      recoveryCodes: CODES,
    });
  });

  it("sends a visitor whose session is over to sign in, back here after (the staff's notice kept)", async () => {
    stubApi({ "POST /api/second-factors/recovery-codes": refused(401, MSG.authInvalid) });
    const response = (await securityAction(post({ intent: "renew-codes" }, "/security?required=1"))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login?redirectTo=/security%3Frequired%3D1");
    const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
    const next = new Request("http://shop.test/login", { headers: { cookie: cookies.join("; ") } });
    expect(readFlash(next)).toEqual({ tone: "info", text: MSG.authInvalid });
  });

  it("says the shop's failure as such", async () => {
    stubApi({ "POST /api/second-factors/totp/start": refused(500, "boom") });
    expect(await securityAction(post({ intent: "totp-start" }))).toMatchObject({
      data: { ok: false, message: expect.not.stringContaining("boom") },
      init: { status: 500 },
    });
  });

  it("refuses a form no page sends, and a passkey (the browser's to make)", async () => {
    const server = stubApi();
    const forms: Record<string, string>[] = [{ intent: "tout" }, { intent: "add-passkey", name: "" }];
    for (const fields of forms) {
      await expect(securityAction(post(fields))).rejects.toMatchObject({ init: { status: 400 } });
    }
    expect(server.calls).toEqual([]);
  });
});
