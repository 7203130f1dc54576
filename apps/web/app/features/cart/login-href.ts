/** The product a visitor asked to add before signing in: added once they have. */
export interface PendingAdd {
  productId: string;
  variantId?: string;
}

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

/** The product to add that a sign-in page's address or form carries, if any. */
export function pendingAdd(values: { get(name: string): unknown }): PendingAdd | undefined {
  const text = (name: string) => {
    const value = values.get(name);
    // An id is short and plain: anything else is not one, and is dropped.
    return typeof value === "string" && /^[\w-]{1,64}$/.test(value) ? value : undefined;
  };
  const productId = text("add");
  if (!productId) return undefined;
  const variantId = text("variant");
  return variantId ? { productId, variantId } : { productId };
}
