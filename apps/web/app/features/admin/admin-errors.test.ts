import { MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { ADMIN_TEXT, adminErrorMessage, isSecondFactorSetup } from "./admin-errors";

describe("adminErrorMessage", () => {
  const fallback = ADMIN_TEXT.productSaveError;

  it("says to sign in again when the session is missing or over", () => {
    expect(adminErrorMessage(new ApiError(401, MSG.authRequired), fallback)).toBe(
      "Erreur d'authentification, veuillez vous reconnecter.",
    );
  });

  it("gives the server's message for any other refusal", () => {
    expect(adminErrorMessage(new ApiError(403, MSG.productNotOwned), fallback)).toBe(MSG.productNotOwned);
    expect(adminErrorMessage(new ApiError(400, MSG.imageInvalid), fallback)).toBe(MSG.imageInvalid);
  });

  it("falls back when the server could not be reached or the error is not the API's", () => {
    expect(adminErrorMessage(new ApiError(0, "réseau"), fallback)).toBe(fallback);
    expect(adminErrorMessage(new TypeError("Failed to fetch"), fallback)).toBe(fallback);
  });
});

describe("isSecondFactorSetup", () => {
  it("is the 403 whose code asks for a second factor, not any 403", () => {
    const setup = new ApiError(403, MSG.secondFactorSetupRequired, [], { code: "second-factor-setup" });
    expect(isSecondFactorSetup(setup)).toBe(true);
    expect(isSecondFactorSetup(new ApiError(403, MSG.forbidden))).toBe(false);
    expect(isSecondFactorSetup(new ApiError(401, MSG.authRequired, [], { code: "second-factor-setup" }))).toBe(false);
    expect(isSecondFactorSetup(new Error("second-factor-setup"))).toBe(false);
  });

  it("is said in the server's words where a page shows an admin call's failure", () => {
    const setup = new ApiError(403, MSG.secondFactorSetupRequired, [], { code: "second-factor-setup" });
    expect(adminErrorMessage(setup, ADMIN_TEXT.genericError)).toBe(MSG.secondFactorSetupRequired);
  });
});
