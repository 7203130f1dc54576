import type { Order } from "@shop/shared";
import { MSG, ORDER_FILE_MAX_BYTES } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError, api } from "../../lib/api";
import { refusalOf } from "../../lib/form-values";
import { type OrderFieldErrors, type OrderValues, orderFieldErrors, readOrderForm } from "./order-form-data";

export type OrderResult =
  | { ok: true; message: string; order: Order }
  | { ok: false; message: string; values: OrderValues; fieldErrors: OrderFieldErrors };

/** The file and a few kilobytes of text: a bigger body is refused before it is read. */
const MAX_BODY_BYTES = ORDER_FILE_MAX_BYTES + 64 * 1024;
const EMPTY: OrderValues = {
  name: "",
  number: "",
  text: "",
  message: "",
  deliveryOptionId: "",
  neighbourhood: "",
  city: "",
  landmark: "",
};

/**
 * The order page's action: the form (with its file) goes to the API, which checks and records
 * it. Runs on the server, so the form works before (or without) JavaScript; a failure gives
 * back everything the customer typed, with the French error beside its field.
 */
export async function placeOrder(request: Request) {
  const length = Number(request.headers.get("content-length"));
  if (!Number.isFinite(length) || length > MAX_BODY_BYTES) {
    const failure: OrderResult = {
      ok: false,
      message: MSG.orderFileTooLarge,
      values: EMPTY,
      fieldErrors: { file: MSG.orderFileTooLarge },
    };
    return data(failure, { status: 413 });
  }
  const form = await request.formData();
  const values = readOrderForm(form);
  try {
    const { order, message } = await api(request).placeOrder(form);
    return { ok: true, message, order } satisfies OrderResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { message, status } = refusalOf(error);
    const failure: OrderResult = {
      ok: false,
      message,
      values,
      fieldErrors: orderFieldErrors(error.message, error.issues),
    };
    return data(failure, { status });
  }
}
