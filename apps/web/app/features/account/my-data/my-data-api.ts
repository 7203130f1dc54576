import type {
  DeleteAccountInput,
  MyAccountInput,
  MyData,
  MyPasswordInput,
  MyPromotionsInput,
  PromotionsChoice,
  User,
} from "@shop/shared";
import { apiClient } from "../../../lib/api";

/**
 * 'Mes données' (decision 041): everything the shop keeps about the signed-in person, its
 * corrections and its erasure. Only that page calls these, so they stay out of the storefront
 * client every page loads (lib/api.ts), as 'Mes appareils' does.
 */
export function myDataApi(request?: Request) {
  const { send, call } = apiClient(request);
  return {
    mine: async () => (await call<MyData>("GET", "/api/my-data")).data,
    /** Name, e-mail and photo; answers the API's message. */
    updateAccount: async (input: MyAccountInput) => (await call<User>("POST", "/api/my-account", input)).message,
    /**
     * Every session of the account ends and this one gets a new one: called in process,
     * `setCookie` holds its cookie for the page to pass on, or the person would be signed out.
     */
    changePassword: async (input: MyPasswordInput) => {
      const { envelope, setCookie } = await send<string>("POST", "/api/my-password", input);
      return { message: envelope.message, setCookie };
    },
    /** Stops the shop's promotions and reminders, or receives them again; answers the choice now and the message. */
    setPromotions: async (input: MyPromotionsInput) => {
      const envelope = await call<PromotionsChoice>("POST", "/api/my-promotions", input);
      return { choice: envelope.data, message: envelope.message };
    },
    /** Erases the account; `setCookie` holds the cleared session cookie for the browser. */
    deleteAccount: async (input: DeleteAccountInput) => {
      const { envelope, setCookie } = await send<{ ordersAnonymised: number; filesRemoved: number }>(
        "POST",
        "/api/delete-my-account",
        input,
      );
      return { message: envelope.message, setCookie };
    },
  };
}
