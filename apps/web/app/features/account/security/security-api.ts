import type { FactorAdded, SecondFactor, SecurityOverview, TotpSetup } from "@shop/shared";
import { apiClient } from "../../../lib/api";

const factorPath = (id: string) => `/api/second-factors/${encodeURIComponent(id)}`;

/**
 * 'Sécurité du compte' (decision 040): the signed-in account's second factors and recovery
 * codes. Only that page calls these, so they stay out of the storefront client every page
 * loads (lib/api.ts), as 'Mes appareils' does.
 */
export function securityApi(request?: Request) {
  const { call } = apiClient(request);
  return {
    overview: async () => (await call<SecurityOverview>("GET", "/api/second-factors")).data,
    /** A new authenticator secret, not saved until a code proves the app holds it. */
    totpStart: async () => {
      const envelope = await call<TotpSetup>("POST", "/api/second-factors/totp/start");
      return { setup: envelope.data, message: envelope.message };
    },
    totpConfirm: async (input: { setupToken: string; code: string; name?: string }) => {
      const envelope = await call<FactorAdded>("POST", "/api/second-factors/totp", input);
      return { ...envelope.data, message: envelope.message };
    },
    /** `PublicKeyCredentialCreationOptionsJSON`, for `startRegistration` of @simplewebauthn/browser. */
    passkeyOptions: async () =>
      (await call<Record<string, unknown>>("POST", "/api/second-factors/passkey/options")).data,
    passkeyAdd: async (input: { name?: string; response: unknown }) => {
      const envelope = await call<FactorAdded>("POST", "/api/second-factors/passkey", input);
      return { ...envelope.data, message: envelope.message };
    },
    rename: async (id: string, name: string) => (await call<SecondFactor>("PATCH", factorPath(id), { name })).message,
    remove: async (id: string) => (await call<null>("DELETE", factorPath(id))).message,
    /** Ten new codes; the old ones stop working. */
    renewRecoveryCodes: async () => {
      const envelope = await call<{ codes: string[] }>("POST", "/api/second-factors/recovery-codes");
      return { codes: envelope.data.codes, message: envelope.message };
    },
  };
}
