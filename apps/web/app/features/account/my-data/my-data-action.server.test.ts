import { AVATAR_MAX_BYTES, FIELD_MSG, MSG } from "@shop/shared/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFlash } from "../../../lib/flash.server";
import { ok, refused, stubApi } from "../../../test/api";
import { aUser } from "../../../test/builders";
import { formOf, postOf } from "../../../test/forms";
import { PICTURE_TOO_LARGE } from "../../auth/profile-picture";
import { myDataAction } from "./my-data-action.server";
import * as api from "./my-data-api";

const ACCOUNT = "POST /api/my-account";
const PASSWORD = "POST /api/my-password";
const DELETE = "POST /api/delete-my-account";
const SESSION = "token=nouveau-jeton; Path=/; HttpOnly; SameSite=Lax";
const CLEARED = "token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax";

const post = (fields: Record<string, string>) => postOf("/my-data", fields);
const saveAccount = (fields: Record<string, string> = {}) =>
  post({
    intent: "account",
    name: "Awa Ngono",
    email: "awa@exemple.cm",
    currentPassword: "",
    profilePic: "",
    ...fields,
  });
const newPassword = {
  currentPassword: "ancien-motdepasse",
  password: "nouveau-motdepasse",
  confirmPassword: "nouveau-motdepasse",
};

/** The cookies a redirect hands the browser, and the flash it leaves for the next page. */
const cookiesOf = (response: Response) => response.headers.getSetCookie();
const flashOf = (response: Response) => {
  const pairs = cookiesOf(response).map((c) => c.split(";")[0]);
  return readFlash(new Request("http://shop.test/", { headers: { cookie: pairs.join("; ") } }));
};

/** The page's own API functions, with `changePassword` and `deleteAccount` answering as the server does in process. */
function spyApi(answers: { changePassword?: string[]; deleteAccount?: string[] }) {
  const real = api.myDataApi();
  const client = {
    ...real,
    changePassword: vi.fn(async () => ({ message: MSG.passwordChanged, setCookie: answers.changePassword ?? [] })),
    deleteAccount: vi.fn(async () => ({ message: MSG.accountDeleted, setCookie: answers.deleteAccount ?? [] })),
  };
  vi.spyOn(api, "myDataApi").mockReturnValue(client);
  return client;
}

/**
 * A form posted without scripts, the photo as the file chosen. (jsdom's File cannot go through
 * a Request's multipart body: the request answers the form as the server would have read it.)
 */
function withPhoto(photo: File, fields: Record<string, string> = {}) {
  const form = formOf({ intent: "account", name: "Awa", email: "awa@exemple.cm", ...fields });
  form.set("photo", photo);
  const request = new Request("http://shop.test/my-data", { method: "POST" });
  vi.spyOn(request, "formData").mockResolvedValue(form);
  return request;
}

afterEach(() => vi.restoreAllMocks());

