/** What a product's card posts to the grid's action (decision 046), and what it answers. */
export const PRODUCT_INTENTS = ["hide", "show", "duplicate"] as const;
export type ProductIntent = (typeof PRODUCT_INTENTS)[number];

export type ProductActionResult = { ok: true; intent: ProductIntent; message: string } | { ok: false; message: string };
