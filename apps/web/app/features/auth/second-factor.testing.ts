import { MSG } from "@shop/shared/core";

/**
 * The API's answers of the sign-in's second step (decision 040), for the tests of this feature:
 * `/api/signin`'s refusal of a right password for an account with a second factor.
 */
export const secondFactorNeeded = (methods = ["totp", "passkey", "recovery"], ticket = "ticket.signé") => ({
  status: 401,
  body: {
    success: false,
    error: true,
    message: MSG.secondFactorNeeded,
    data: null,
    code: "second-factor-needed",
    secondFactor: { ticket, methods },
  },
});

/** A passkey's options and the browser's assertion, as `@simplewebauthn/browser` hands them over. */
export const PASSKEY_OPTIONS = { challenge: "défi", allowCredentials: [], rpId: "localhost" };
export const PASSKEY_ASSERTION = {
  id: "cred",
  rawId: "cred",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
};
