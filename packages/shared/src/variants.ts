/**
 * How a variant is named (decision 024): its option values in the options' order, "256 Go,
 * Noir"; empty for a product without options.
 */
export const variantLabel = (optionValues: readonly string[]) => optionValues.join(", ");

/** A cart or order line's name: "iPhone 15 — 256 Go, Noir", or the product's name alone. */
export const lineName = (productName: string, label: string) => (label ? `${productName} — ${label}` : productName);
