import { useRootData } from "./root-data";

/** The shop's identity (name, phone, WhatsApp, e-mail, address), loaded once by the root route. */
export function useShop() {
  return useRootData()!.shop;
}
