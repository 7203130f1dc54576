import type { AdminPromotion, DiscountType, PromotionInput, PromotionKind, PromotionState } from "@shop/shared";
import {
  DISCOUNT_TYPES,
  FIELD_MSG,
  formatPrice,
  MSG,
  normalizeCode,
  PROMO_CODE_PATTERN,
  PROMOTION_KINDS,
  SHOP_TIME_ZONE,
} from "@shop/shared/core";
import type { ApiIssue } from "../../../lib/api";
import { textOf } from "../../../lib/form-values";

/** The 'Promotions' screen's form (decision 051), as typed and as the API takes it. */

export const PROMOTION_FIELDS = [
  "kind",
  "name",
  "code",
  "discountType",
  "value",
  "startsAt",
  "endsAt",
  "brands",
  "categories",
  "minSubtotal",
  "maxUses",
  "maxUsesPerCustomer",
  "stacksWithSale",
] as const;
export type PromotionField = (typeof PROMOTION_FIELDS)[number];
export type PromotionErrors = Partial<Record<PromotionField, string>>;

export interface PromotionValues {
  kind: PromotionKind;
  name: string;
  code: string;
  discountType: DiscountType;
  value: string;
  /** As an `<input type="datetime-local">` holds it, in Douala's time: "2026-11-27T08:00". */
  startsAt: string;
  endsAt: string;
  /** Comma-separated; empty with the categories: the whole catalogue. */
  brands: string;
  categories: string;
  minSubtotal: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  stacksWithSale: boolean;
}

export const KIND_LABELS: Record<PromotionKind, string> = { sale: "Soldes", code: "Code promo" };

export const DISCOUNT_LABELS: Record<DiscountType, string> = {
  percent: "Pourcentage",
  amount: "Montant en FCFA",
  free_delivery: "Livraison offerte",
};

export const STATE_LABELS: Record<PromotionState, string> = {
  scheduled: "à venir",
  running: "en cours",
  paused: "en pause",
  ended: "terminée",
};

export const NEW_PROMOTION: PromotionValues = {
  kind: "sale",
  name: "",
  code: "",
  discountType: "percent",
  value: "",
  startsAt: "",
  endsAt: "",
  brands: "",
  categories: "",
  minSubtotal: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  stacksWithSale: false,
};

// Douala is UTC+1 all year (no daylight saving), so a fixed offset converts both ways exactly.
const DOUALA_OFFSET = "+01:00";
const DOUALA_OFFSET_MS = 60 * 60_000;

/** An instant → what a datetime-local input shows in Douala: "2026-11-27T07:00:00Z" → "2026-11-27T08:00". */
export const doualaLocalOf = (iso: string) => new Date(Date.parse(iso) + DOUALA_OFFSET_MS).toISOString().slice(0, 16);

