import { useRouteLoaderData } from "react-router";
import type { loader } from "../../routes/shop-layout";

/** The shop's identity (name, phone, WhatsApp, e-mail, address), loaded once by the layout. */
export function useShop() {
  return useRouteLoaderData<typeof loader>("routes/shop-layout")!.shop;
}
