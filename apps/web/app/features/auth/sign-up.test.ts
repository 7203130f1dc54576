import { AVATAR_MAX_BYTES, FIELD_MSG, MSG } from "@shop/shared/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../components/ui/toast";
import { ok, refused, stubApi } from "../../test/api";
import { postOf } from "../../test/forms";
import { checkPicture, PICTURE_TOO_LARGE } from "./profile-picture";
import { checkSignUp, signUpInBrowser, signUpInput } from "./sign-up";

const filled = { name: "Awa Ngono", email: "awa@exemple.cm", password: "motdepasse", confirmPassword: "motdepasse" };
const post = (fields: Record<string, string>) => postOf("/sign-up", fields);
const answerOf = (result: unknown) =>
  result as { data: { message: string; fieldErrors: object }; init: { status: number } };

beforeEach(() => {
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("checkSignUp", () => {
  it("refuses different passwords with the spec's exact words, leading space kept", () => {
    const failure = checkSignUp({ ...filled, confirmPassword: "autrechose", profilePic: "" });
    expect(failure?.fieldErrors).toEqual({ confirmPassword: " les mots de passes ne correspondent pas" });
    expect(failure?.message).toBe(MSG.passwordsMismatch);
    expect(failure?.values).toEqual({ name: "Awa Ngono", email: "awa@exemple.cm" });
  });

  it("requires the four fields", () => {
    expect(
      checkSignUp({ name: "", email: "", password: "", confirmPassword: "", profilePic: "" })?.fieldErrors,
    ).toEqual({
      name: FIELD_MSG.nameRequired,
      email: FIELD_MSG.emailInvalid,
      password: FIELD_MSG.passwordRequired,
      confirmPassword: FIELD_MSG.passwordRequired,
    });
    expect(checkSignUp({ ...filled, profilePic: "" })).toBeNull();
  });
});

describe("signUpInBrowser", () => {
  it("sends NOTHING when the passwords differ, and says why", async () => {
    const server = stubApi();
    const result = answerOf(await signUpInBrowser(post({ ...filled, confirmPassword: "motdepassf" })));
    expect(server.calls).toEqual([]);
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ confirmPassword: MSG.passwordsMismatch });
    expect(toast.error).toHaveBeenCalledWith(MSG.passwordsMismatch);
  });

  it("sends the account with its picture, says the server's message and goes to /login", async () => {
    const server = stubApi({ "POST /api/signup": ok(MSG.signUpSuccess) });
    const result = await signUpInBrowser(
      post({ ...filled, profilePic: "data:image/jpeg;base64,AAAA", redirectTo: "/product/42" }),
    );
    expect(server.calls).toEqual([
      { route: "POST /api/signup", body: { ...filled, profilePic: "data:image/jpeg;base64,AAAA" } },
    ]);
    expect(toast.success).toHaveBeenCalledWith(MSG.signUpSuccess);
    expect((result as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fproduct%2F42");
  });

  it("sends no profilePic at all without a picture", async () => {
    const server = stubApi({ "POST /api/signup": ok(MSG.signUpSuccess) });
    const result = await signUpInBrowser(post({ ...filled, profilePic: "" }));
    expect(server.sent("POST /api/signup")).toEqual([filled]);
    expect((result as Response).headers.get("Location")).toBe("/login");
  });

  it("shows the server's refusal (e-mail taken) and its field issues", async () => {
    const server = stubApi({ "POST /api/signup": refused(409, MSG.emailTaken) });
    const taken = answerOf(await signUpInBrowser(post(filled)));
    expect(taken.init.status).toBe(409);
    expect(taken.data.message).toBe(MSG.emailTaken);
    expect(toast.error).toHaveBeenCalledWith(MSG.emailTaken);

    server.answer(
      "POST /api/signup",
      refused(400, MSG.invalidInput, [{ path: "body.password", message: FIELD_MSG.passwordTooShort }]),
    );
    const short = answerOf(await signUpInBrowser(post(filled)));
    expect(short.data.fieldErrors).toEqual({ password: FIELD_MSG.passwordTooShort });
  });
});

describe("signUpInput", () => {
  it("drops an empty picture", () => {
    expect(signUpInput({ ...filled, profilePic: "" })).toEqual(filled);
  });
});

describe("checkPicture", () => {
  it("takes an image up to the size limit", () => {
    expect(checkPicture({ type: "image/jpeg", size: AVATAR_MAX_BYTES })).toBeNull();
    expect(checkPicture({ type: "image/png", size: 10 })).toBeNull();
  });

  it("refuses what is not an image, and an image over the limit", () => {
    expect(checkPicture({ type: "application/pdf", size: 10 })).toBe(FIELD_MSG.profilePicInvalid);
    expect(checkPicture({ type: "", size: 10 })).toBe(FIELD_MSG.profilePicInvalid);
    expect(checkPicture({ type: "image/jpeg", size: AVATAR_MAX_BYTES + 1 })).toBe(PICTURE_TOO_LARGE);
    expect(PICTURE_TOO_LARGE).toBe("La photo ne doit pas dépasser 5 Mo.");
  });
});
