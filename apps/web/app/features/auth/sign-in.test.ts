import { FIELD_MSG, MSG } from "@shop/shared/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { ok, refused, stubApi } from "../../test/api";
import { formOf, postOf } from "../../test/forms";
import { SECOND_FACTOR_SETUP_PAGE } from "./second-factor";
import { LOGIN_ERROR, readSignInForm, signInFailure } from "./sign-in";
import { signInInBrowser } from "./sign-in-browser";

const post = (fields: Record<string, string>) => postOf("/login", fields);

/** What a clientAction answered: a redirect Response, or data() with its status. */
const answerOf = (result: unknown) => result as { data: unknown; init: { status: number } };

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("readSignInForm", () => {
  it("reads the fields and keeps only a safe redirectTo", () => {
    const form = formOf({ email: "  awa@exemple.cm ", password: " secret ", redirectTo: "/product/42" });
    expect(readSignInForm(form)).toEqual({
      values: { email: "awa@exemple.cm", password: " secret " },
      redirectTo: "/product/42",
    });
    form.set("redirectTo", "//evil.example");
    expect(readSignInForm(form).redirectTo).toBe("/");
  });
});

describe("signInFailure", () => {
  it("keeps the server's words and its field issues", () => {
    const { failure, status } = signInFailure(
      new ApiError(400, MSG.invalidInput, [{ path: "body.email", message: FIELD_MSG.emailInvalid }]),
      "awa@",
    );
    expect(status).toBe(400);
    expect(failure).toEqual({
      message: MSG.invalidInput,
      email: "awa@",
      fieldErrors: { email: FIELD_MSG.emailInvalid },
    });
  });

  it("says the spec's sentence when the shop could not be reached", () => {
    expect(signInFailure(new ApiError(0, "x"), "a").failure.message).toBe(LOGIN_ERROR);
    expect(signInFailure(new TypeError("Failed to fetch"), "a").failure.message).toBe(
      "Une erreur est survenue lors de la connexion",
    );
  });
});

describe("signInInBrowser", () => {
  it("stores the token, says the server's message and goes to the safe target", async () => {
    const server = stubApi({ "POST /api/signin": ok(MSG.signInSuccess, "jwt.token.value") });
    const result = await signInInBrowser(
      post({ email: "awa@exemple.cm", password: "motdepasse", redirectTo: "/product/42" }),
    );
    expect(server.calls).toEqual([
      { route: "POST /api/signin", body: { email: "awa@exemple.cm", password: "motdepasse" } },
    ]);
    expect(localStorage.getItem("token")).toBe("jwt.token.value");
    expect(toast.success).toHaveBeenCalledWith(MSG.signInSuccess);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/product/42");
  });

  it("leads an admin the shop requires a second factor of to its set-up first", async () => {
    const answer = ok(MSG.signInSuccess, "jwt.admin");
    stubApi({ "POST /api/signin": { ...answer, body: { ...(answer.body as object), secondFactorSetup: true } } });
    const result = await signInInBrowser(post({ email: "chef@exemple.cm", password: "x", redirectTo: "/admin" }));
    expect(localStorage.getItem("token")).toBe("jwt.admin");
    expect((result as Response).headers.get("Location")).toBe(SECOND_FACTOR_SETUP_PAGE);
  });

  it("goes home when redirectTo would leave the site", async () => {
    stubApi({ "POST /api/signin": ok(MSG.signInSuccess, "t") });
    const result = await signInInBrowser(post({ email: "a@b.cm", password: "x", redirectTo: "https://evil.example" }));
    expect((result as Response).headers.get("Location")).toBe("/");
  });

  it("answers the server's refusal with its status, and toasts it; nothing stored", async () => {
    stubApi({ "POST /api/signin": refused(401, MSG.signInFailed) });
    const result = answerOf(await signInInBrowser(post({ email: "a@b.cm", password: "faux" })));
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual({ message: MSG.signInFailed, email: "a@b.cm", fieldErrors: {} });
    expect(toast.error).toHaveBeenCalledWith(MSG.signInFailed);
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("says 'Une erreur est survenue lors de la connexion' when the network fails", async () => {
    stubApi({ "POST /api/signin": new TypeError("Failed to fetch") });
    const result = answerOf(await signInInBrowser(post({ email: "a@b.cm", password: "x" })));
    expect(result.data).toMatchObject({ message: LOGIN_ERROR });
    expect(toast.error).toHaveBeenCalledWith(LOGIN_ERROR);
  });

  it("sends nothing when a field is empty", async () => {
    const server = stubApi();
    const result = answerOf(await signInInBrowser(post({ email: "a@b.cm", password: "" })));
    expect(server.calls).toEqual([]);
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({ fieldErrors: { password: FIELD_MSG.passwordRequired } });
  });
});
