import type { PendingAdd } from "./pending-add";

/**
 * The sign-in page, asked to bring the visitor back to `path` afterwards, and to add `add` to
 * their cart on the way. Slashes stay readable in the address bar; anything else that means
 * something in a query string is encoded.
 */
export function loginHref(path: string, add?: PendingAdd): string {
  const params = new URLSearchParams({ redirectTo: path });
  if (add?.productId) params.set("add", add.productId);
  if (add?.productId && add.variantId) params.set("variant", add.variantId);
  return `/login?${params.toString().replaceAll("%2F", "/")}`;
}
