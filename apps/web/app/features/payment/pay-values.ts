import { FIELD_MSG, normaliseCameroonPhone, PAYMENT_OPERATOR_LABELS, type PaymentOperator } from "@shop/shared/core";

export const isOperator = (value: unknown): value is PaymentOperator => value === "mtn" || value === "orange";

export const otherOperator = (operator: PaymentOperator): PaymentOperator => (operator === "mtn" ? "orange" : "mtn");

/**
 * The operator a Cameroonian mobile number most likely belongs to, from the prefixes we are sure
 * of (MTN: 67x, 650–654; Orange: 69x, 655–659); null for the others (68x is shared, numbers are
 * ported): a guess to prefill and to warn gently, never a rule.
 */
export function operatorOfPhone(phone: string): PaymentOperator | null {
  const digits = normaliseCameroonPhone(phone);
  if (!digits) return null;
  const national = digits.slice(3);
  if (/^67/.test(national) || /^65[0-4]/.test(national)) return "mtn";
  if (/^69/.test(national) || /^65[5-9]/.test(national)) return "orange";
  return null;
}

/** "+237677123456" as a customer types it: "6 77 12 34 56"; anything else as it is. */
export function nationalPhone(phone: string | null): string {
  if (!phone) return "";
  const digits = normaliseCameroonPhone(phone);
  if (!digits) return phone;
  return digits.slice(3).replace(/^(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/, "$1 $2 $3 $4 $5");
}

export interface MobileMoneyValues {
  operator: PaymentOperator | null;
  phone: string;
}

/**
 * What the Mobile Money form starts with: what was sent and refused, else the operator the link
 * asked for ('Payer avec Orange Money' from the waiting screen) and the order's number, else
 * the operator that number seems to belong to.
 */
export function initialMobileMoney({
  refused,
  askedOperator,
  orderPhone,
}: {
  refused?: { operator: string; phone: string };
  askedOperator?: string | null;
  orderPhone: string | null;
}): MobileMoneyValues {
  if (refused) return { operator: isOperator(refused.operator) ? refused.operator : null, phone: refused.phone };
  const phone = nationalPhone(orderPhone);
  return { operator: isOperator(askedOperator) ? askedOperator : operatorOfPhone(phone), phone };
}

export type MobileMoneyErrors = Partial<Record<"operator" | "phone", string>>;

/** The browser's check before sending, in the contract's words; the server checks again. */
export function checkMobileMoney(values: MobileMoneyValues): MobileMoneyErrors {
  const errors: MobileMoneyErrors = {};
  if (!values.operator) errors.operator = FIELD_MSG.paymentOperatorInvalid;
  if (!values.phone.trim()) errors.phone = FIELD_MSG.phoneRequired;
  else if (!/^2376\d{8}$/.test(normaliseCameroonPhone(values.phone) ?? "")) errors.phone = MOBILE_NUMBER_INVALID;
  return errors;
}

export const MOBILE_NUMBER_INVALID =
  "Entrez un numéro Mobile Money camerounais : 9 chiffres commençant par 6, par exemple 6 77 12 34 56.";

/**
 * A gentle word when the number does not look like the chosen operator's: the customer may have
 * ported their number, so it never stops the form.
 */
export function operatorMismatch(values: MobileMoneyValues): string | null {
  const guess = operatorOfPhone(values.phone);
  if (!values.operator || !guess || guess === values.operator) return null;
  return `Ce numéro ressemble à un numéro ${PAYMENT_OPERATOR_LABELS[guess]}. Vérifiez l'opérateur choisi : la demande sera envoyée sur ${PAYMENT_OPERATOR_LABELS[values.operator]}.`;
}

export type TransferErrors = Partial<Record<"operator" | "transactionId" | "screenshot", string>>;

/** The transaction ID as the server compares it: upper case, without spaces. */
export const normaliseTransactionId = (id: string) => id.trim().toUpperCase().replace(/\s+/g, "");

/** "J'ai déjà payé par transfert", checked in the browser in the contract's words. */
export function checkTransfer(
  values: { operator: string; transactionId: string },
  screenshot: File | null,
  maxBytes: number,
  tooLarge: string,
): TransferErrors {
  const errors: TransferErrors = {};
  if (!isOperator(values.operator)) errors.operator = FIELD_MSG.paymentOperatorInvalid;
  const id = normaliseTransactionId(values.transactionId);
  if (!id) errors.transactionId = FIELD_MSG.transactionIdRequired;
  else if (id.length > 40 || !/^[A-Z0-9.\-_]+$/.test(id)) errors.transactionId = FIELD_MSG.transactionIdInvalid;
  if (screenshot && screenshot.size > maxBytes) errors.screenshot = tooLarge;
  return errors;
}
