import type { ShopIdentity } from "@shop/shared";
import { useRouteLoaderData } from "react-router";
import type { Notice } from "../../components/ui/flash-notice";
import type { Session } from "./session";

/**
 * What the root route's loader gives every page (root.tsx): declared here rather than read off
 * the loader, so that a feature can use it without importing the root route, which imports
 * the features (decision 035).
 */
export interface RootData {
  /** The shop's identity: name, phone, WhatsApp, e-mail, address. */
  shop: ShopIdentity;
  session: Session | null;
  /** A message left by a form posted without JavaScript (lib/flash.server.ts), said once. */
  notice: Notice | null;
}

/** The root route's data; undefined only on an error screen whose root loader failed. */
export const useRootData = () => useRouteLoaderData("root") as RootData | undefined;
