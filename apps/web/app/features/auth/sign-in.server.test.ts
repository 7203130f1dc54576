import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../test/api";
import { postOf } from "../../test/forms";
import { PASSKEY_NEEDS_SCRIPTS } from "./passkey";
import { SECOND_FACTOR_SETUP_PAGE } from "./second-factor";
import { secondFactorNeeded } from "./second-factor.testing";
import { signInOnServer } from "./sign-in.server";

/** The login page's server action, as a form sent without scripts reaches it. */
const post = (fields: Record<string, string>) => postOf("/login", fields);
const answerOf = (result: unknown) => result as { data: unknown; init: { status: number } };

const STEP = {
  step: "second-factor",
  ticket: "ticket.signé",
  methods: ["totp", "recovery"],
  email: "awa@exemple.cm",
  fieldErrors: {},
  letters: false,
};
const stepForm = (fields: Record<string, string>) =>
  post({ ticket: "ticket.signé", methods: "totp,recovery", email: "awa@exemple.cm", ...fields });

describe("signInOnServer, an admin without the second factor the shop requires", () => {
  it("opens the session and goes to the factor's set-up, whatever the target", async () => {
    const answer = ok(MSG.signInSuccess, "jwt");
    stubApi({ "POST /api/signin": { ...answer, body: { ...(answer.body as object), secondFactorSetup: true } } });
    const result = await signInOnServer(
      post({ email: "chef@exemple.cm", password: "motdepasse", redirectTo: "/admin" }),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe(SECOND_FACTOR_SETUP_PAGE);
  });
});

describe("signInOnServer, an account with a second factor", () => {
  it("answers the second step's page after the right password", async () => {
    stubApi({ "POST /api/signin": secondFactorNeeded(["totp", "recovery"]) });
    const result = answerOf(await signInOnServer(post({ email: "awa@exemple.cm", password: "motdepasse" })));
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual(STEP);
  });

  it("signs in with the code and redirects to the safe target", async () => {
    const server = stubApi({ "POST /api/signin/second-factor": ok(MSG.secondFactorAccepted, "jwt") });
    const result = await signInOnServer(stepForm({ code: "654321", redirectTo: "/product/7" }));
    expect(server.sent("POST /api/signin/second-factor")).toEqual([{ ticket: "ticket.signé", code: "654321" }]);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/product/7");
  });

  it("signs in with a recovery code", async () => {
    const server = stubApi({ "POST /api/signin/second-factor": ok(MSG.secondFactorAccepted, "jwt") });
    await signInOnServer(stepForm({ code: "7kq2 m9xp 4tza" }));
    expect(server.sent("POST /api/signin/second-factor")).toEqual([
      { ticket: "ticket.signé", recoveryCode: "7kq2 m9xp 4tza" },
    ]);
  });

  it("gives the step back with the refusal beside the field", async () => {
    stubApi({ "POST /api/signin/second-factor": refused(401, MSG.recoveryCodeUsed) });
    const result = answerOf(await signInOnServer(stepForm({ code: "7KQ2-M9XP-4TZA" })));
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual({ ...STEP, fieldErrors: { code: MSG.recoveryCodeUsed } });
  });

  it("answers a mistyped code and the keyboard with letters without calling the API", async () => {
    const server = stubApi();
    expect(answerOf(await signInOnServer(stepForm({ code: "123" }))).data).toEqual({
      ...STEP,
      fieldErrors: { code: FIELD_MSG.totpCodeInvalid },
    });
    const letters = answerOf(await signInOnServer(stepForm({ code: "", intent: "letters" })));
    expect(letters.data).toEqual({ ...STEP, letters: true });
    expect(server.calls).toEqual([]);
  });

  it("sends an expired ticket back to the password form", async () => {
    stubApi({ "POST /api/signin/second-factor": refused(401, MSG.secondFactorTicketInvalid) });
    const result = answerOf(await signInOnServer(stepForm({ code: "123456" })));
    expect(result.data).toEqual({ message: MSG.secondFactorTicketInvalid, email: "awa@exemple.cm", fieldErrors: {} });
  });

  it("says a passkey needs the page's scripts, which only offer its button once they run", async () => {
    const server = stubApi();
    expect(answerOf(await signInOnServer(stepForm({ intent: "passkey" }))).data).toEqual({
      ...STEP,
      message: PASSKEY_NEEDS_SCRIPTS,
    });
    expect(answerOf(await signInOnServer(post({ intent: "passkey" }))).data).toEqual({
      message: PASSKEY_NEEDS_SCRIPTS,
      email: "",
      fieldErrors: {},
    });
    expect(server.calls).toEqual([]);
  });
});