describe("myDataAction: the account", () => {
  it("saves the name and e-mail, the photo kept, and says so on the page", async () => {
    const server = stubApi({ [ACCOUNT]: ok(MSG.accountUpdated, aUser()) });
    expect(await myDataAction(saveAccount())).toEqual({
      intent: "account",
      ok: true,
      message: MSG.accountUpdated,
      fieldErrors: {},
    });
    expect(server.sent(ACCOUNT)).toEqual([{ name: "Awa Ngono", email: "awa@exemple.cm" }]);
  });

  it("sends the photo prepared by the page, or removes it when asked", async () => {
    const server = stubApi({ [ACCOUNT]: ok(MSG.accountUpdated, aUser()) });
    await myDataAction(saveAccount({ profilePic: "data:image/jpeg;base64,AAAA" }));
    await myDataAction(saveAccount({ removePhoto: "1" }));
    expect(server.sent(ACCOUNT)).toEqual([
      { name: "Awa Ngono", email: "awa@exemple.cm", profilePic: "data:image/jpeg;base64,AAAA" },
      { name: "Awa Ngono", email: "awa@exemple.cm", profilePic: "" },
    ]);
  });

  it("without scripts, makes the file chosen a data URL", async () => {
    const server = stubApi({ [ACCOUNT]: ok(MSG.accountUpdated, aUser()) });
    const png = new File([new Uint8Array([137, 80, 78, 71])], "moi.png", { type: "image/png" });
    expect(await myDataAction(withPhoto(png))).toMatchObject({ ok: true });
    expect(server.sent(ACCOUNT)).toEqual([
      { name: "Awa", email: "awa@exemple.cm", profilePic: "data:image/png;base64,iVBORw==" },
    ]);
  });

  it("refuses a file that is no image, or too large, before any call", async () => {
    const server = stubApi();
    const pdf = new File(["%PDF"], "facture.pdf", { type: "application/pdf" });
    expect(await myDataAction(withPhoto(pdf))).toMatchObject({
      data: {
        intent: "account",
        ok: false,
        message: FIELD_MSG.profilePicInvalid,
        fieldErrors: { profilePic: FIELD_MSG.profilePicInvalid },
      },
      init: { status: 400 },
    });
    const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], "grande.jpg", { type: "image/jpeg" });
    expect(await myDataAction(withPhoto(big))).toMatchObject({
      data: { message: PICTURE_TOO_LARGE, values: { name: "Awa", email: "awa@exemple.cm" } },
    });
    expect(server.calls).toEqual([]);
  });

  it("puts a new e-mail's missing or wrong password on the password field, what was typed given back", async () => {
    for (const message of [MSG.emailChangeNeedsPassword, MSG.currentPasswordWrong]) {
      stubApi({ [ACCOUNT]: refused(401, message) });
      expect(await myDataAction(saveAccount({ email: "nouvelle@exemple.cm" }))).toMatchObject({
        data: {
          intent: "account",
          ok: false,
          message,
          fieldErrors: { currentPassword: message },
          values: { name: "Awa Ngono", email: "nouvelle@exemple.cm" },
        },
        init: { status: 401 },
      });
    }
  });

  it("puts a taken e-mail on the e-mail, and the API's own field errors on their fields", async () => {
    stubApi({ [ACCOUNT]: refused(409, MSG.emailTaken) });
    expect(await myDataAction(saveAccount())).toMatchObject({
      data: { message: MSG.emailTaken, fieldErrors: { email: MSG.emailTaken } },
      init: { status: 409 },
    });
    stubApi({ [ACCOUNT]: refused(400, "Requête invalide.", [{ path: "body.name", message: FIELD_MSG.nameRequired }]) });
    expect(await myDataAction(saveAccount({ name: "" }))).toMatchObject({
      data: { message: FIELD_MSG.nameRequired, fieldErrors: { name: FIELD_MSG.nameRequired } },
      init: { status: 400 },
    });
  });

  it("sends a visitor whose session is over to sign in, back here after", async () => {
    stubApi({ [ACCOUNT]: refused(401, MSG.authInvalid) });
    const response = (await myDataAction(saveAccount())) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login?redirectTo=/my-data");
    expect(flashOf(response)).toEqual({ tone: "info", text: MSG.authInvalid });
  });

  it("says the shop's failure as such", async () => {
    stubApi({ [ACCOUNT]: refused(500, "boom") });
    expect(await myDataAction(saveAccount())).toMatchObject({
      data: { ok: false, message: expect.not.stringContaining("boom") },
      init: { status: 500 },
    });
  });
});

describe("myDataAction: the password", () => {
  it("hands the new session's cookie to the browser with the redirect back here, and says so", async () => {
    const client = spyApi({ changePassword: [SESSION] });
    const response = (await myDataAction(post({ intent: "password", ...newPassword }))) as Response;
    expect(client.changePassword).toHaveBeenCalledWith(newPassword);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/my-data");
    expect(cookiesOf(response)).toContain(SESSION);
    expect(flashOf(response)).toEqual({ tone: "success", text: MSG.passwordChanged });
  });

  it("puts a wrong current password on its field, and the API's checks on theirs", async () => {
    stubApi({ [PASSWORD]: refused(401, MSG.currentPasswordWrong) });
    expect(await myDataAction(post({ intent: "password", ...newPassword }))).toMatchObject({
      data: {
        intent: "password",
        ok: false,
        message: MSG.currentPasswordWrong,
        fieldErrors: { currentPassword: MSG.currentPasswordWrong },
      },
      init: { status: 401 },
    });
    stubApi({
      [PASSWORD]: refused(400, "Requête invalide.", [{ path: "body.confirmPassword", message: MSG.passwordsMismatch }]),
    });
    const answer = await myDataAction(post({ intent: "password", ...newPassword, confirmPassword: "autre" }));
    expect(answer).toMatchObject({
      data: { message: MSG.passwordsMismatch, fieldErrors: { confirmPassword: MSG.passwordsMismatch } },
      init: { status: 400 },
    });
    expect(answer).not.toHaveProperty("data.values");
  });
});

