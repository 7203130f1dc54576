import { PHONE_PREFIX } from "./constants.ts";
import { type DeliveryNaming, deliveryFeeLabel, deliveryPlaceLabel, orderTotal } from "./delivery.ts";
import { durationInWords } from "./messages.ts";
import { formatPrice } from "./money.ts";
import { lineName } from "./variants.ts";

/**
 * Normalises a Cameroon phone number to its international digits (237XXXXXXXXX).
 * Accepts spaces, dots, dashes, a leading + or 00, and the 9-digit national form.
 * Returns null when the result is not a Cameroon number.
 */
export function normaliseCameroonPhone(input: string): string | null {
  let digits = input.replace(/[\s.\-()]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  else if (digits.startsWith("00")) digits = digits.slice(2);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 9) digits = PHONE_PREFIX + digits;
  if (digits.length !== 12 || !digits.startsWith(PHONE_PREFIX)) return null;
  // National numbers are 9 digits starting with 2 (fixed) or 6 (mobile).
  if (!/^[26]/.test(digits.slice(3))) return null;
  return digits;
}

/** https://wa.me link to a number, with a prefilled text when there is one. */
export function whatsappLink(phoneDigits: string, text?: string): string {
  return text ? `https://wa.me/${phoneDigits}?text=${encodeURIComponent(text)}` : `https://wa.me/${phoneDigits}`;
}

/** The one-time link an admin sends a customer who forgot their password (decision 032). */
export function passwordResetWhatsappMessage(
  shopName: string,
  customerName: string,
  url: string,
  ttlSeconds: number,
): string {
  return `Bonjour ${customerName}, voici le lien pour choisir un nouveau mot de passe sur ${shopName} : ${url} (valable ${durationInWords(ttlSeconds)}, une seule fois).`;
}

/** The back-office's message to a visitor who asked to be told ('Prévenez-moi', decision 024). */
export function restockWhatsappMessage(
  shopName: string,
  productName: string,
  variantLabel: string,
  /** The one-tap link to stop such messages (decision 043), when the server gave one. */
  stopUrl?: string,
): string {
  const stop = stopUrl ? ` Pour ne plus recevoir nos rappels ni nos promotions : ${stopUrl}` : "";
  return `Bonjour, bonne nouvelle de ${shopName} : « ${lineName(productName, variantLabel)} » est de nouveau en stock. Vous pouvez le commander dès maintenant.${stop}`;
}

/** The product page's prefilled message (SPEC.md §7). */
export function productWhatsappMessage(productName: string, sellingPrice: number): string {
  return `Bonjour, je suis intéressé par le produit ${productName} (${formatPrice(sellingPrice)}). Pouvez-vous m'en dire plus ?`;
}

/** A cart line as the WhatsApp order message lists it. */
export interface MessageLine {
  productName: string;
  /** The variant's values ("256 Go, Noir"), named after the product (decision 024). */
  variantLabel?: string;
  quantity: number;
  unitPrice: number;
}

/** The delivery an order message names (decision 025), as the order kept it. */
export interface MessageDelivery extends DeliveryNaming {
  fee: number | null;
  free: boolean;
  landmark: string;
}

/** "Livraison : Bastos (Zone 2 — 24 h) : 1 500 FCFA", and the landmark's line when there is one. */
export function deliveryLines(delivery: MessageDelivery): string[] {
  const lines = [`Livraison : ${deliveryPlaceLabel(delivery)} : ${deliveryFeeLabel(delivery.fee, delivery.free)}`];
  if (delivery.landmark) lines.push(`Point de repère : ${delivery.landmark}`);
  return lines;
}

/**
 * The cart's order message (SPEC.md §7): every line (number, name, quantity, price in FCFA),
 * the total quantity, the total price and thanks, plus the reference the shop recorded. Without
 * a reference (null) it is the spec's message as sent before the order is recorded: the cart's
 * link before the page's scripts have run. With a delivery (decision 025), the subtotal, the
 * delivery and its landmark come before the total price, which then includes the fee.
 */
export function cartWhatsappMessage(
  reference: string | null,
  lines: readonly MessageLine[],
  delivery: MessageDelivery | null = null,
  discounts: readonly MessageDiscount[] = [],
): string {
  let quantity = 0;
  let price = 0;
  const rows = lines.map((line, i) => {
    quantity += line.quantity;
    price += line.quantity * line.unitPrice;
    return `${i + 1}. ${lineName(line.productName, line.variantLabel ?? "")} - Quantité : ${line.quantity} - Prix : ${formatPrice(line.unitPrice)}`;
  });
  // A code's francs come off the lines' total; a sale's are already in the prices (decision 051).
  const codeOff = discounts.reduce((sum, d) => sum + (d.kind === "code" && !d.deliveryFree ? d.amount : 0), 0);
  const toPay = price - codeOff;
  return [
    reference ? `Bonjour, je souhaite commander (référence ${reference}) :` : "Bonjour, je souhaite commander :",
    ...rows,
    `Quantité totale : ${quantity}`,
    ...(delivery || discounts.length ? [`Sous-total : ${formatPrice(price)}`] : []),
    ...discounts.map(discountLine),
    ...(delivery ? deliveryLines(delivery) : []),
    `Prix total : ${formatPrice(delivery ? orderTotal(toPay, delivery.fee) : toPay)}${delivery?.fee === null ? " (hors livraison)" : ""}`,
    "Merci !",
  ].join("\n");
}

/** A discount an order got, as its message names it (decision 051). */
export interface MessageDiscount {
  kind: "sale" | "code";
  name: string;
  code: string | null;
  amount: number;
  deliveryFree: boolean;
}

/** What a discount is called on an order: "Soldes « Black Friday »", "Code promo RADIOFM94". */
export const discountLabel = (d: MessageDiscount) =>
  d.kind === "sale" ? `Soldes « ${d.name} »` : `Code promo ${d.code ?? d.name}`;

/** What it took: "-5 000 FCFA", "livraison offerte", "-19 998 FCFA (déjà déduits des prix)" for a sale. */
export const discountValue = (d: MessageDiscount) =>
  d.kind === "sale"
    ? `-${formatPrice(d.amount)} (déjà déduits des prix)`
    : d.deliveryFree
      ? "livraison offerte"
      : `-${formatPrice(d.amount)}`;

const discountLine = (d: MessageDiscount) => `${discountLabel(d)} : ${discountValue(d)}`;

/**
 * The WhatsApp link of a recorded order: the shop's number, the order's lines as recorded, its
 * reference, and its delivery with the total to pay.
 */
export const orderWhatsappLink = (
  whatsapp: string,
  order: {
    reference: string;
    lines: readonly MessageLine[];
    delivery?: MessageDelivery | null;
    discounts?: readonly MessageDiscount[];
  },
) => whatsappLink(whatsapp, cartWhatsappMessage(order.reference, order.lines, order.delivery ?? null, order.discounts));

/** The order form's confirmation: the customer sends the shop the reference just recorded. */
export function orderReferenceWhatsappMessage(reference: string): string {
  return `Bonjour, je viens de passer la commande ${reference} sur le site. Merci de me confirmer sa prise en charge.`;
}
