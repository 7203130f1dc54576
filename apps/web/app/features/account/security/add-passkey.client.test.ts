import { MSG, SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { uuid } from "../../../test/builders";
import { formOf } from "../../../test/forms";
import { addPasskey, ceremonyFailure, PASSKEY_CANCELLED, PASSKEY_FAILED } from "./add-passkey.client";

const browser = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => browser);

const OPTIONS = "POST /api/second-factors/passkey/options";
const ADD = "POST /api/second-factors/passkey";
const options = { challenge: "défi", rp: { id: "localhost", name: "Boutique" } };
const answer = { id: "cred", rawId: "cred", type: "public-key", response: { clientDataJSON: "e30" } };
const factor = {
  _id: uuid(3),
  kind: "passkey",
  name: "Mon Pixel",
  createdAt: "2026-11-22T09:15:00.000Z",
  lastUsedAt: null,
};
const request = new Request("http://shop.test/security", { method: "POST" });

afterEach(() => browser.startRegistration.mockReset());

describe("addPasskey", () => {
  it("asks the shop's options, the browser's passkey, then gives it to the shop with its name", async () => {
    browser.startRegistration.mockResolvedValue(answer);
    const codes = ["7KQ2-M9XP-4TZA"];
    const server = stubApi({
      [OPTIONS]: ok("", options),
      [ADD]: ok(MSG.passkeyAdded, { factor, recoveryCodes: codes }),
    });
    expect(await addPasskey(request, formOf({ intent: "add-passkey", name: " Mon Pixel " }))).toEqual({
      intent: "add-passkey",
      ok: true,
      message: MSG.passkeyAdded,
      recoveryCodes: codes,
    });
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(server.sent(ADD)).toEqual([{ name: "Mon Pixel", response: answer }]);
  });

  it("lets the shop name a passkey left without one; no codes for a second factor", async () => {
    browser.startRegistration.mockResolvedValue(answer);
    const server = stubApi({
      [OPTIONS]: ok("", options),
      [ADD]: ok(MSG.passkeyAdded, { factor, recoveryCodes: null }),
    });
    expect(await addPasskey(request, formOf({ intent: "add-passkey", name: "" }))).toEqual({
      intent: "add-passkey",
      ok: true,
      message: MSG.passkeyAdded,
    });
    expect(server.sent(ADD)).toEqual([{ response: answer }]);
  });

  it("sends nothing when the person closes the browser's prompt, and says so", async () => {
    browser.startRegistration.mockRejectedValue(Object.assign(new Error("x"), { name: "NotAllowedError" }));
    const server = stubApi({ [OPTIONS]: ok("", options) });
    expect(await addPasskey(request, formOf({ intent: "add-passkey" }))).toEqual({
      intent: "add-passkey",
      ok: false,
      message: PASSKEY_CANCELLED,
    });
    expect(server.calls.map((c) => c.route)).toEqual([OPTIONS]);
  });

  it("says the shop's refusal in its words", async () => {
    browser.startRegistration.mockResolvedValue(answer);
    stubApi({ [OPTIONS]: ok("", options), [ADD]: refused(400, MSG.passkeyChallengeExpired) });
    expect(await addPasskey(request, formOf({ intent: "add-passkey" }))).toMatchObject({
      ok: false,
      message: MSG.passkeyChallengeExpired,
    });
  });

  it("sends a visitor whose session is over to sign in, back here after", async () => {
    stubApi({ [OPTIONS]: refused(401, MSG.authInvalid) });
    const response = (await addPasskey(request, formOf({ intent: "add-passkey" }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=/security");
    expect(browser.startRegistration).not.toHaveBeenCalled();
  });

  it("says the shop's failure when it cannot be reached", async () => {
    stubApi({ [OPTIONS]: new TypeError("Failed to fetch") });
    expect(await addPasskey(request, formOf({ intent: "add-passkey" }))).toMatchObject({
      ok: false,
      message: SERVER_ERROR_MESSAGE,
    });
  });
});

describe("ceremonyFailure", () => {
  it("tells a closed prompt, a passkey already there, and anything else apart", () => {
    expect(ceremonyFailure({ name: "NotAllowedError" })).toBe(PASSKEY_CANCELLED);
    expect(ceremonyFailure({ name: "Error", code: "ERROR_CEREMONY_ABORTED" })).toBe(PASSKEY_CANCELLED);
    expect(ceremonyFailure({ name: "InvalidStateError" })).toBe(MSG.passkeyTaken);
    expect(ceremonyFailure({ code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" })).toBe(MSG.passkeyTaken);
    expect(ceremonyFailure(new Error("?"))).toBe(PASSKEY_FAILED);
    expect(ceremonyFailure(undefined)).toBe(PASSKEY_FAILED);
  });
});
