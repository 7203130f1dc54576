import { FIELD_MSG, MSG, normaliseCameroonPhone, ORDER_FILE_MAX_BYTES } from "@shop/shared/core";
import type { ApiIssue } from "../../lib/api";
import { fieldErrorsOf, readFields } from "../../lib/form-values";

/**
 * The order form's fields (SPEC.md §3): `text` is the delivery address; then the delivery chosen
 * (decision 025), under the API's names.
 */
export const ORDER_TEXT_FIELDS = [
  "name",
  "number",
  "text",
  "message",
  "deliveryOptionId",
  "neighbourhood",
  "city",
  "landmark",
] as const;
export type OrderTextField = (typeof ORDER_TEXT_FIELDS)[number];
export type OrderField = OrderTextField | "file";
export type OrderValues = Record<OrderTextField, string>;
export type OrderFieldErrors = Partial<Record<OrderField, string>>;

/** Types a browser may report for the files the shop accepts (the server checks the bytes). */
const ACCEPTED = /^(image\/(jpeg|png|webp|heic|heif)|application\/pdf)$/;
export const ORDER_FILE_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,application/pdf,.heic,.heif";

/** The text fields of a posted form (a missing one, or a file in its place, counts as empty). */
export const readOrderForm = (form: FormData): OrderValues => readFields(form, ORDER_TEXT_FIELDS);

const ORDER_FIELDS: readonly OrderField[] = [...ORDER_TEXT_FIELDS, "file"];

const FILE_MESSAGES: readonly string[] = [MSG.orderFileMissing, MSG.orderFileInvalid, MSG.orderFileTooLarge];

/** The API's refusal by field: its issues ("body.number"), and its file messages on the file. */
export function orderFieldErrors(message: string, issues: readonly ApiIssue[]): OrderFieldErrors {
  const errors = fieldErrorsOf(issues, ORDER_FIELDS);
  if (FILE_MESSAGES.includes(message)) errors.file ??= message;
  return errors;
}

/**
 * The checks the browser can make before sending (the server makes them all again): saves a
 * customer on mobile data from uploading a photo only to learn that the number was mistyped.
 */
export function checkOrderForm(
  values: Pick<OrderValues, "name" | "number" | "text">,
  file: File | null,
): OrderFieldErrors {
  const errors: OrderFieldErrors = {};
  if (!values.name.trim()) errors.name = FIELD_MSG.nameRequired;
  if (!values.number.trim()) errors.number = FIELD_MSG.phoneRequired;
  else if (!normaliseCameroonPhone(values.number)) errors.number = FIELD_MSG.phoneInvalid;
  if (!values.text.trim()) errors.text = FIELD_MSG.addressRequired;
  if (!file || file.size === 0) errors.file = MSG.orderFileMissing;
  else if (file.type && !ACCEPTED.test(file.type)) errors.file = MSG.orderFileInvalid;
  else if (file.size > ORDER_FILE_MAX_BYTES) errors.file = MSG.orderFileTooLarge;
  return errors;
}