describe("myDataAction: the erasure", () => {
  it("confirms with the password, then goes home signed out (the cleared cookie passed on), told so", async () => {
    const client = spyApi({ deleteAccount: [CLEARED] });
    const response = (await myDataAction(
      post({ intent: "delete-account", password: "motdepasse", code: "" }),
    )) as Response;
    expect(client.deleteAccount).toHaveBeenCalledWith({ password: "motdepasse" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(cookiesOf(response)).toContain(CLEARED);
    expect(flashOf(response)).toEqual({ tone: "success", text: MSG.accountDeleted });
  });

  it("sends six digits as the app's code, anything else as a recovery code", async () => {
    const server = stubApi({ [DELETE]: ok(MSG.accountDeleted, { ordersAnonymised: 0, filesRemoved: 0 }) });
    await myDataAction(post({ intent: "delete-account", password: "", code: "123 456" }));
    await myDataAction(post({ intent: "delete-account", password: "", code: "7KQ2-M9XP-4TZA" }));
    expect(server.sent(DELETE)).toEqual([{ code: "123456" }, { recoveryCode: "7KQ2-M9XP-4TZA" }]);
  });

  it("asks for a proof when none was typed, before any call", async () => {
    const server = stubApi();
    expect(await myDataAction(post({ intent: "delete-account", password: "", code: "" }))).toMatchObject({
      data: {
        ok: false,
        message: FIELD_MSG.deleteAccountConfirm,
        fieldErrors: { password: FIELD_MSG.deleteAccountConfirm },
      },
      init: { status: 400 },
    });
    expect(server.calls).toEqual([]);
  });

  it("says an order still open in the API's words, naming it, on no field", async () => {
    const message = MSG.accountDeleteOrderOpen("CMD-ABCD");
    stubApi({ [DELETE]: refused(409, message) });
    expect(await myDataAction(post({ intent: "delete-account", password: "motdepasse", code: "" }))).toMatchObject({
      data: { intent: "delete-account", ok: false, message, fieldErrors: {} },
      init: { status: 409 },
    });
  });

  it("puts a wrong password on the password, a wrong code on the code", async () => {
    stubApi({ [DELETE]: refused(401, MSG.accountDeletePasswordWrong) });
    expect(await myDataAction(post({ intent: "delete-account", password: "faux", code: "" }))).toMatchObject({
      data: { fieldErrors: { password: MSG.accountDeletePasswordWrong } },
      init: { status: 401 },
    });
    stubApi({ [DELETE]: refused(401, MSG.totpCodeWrong) });
    expect(await myDataAction(post({ intent: "delete-account", password: "", code: "000000" }))).toMatchObject({
      data: { message: MSG.totpCodeWrong, fieldErrors: { code: MSG.totpCodeWrong } },
    });
    stubApi({
      [DELETE]: refused(400, "Requête invalide.", [
        { path: "body.recoveryCode", message: FIELD_MSG.recoveryCodeInvalid },
      ]),
    });
    expect(await myDataAction(post({ intent: "delete-account", password: "", code: "abc" }))).toMatchObject({
      data: { fieldErrors: { code: FIELD_MSG.recoveryCodeInvalid } },
    });
  });
});

describe("myDataAction: promotions and reminders", () => {
  const PROMOTIONS = "POST /api/my-promotions";

  it("stops them, or receives them again, in the API's words", async () => {
    const server = stubApi({
      [PROMOTIONS]: (body) =>
        (body as { receive: boolean }).receive
          ? ok(MSG.promotionsResumed, { objected: false, since: null })
          : ok(MSG.promotionsStopped, { objected: true, since: "2026-11-22T09:15:00.000Z" }),
    });
    expect(await myDataAction(post({ intent: "promotions", receive: "false" }))).toEqual({
      intent: "promotions",
      ok: true,
      message: MSG.promotionsStopped,
      fieldErrors: {},
    });
    expect(await myDataAction(post({ intent: "promotions", receive: "true" }))).toMatchObject({
      ok: true,
      message: MSG.promotionsResumed,
    });
    expect(server.sent(PROMOTIONS)).toEqual([{ receive: false }, { receive: true }]);
  });

  it("refuses a choice no button sends, before any call", async () => {
    const server = stubApi();
    for (const receive of ["", "oui"]) {
      await expect(myDataAction(post({ intent: "promotions", receive }))).rejects.toMatchObject({
        init: { status: 400 },
      });
    }
    expect(server.calls).toEqual([]);
  });

  it("sends a visitor whose session is over to sign in; says a refusal at the top, on no field", async () => {
    stubApi({ [PROMOTIONS]: refused(401, MSG.authInvalid) });
    const response = (await myDataAction(post({ intent: "promotions", receive: "false" }))) as Response;
    expect(response.headers.get("location")).toBe("/login?redirectTo=/my-data");
    stubApi({ [PROMOTIONS]: refused(400, FIELD_MSG.promotionsChoiceInvalid) });
    expect(await myDataAction(post({ intent: "promotions", receive: "false" }))).toMatchObject({
      data: { intent: "promotions", ok: false, message: FIELD_MSG.promotionsChoiceInvalid, fieldErrors: {} },
      init: { status: 400 },
    });
  });
});

it("refuses a form no page sends", async () => {
  const server = stubApi();
  await expect(myDataAction(post({ intent: "tout" }))).rejects.toMatchObject({ init: { status: 400 } });
  expect(server.calls).toEqual([]);
});
