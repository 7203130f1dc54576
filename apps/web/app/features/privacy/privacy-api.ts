import type { PrivacyNotice, PrivacyRequestInput, PrivacyRequestReceipt } from "@shop/shared";
import { apiClient } from "../../lib/api";

/**
 * The customer's side of personal data (decisions 041, 043) that needs no account: the
 * one-tap stop of a message's link, a request made from the order status page, and what
 * 'Confidentialité' says. Only those pages call these, so they stay out of the storefront
 * client every page loads (lib/api.ts).
 */
export function privacyApi(request?: Request) {
  const { call } = apiClient(request);
  return {
    /** The link's token, as the message carried it; answers the API's message. */
    stopPromotions: async (token: string) => (await call<null>("POST", "/api/stop-promotions", { token })).message,
    /**
     * A request about the data of an order's customer, proved by its reference and number;
     * answers the receipt and its message (received, or already there: both say when the shop answers).
     */
    ask: async (input: PrivacyRequestInput) => {
      const envelope = await call<PrivacyRequestReceipt>("POST", "/api/privacy-requests", input);
      return { receipt: envelope.data, message: envelope.message };
    },
    /** 'Confidentialité', as data: the register, the retention settings, the services in use. */
    notice: async () => (await call<PrivacyNotice>("GET", "/api/privacy-notice")).data,
  };
}
