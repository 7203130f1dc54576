import { MSG } from "@shop/shared/core";
import { startAuthentication } from "@simplewebauthn/browser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../components/ui/toast";
import { ok, refused, stubApi } from "../../test/api";
import { postOf } from "../../test/forms";
import { PASSKEY_NOT_USED } from "./passkey";
import { PASSKEY_ASSERTION, PASSKEY_OPTIONS, secondFactorNeeded } from "./second-factor.testing";
import { signInInBrowser } from "./sign-in-browser";

vi.mock("@simplewebauthn/browser", () => ({ startAuthentication: vi.fn() }));

const post = (fields: Record<string, string>) => postOf("/login", fields);
const answerOf = (result: unknown) => result as { data: unknown; init: { status: number } };

const STEP = {
  step: "second-factor",
  ticket: "ticket.signé",
  methods: ["totp", "passkey", "recovery"],
  email: "awa@exemple.cm",
  fieldErrors: {},
  letters: false,
};
/** The second step's form as the page sends it back. */
const stepForm = (fields: Record<string, string>) =>
  post({ ticket: "ticket.signé", methods: "totp,passkey,recovery", email: "awa@exemple.cm", ...fields });

const OPTIONS = PASSKEY_OPTIONS;
const ASSERTION = PASSKEY_ASSERTION;

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
  vi.mocked(startAuthentication).mockReset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("signInInBrowser, an account with a second factor", () => {
  it("answers the second step after the right password: no session, nothing stored, nothing toasted", async () => {
    stubApi({ "POST /api/signin": secondFactorNeeded() });
    const result = answerOf(await signInInBrowser(post({ email: "awa@exemple.cm", password: "motdepasse" })));
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual(STEP);
    expect(localStorage.getItem("token")).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("signs in with the app's code, then goes where the visitor was heading and adds the pending product", async () => {
    const server = stubApi({
      "POST /api/signin/second-factor": ok(MSG.secondFactorAccepted, "jwt.2fa"),
      "POST /api/addtocart": ok(MSG.cartAdded, {}),
    });
    const result = await signInInBrowser(stepForm({ code: "123 456", redirectTo: "/product/42", add: "p-42" }));
    expect(server.sent("POST /api/signin/second-factor")).toEqual([{ ticket: "ticket.signé", code: "123456" }]);
    expect(server.sent("POST /api/addtocart")).toEqual([{ productId: "p-42" }]);
    expect(localStorage.getItem("token")).toBe("jwt.2fa");
    expect(toast.success).toHaveBeenCalledWith(MSG.secondFactorAccepted);
    expect((result as Response).headers.get("Location")).toBe("/product/42");
  });

  it("sends a recovery code as one", async () => {
    const server = stubApi({ "POST /api/signin/second-factor": ok(MSG.secondFactorAccepted, "jwt") });
    await signInInBrowser(stepForm({ code: "7KQ2-M9XP-4TZA" }));
    expect(server.sent("POST /api/signin/second-factor")).toEqual([
      { ticket: "ticket.signé", recoveryCode: "7KQ2-M9XP-4TZA" },
    ]);
  });

  it("puts a wrong code beside the field, toasted, and stays on the step", async () => {
    stubApi({ "POST /api/signin/second-factor": refused(401, MSG.totpCodeWrong) });
    const result = answerOf(await signInInBrowser(stepForm({ code: "000000" })));
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual({ ...STEP, fieldErrors: { code: MSG.totpCodeWrong } });
    expect(toast.error).toHaveBeenCalledWith(MSG.totpCodeWrong);
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("sends nothing for a code that cannot be one", async () => {
    const server = stubApi();
    const result = answerOf(await signInInBrowser(stepForm({ code: "" })));
    expect(server.calls).toEqual([]);
    expect(result.init.status).toBe(400);
  });

  it("goes back to the password, with the e-mail, when the ticket expired", async () => {
    stubApi({ "POST /api/signin/second-factor": refused(401, MSG.secondFactorTicketInvalid) });
    const result = answerOf(await signInInBrowser(stepForm({ code: "123456" })));
    expect(result.data).toEqual({ message: MSG.secondFactorTicketInvalid, email: "awa@exemple.cm", fieldErrors: {} });
  });

  it("'Utiliser ma clé d'accès': that account's options, the browser's passkey, then the step", async () => {
    const server = stubApi({
      "POST /api/signin/passkey-options": ok("", OPTIONS),
      "POST /api/signin/second-factor": ok(MSG.secondFactorAccepted, "jwt.passkey"),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const result = await signInInBrowser(stepForm({ code: "", intent: "passkey", redirectTo: "/cart" }));
    expect(server.sent("POST /api/signin/passkey-options")).toEqual([{ ticket: "ticket.signé" }]);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(server.sent("POST /api/signin/second-factor")).toEqual([{ ticket: "ticket.signé", passkey: ASSERTION }]);
    expect(localStorage.getItem("token")).toBe("jwt.passkey");
    expect((result as Response).headers.get("Location")).toBe("/cart");
  });

  it("says so when the browser gave no passkey, and asks the shop nothing more", async () => {
    const server = stubApi({ "POST /api/signin/passkey-options": ok("", OPTIONS) });
    vi.mocked(startAuthentication).mockRejectedValue(new DOMException("cancelled", "NotAllowedError"));
    const result = answerOf(await signInInBrowser(stepForm({ intent: "passkey" })));
    expect(result.data).toEqual({ ...STEP, message: PASSKEY_NOT_USED });
    expect(server.sent("POST /api/signin/second-factor")).toEqual([]);
    expect(toast.error).toHaveBeenCalledWith(PASSKEY_NOT_USED);
  });

  it("says a refused passkey for the whole step", async () => {
    stubApi({
      "POST /api/signin/passkey-options": ok("", OPTIONS),
      "POST /api/signin/second-factor": refused(401, MSG.passkeyRefused),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const result = answerOf(await signInInBrowser(stepForm({ intent: "passkey" })));
    expect(result.data).toEqual({ ...STEP, message: MSG.passkeyRefused });
  });
});

describe("signInInBrowser, 'Se connecter avec une clé d'accès'", () => {
  it("asks any passkey of the shop, signs in with it and goes on", async () => {
    const server = stubApi({
      "POST /api/signin/passkey-options": ok("", OPTIONS),
      "POST /api/signin/passkey": ok(MSG.secondFactorAccepted, "jwt.sans-mot-de-passe"),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const result = await signInInBrowser(post({ intent: "passkey", redirectTo: "/my-orders" }));
    expect(server.sent("POST /api/signin/passkey-options")).toEqual([{}]);
    expect(server.sent("POST /api/signin/passkey")).toEqual([{ response: ASSERTION }]);
    expect(localStorage.getItem("token")).toBe("jwt.sans-mot-de-passe");
    expect((result as Response).headers.get("Location")).toBe("/my-orders");
  });

  it("shows the server's refusal on the password form", async () => {
    stubApi({
      "POST /api/signin/passkey-options": ok("", OPTIONS),
      "POST /api/signin/passkey": refused(401, MSG.passkeyUnknown),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const result = answerOf(await signInInBrowser(post({ intent: "passkey" })));
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual({ message: MSG.passkeyUnknown, email: "", fieldErrors: {} });
    expect(toast.error).toHaveBeenCalledWith(MSG.passkeyUnknown);
  });

  it("says so when the browser gave none", async () => {
    stubApi({ "POST /api/signin/passkey-options": ok("", OPTIONS) });
    vi.mocked(startAuthentication).mockRejectedValue(new Error("The operation either timed out or was not allowed."));
    const result = answerOf(await signInInBrowser(post({ intent: "passkey" })));
    expect(result.data).toEqual({ message: PASSKEY_NOT_USED, email: "", fieldErrors: {} });
  });
});
