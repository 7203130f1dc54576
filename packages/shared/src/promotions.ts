/**
 * Promotions' arithmetic (decision 051), the one place both apps compute it: whole francs,
 * rounded in the customer's favour; sales never add to each other; a code applies to the lines
 * it names, after the sale if the owner lets it add to one.
 */

export const PROMOTION_KINDS = ["sale", "code"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const DISCOUNT_TYPES = ["percent", "amount", "free_delivery"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** A discount an order got, as the order keeps it (decision 051). */
export interface OrderDiscount {
  promotionId: string;
  kind: PromotionKind;
  /** The promotion's name as it was ("Black Friday"). */
  name: string;
  code: string | null;
  /** Francs taken off: the lines' (a sale's sum over its lines, or a code's), or the delivery waived. */
  amount: number;
  /** A code's free delivery: the amount is the fee waived. */
  deliveryFree: boolean;
}

/** Where a promotion applies: all four empty is the whole catalogue. */
export interface PromotionTarget {
  productIds: readonly string[];
  variantIds: readonly string[];
  /** Category names, as products carry them. */
  categories: readonly string[];
  brands: readonly string[];
}

/** What a line of the catalogue or of a cart is, for a target. */
export interface TargetedItem {
  productId: string;
  variantId?: string | null;
  category: string;
  brand: string;
}

const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();

export function targets(target: PromotionTarget, item: TargetedItem): boolean {
  const { productIds, variantIds, categories, brands } = target;
  if (!productIds.length && !variantIds.length && !categories.length && !brands.length) return true;
  return (
    productIds.includes(item.productId) ||
    (item.variantId != null && variantIds.includes(item.variantId)) ||
    categories.some((c) => fold(c) === fold(item.category)) ||
    brands.some((b) => fold(b) === fold(item.brand))
  );
}

/** A code as people type it ("black friday", " Noel-2026 ") → as stored ("BLACKFRIDAY", "NOEL-2026"). */
export const normalizeCode = (code: string) => code.replace(/\s+/g, "").toUpperCase();

/** Letters, digits, "-" and "_", 3 to 30 of them, once normalised. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,30}$/;

/** The francs a percentage takes off an amount, rounded up (the customer's favour). */
export const percentOff = (amount: number, percent: number) => Math.ceil((amount * percent) / 100);

/** A unit's price during a sale: never below 1 franc (a product is never given away, decision 048's floor). */
export function salePrice(usual: number, discount: { type: DiscountType; value: number }): number {
  switch (discount.type) {
    case "percent":
      return Math.max(Math.min(usual, 1), usual - percentOff(usual, discount.value));
    case "amount":
      return Math.max(Math.min(usual, 1), usual - discount.value);
    default:
      return usual;
  }
}

export interface SaleOffer {
  id: string;
  name: string;
  type: DiscountType;
  value: number;
  endsAt: Date | string | null;
}

/** The best sale of those given for a unit at `usual` francs (sales never add), or null. */
export function bestSale<T extends SaleOffer>(usual: number, sales: readonly T[]): { sale: T; price: number } | null {
  let best: { sale: T; price: number } | null = null;
  for (const sale of sales) {
    const price = salePrice(usual, sale);
    if (price < usual && (!best || price < best.price)) best = { sale, price };
  }
  return best;
}

export interface CodeLine extends TargetedItem {
  unitPrice: number;
  quantity: number;
  /** The line is on sale (its unit price is a sale's). */
  onSale: boolean;
}

export interface CodeOffer {
  type: DiscountType;
  value: number;
  minSubtotal: number | null;
  stacksWithSale: boolean;
  target: PromotionTarget;
}

/** Why a code gives nothing to this cart, or what it gives. */
export type CodeOutcome =
  | { ok: true; discount: number; deliveryFree: boolean; eligibleSubtotal: number }
  | { ok: false; reason: "minimum" | "no-line" };

/**
 * What a code takes off a cart (lines at the prices paid, sales included): a percentage or an
 * amount of the subtotal of the lines it applies to, at most that subtotal; or the delivery.
 * The minimum is the whole cart's subtotal.
 */
export function codeDiscount(code: CodeOffer, lines: readonly CodeLine[]): CodeOutcome {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  if (code.minSubtotal != null && subtotal < code.minSubtotal) return { ok: false, reason: "minimum" };
  const eligible = lines.filter((l) => (code.stacksWithSale || !l.onSale) && targets(code.target, l));
  if (!eligible.length) return { ok: false, reason: "no-line" };
  const eligibleSubtotal = eligible.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  switch (code.type) {
    case "percent":
      return {
        ok: true,
        discount: Math.min(eligibleSubtotal, percentOff(eligibleSubtotal, code.value)),
        deliveryFree: false,
        eligibleSubtotal,
      };
    case "amount":
      return { ok: true, discount: Math.min(eligibleSubtotal, code.value), deliveryFree: false, eligibleSubtotal };
    default:
      return { ok: true, discount: 0, deliveryFree: true, eligibleSubtotal };
  }
}

/** 'Plus que 2 j 4 h': what is left of a sale, from `now`, in days and hours (minutes in the last hour). */
export function timeLeft(endsAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `Plus que ${days} j ${hours} h`;
  if (hours > 0) return `Plus que ${hours} h ${minutes % 60} min`;
  return `Plus que ${Math.max(1, minutes)} min`;
}
