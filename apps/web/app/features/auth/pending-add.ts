/**
 * The product a visitor asked to add before signing in (routes/login.tsx): added once they
 * have, on the server or in the browser (decision 027, "The first tap"). Apart from the cart's
 * code so that only the sign-in page carries the reading of it.
 */
export interface PendingAdd {
  productId: string;
  variantId?: string;
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
