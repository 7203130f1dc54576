import { MSG, ORDER_FILE_MAX_BYTES } from "@shop/shared/core";

/** The three ways /pay offers, each its own form posting `intent`. */
export type PayIntent = "mobile_money" | "transfer" | "cash";

export const PAY_FIELDS = ["operator", "phone", "transactionId", "screenshot"] as const;
export type PayField = (typeof PAY_FIELDS)[number];

/** A refused payment form: which one, the API's French words, what was typed, and by field. */
export interface PayFailure {
  intent: PayIntent;
  message: string;
  values: Partial<Record<"operator" | "phone" | "transactionId", string>>;
  fieldErrors: Partial<Record<PayField, string>>;
}

/** A transfer's screenshot: what the API takes (an image or a PDF, as an order's file). */
export const SCREENSHOT_MAX_BYTES = ORDER_FILE_MAX_BYTES;
export const SCREENSHOT_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,application/pdf";
export const SCREENSHOT_TOO_LARGE = MSG.orderFileTooLarge;