/** "2026-11-27T08:00" typed in Douala → "2026-11-27T08:00:00+01:00"; null when it is no real date and time. */
export function instantOf(local: string): string | null {
  const typed = local.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(typed)) return null;
  const instant = `${typed.slice(0, 16)}:00${DOUALA_OFFSET}`;
  // Date.parse rolls "2026-02-30" over to March: the round trip tells a real date.
  return Number.isNaN(Date.parse(instant)) || doualaLocalOf(instant) !== typed.slice(0, 16) ? null : instant;
}

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: SHOP_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "27/11/2026 08:00" in Douala, built from the parts so that every runtime's CLDR gives the same text. */
export function formatShopDateTime(iso: string): string {
  const part = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** "du 27/11/2026 08:00 au 30/11/2026 23:59", or "dès le … , sans fin" for a code that runs until ended. */
export const periodWords = ({ startsAt, endsAt }: Pick<AdminPromotion, "startsAt" | "endsAt">) =>
  endsAt === null
    ? `dès le ${formatShopDateTime(startsAt)}, sans date de fin`
    : `du ${formatShopDateTime(startsAt)} au ${formatShopDateTime(endsAt)}`;

/** "-10 %", "-5 000 FCFA" or "Livraison offerte" (no-break spaces, so a phone never splits them). */
export function discountWords({ discountType, value }: Pick<AdminPromotion, "discountType" | "value">): string {
  if (discountType === "percent") return `-${value}\u00a0%`;
  if (discountType === "amount") return `-${formatPrice(value)}`;
  return "Livraison offerte";
}

/** A code's count: "Utilisations : 3 / 20", or "Utilisations : 3" without a limit. */
export const usesWords = ({ uses, maxUses }: Pick<AdminPromotion, "uses" | "maxUses">) =>
  `Utilisations : ${uses}${maxUses === null ? "" : ` / ${maxUses}`}`;

/** What it applies to: "Tout le catalogue", or its brands, categories and products chosen. */
export function targetWords(p: Pick<AdminPromotion, "brands" | "categories" | "productIds" | "variantIds">): string {
  const chosen = p.productIds.length + p.variantIds.length;
  const parts = [
    p.brands.length ? `Marques : ${p.brands.join(", ")}` : "",
    p.categories.length ? `Catégories : ${p.categories.join(", ")}` : "",
    chosen ? `${chosen} article${chosen > 1 ? "s" : ""} choisi${chosen > 1 ? "s" : ""}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Tout le catalogue";
}

const textOfNumber = (n: number | null) => (n === null ? "" : String(n));

export function valuesOf(promotion: AdminPromotion): PromotionValues {
  return {
    kind: promotion.kind,
    name: promotion.name,
    code: promotion.code ?? "",
    discountType: promotion.discountType,
    value: promotion.discountType === "free_delivery" ? "" : String(promotion.value),
    startsAt: doualaLocalOf(promotion.startsAt),
    endsAt: promotion.endsAt === null ? "" : doualaLocalOf(promotion.endsAt),
    brands: promotion.brands.join(", "),
    categories: promotion.categories.join(", "),
    minSubtotal: textOfNumber(promotion.minSubtotal),
    maxUses: textOfNumber(promotion.maxUses),
    maxUsesPerCustomer: textOfNumber(promotion.maxUsesPerCustomer),
    stacksWithSale: promotion.stacksWithSale,
  };
}

const isKind = (v: string): v is PromotionKind => (PROMOTION_KINDS as readonly string[]).includes(v);
const isDiscount = (v: string): v is DiscountType => (DISCOUNT_TYPES as readonly string[]).includes(v);

export function readPromotionForm(form: FormData): PromotionValues {
  const kind = textOf(form, "kind");
  const discountType = textOf(form, "discountType");
  return {
    kind: isKind(kind) ? kind : "sale",
    name: textOf(form, "name"),
    code: textOf(form, "code"),
    discountType: isDiscount(discountType) ? discountType : "percent",
    value: textOf(form, "value"),
    startsAt: textOf(form, "startsAt"),
    endsAt: textOf(form, "endsAt"),
    brands: textOf(form, "brands"),
    categories: textOf(form, "categories"),
    minSubtotal: textOf(form, "minSubtotal"),
    maxUses: textOf(form, "maxUses"),
    maxUsesPerCustomer: textOf(form, "maxUsesPerCustomer"),
    stacksWithSale: textOf(form, "stacksWithSale") === "on",
  };
}

/** "Samsung, , Tecno " → ["Samsung", "Tecno"]. */
export const nameList = (text: string) =>
  text
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);

/** "50 000" → 50000; "" → null (none); anything else: undefined. */
export function wholeOf(text: string): number | null | undefined {
  const typed = text.replace(/\s/g, "");
  if (typed === "") return null;
  return /^\d+$/.test(typed) ? Number(typed) : undefined;
}

/**
 * The API's body (checkPromotion has made sure the numbers and dates read). A sale's code-only
 * fields are sent as typed, not dropped: a code typed under 'Soldes' is a mistake the server
 * names, not a sale to run on the whole shop without one. The products and variants chosen
 * are not in this form: an edit passes the promotion's own so that it keeps them.
 */
export function promotionBody(
  values: PromotionValues,
  kept: Pick<PromotionInput, "productIds" | "variantIds"> = { productIds: [], variantIds: [] },
): PromotionInput {
  const code = values.code.trim();
  return {
    kind: values.kind,
    name: values.name.trim(),
    code: code === "" ? null : code,
    discountType: values.discountType,
    value: values.discountType === "free_delivery" ? 0 : (wholeOf(values.value) ?? 0),
    startsAt: instantOf(values.startsAt) ?? values.startsAt,
    endsAt: values.endsAt.trim() === "" ? null : (instantOf(values.endsAt) ?? values.endsAt),
    productIds: [...kept.productIds],
    variantIds: [...kept.variantIds],
    categories: nameList(values.categories),
    brands: nameList(values.brands),
    minSubtotal: wholeOf(values.minSubtotal) ?? null,
    maxUses: wholeOf(values.maxUses) ?? null,
    maxUsesPerCustomer: wholeOf(values.maxUsesPerCustomer) ?? null,
    stacksWithSale: values.stacksWithSale,
  };
}

/** The checks made before calling the API, in its words, so that every field's mistake shows at once. */
export function checkPromotion(values: PromotionValues): PromotionErrors {
  const errors: PromotionErrors = {};
  const name = values.name.trim();
  if (!name || name.length > 60) errors.name = FIELD_MSG.promoNameRequired;
  const code = values.code.trim();
  if (values.kind === "code") {
    if (!code) errors.code = FIELD_MSG.promoCodeRequired;
    else if (!PROMO_CODE_PATTERN.test(normalizeCode(code))) errors.code = FIELD_MSG.promoCodeInvalid;
  } else {
    if (code) errors.code = FIELD_MSG.promoSaleHasNoCode;
    if (values.discountType === "free_delivery") errors.discountType = FIELD_MSG.promoSaleNoFreeDelivery;
    const codeOnly = [values.minSubtotal, values.maxUses, values.maxUsesPerCustomer].some((t) => t.trim() !== "");
    if (codeOnly || values.stacksWithSale) errors.kind = FIELD_MSG.promoSaleCodeFields;
  }
  const value = wholeOf(values.value);
  if (values.discountType === "percent" && !(value && value <= 99)) errors.value = FIELD_MSG.promoPercentInvalid;
  if (values.discountType === "amount" && !(value && value <= 10_000_000)) errors.value = FIELD_MSG.promoAmountInvalid;
  const startsAt = instantOf(values.startsAt);
  if (!startsAt) errors.startsAt = FIELD_MSG.promoDateInvalid;
  if (values.endsAt.trim() === "") {
    if (values.kind === "sale") errors.endsAt = FIELD_MSG.promoSaleNeedsEnd;
  } else {
    const endsAt = instantOf(values.endsAt);
    if (!endsAt) errors.endsAt = FIELD_MSG.promoDateInvalid;
    else if (startsAt && Date.parse(endsAt) <= Date.parse(startsAt)) errors.endsAt = FIELD_MSG.promoEndBeforeStart;
  }
  if (wholeOf(values.minSubtotal) === undefined || wholeOf(values.minSubtotal) === 0)
    errors.minSubtotal = FIELD_MSG.promoAmountInvalid;
  for (const field of ["maxUses", "maxUsesPerCustomer"] as const) {
    const uses = wholeOf(values[field]);
    if (uses === undefined || uses === 0) errors[field] = FIELD_MSG.promoUsesInvalid;
  }
  return errors;
}

/**
 * The API's refusal by field: its issues ("body.brands.2" is the brands' field), and a code
 * already taken, which the API answers without an issue (409), beside the code.
 */
export function promotionErrorsOf(issues: readonly ApiIssue[], message = ""): PromotionErrors {
  const errors: PromotionErrors = {};
  for (const issue of issues) {
    const field = issue.path.split(".")[1] as PromotionField;
    if ((PROMOTION_FIELDS as readonly string[]).includes(field)) errors[field] ??= issue.message;
  }
  if (message === MSG.promotionCodeTaken) errors.code ??= message;
  return errors;
}
