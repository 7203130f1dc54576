import type { Device } from "@shop/shared";
import { apiClient } from "../../lib/api";

/**
 * 'Mes appareils': the signed-in account's open sessions and their end. Only the devices page
 * calls these, so they stay out of the storefront client every page loads (lib/api.ts).
 */
export function devicesApi(request?: Request) {
  const { send, call } = apiClient(request);
  return {
    /** Every open session of my account, the last used first; `current` is the one asking. */
    mine: async () => (await call<Device[]>("GET", "/api/my-devices")).data,
    /**
     * Ends one of my sessions. When it was this one, the API also clears the `token` cookie:
     * called in process, `setCookie` holds that cleared cookie for the page to pass on.
     */
    end: async (id: string) => {
      const { envelope, setCookie } = await send<null>("POST", `/api/my-devices/${encodeURIComponent(id)}/end`);
      return { message: envelope.message, setCookie };
    },
    /** Ends every session but this one; answers the API's message. */
    endOthers: async () => (await call<{ ended: number }>("POST", "/api/my-devices/end-others")).message,
  };
}
