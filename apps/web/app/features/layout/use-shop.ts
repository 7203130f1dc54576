import { useRouteLoaderData } from "react-router";
import type { loader } from "../../root";

/** The shop's identity (name, phone, WhatsApp, e-mail, address), loaded once by the root route. */
export function useShop() {
  return useRouteLoaderData<typeof loader>("root")!.shop;
}
