import type { Order, Payment } from "@shop/shared";
import { data } from "react-router";
import { ApiError, api } from "../../lib/api";
import { fieldErrorsOf, readFields, refusalOf } from "../../lib/form-values";
import { paymentApi } from "../payment/payment-api";

const LOOKUP_FIELDS = ["reference", "phone"] as const;
export type LookupValues = Record<(typeof LOOKUP_FIELDS)[number], string>;
export type LookupResult =
  | { ok: true; order: Order; payment: Payment | null; values: LookupValues }
  | { ok: false; message: string; values: LookupValues; fieldErrors: Partial<Record<keyof LookupValues, string>> };

/** The status page's question: an order is shown only for its reference and its phone number. */
export async function lookUpOrder(request: Request, form?: FormData) {
  const values = readFields(form ?? (await request.formData()), LOOKUP_FIELDS);
  const { result, status } = await findOrder(request, values);
  return result.ok ? result : data(result, { status });
}

/** The order of this reference and number with its last payment, or why not and the status to say it with. */
export async function findOrder(
  request: Request,
  values: LookupValues,
): Promise<{ result: LookupResult; status: number }> {
  try {
    const order = await api(request).orderStatus(values);
    // The last payment, to say a transfer is checked or why it was rejected (decision 026).
    const payment = await paymentApi(request)
      .orderPayment(order.reference, { contactPhone: values.phone })
      .then((p) => p.payments[0] ?? null)
      .catch(() => null);
    return { result: { ok: true, order, payment, values }, status: 200 };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // No such order (or not with this number) is the customer's to check, like a typo.
    const { message, status } = refusalOf(error, [404]);
    const failure: LookupResult = {
      ok: false,
      message,
      values,
      fieldErrors: fieldErrorsOf(error.issues, LOOKUP_FIELDS),
    };
    return { result: failure, status };
  }
}

/** A signed-in customer's own orders; nothing for a visitor. */
export async function myOrders(request: Request): Promise<Order[] | null> {
  if (!/(?:^|;\s*)token=/.test(request.headers.get("cookie") ?? "")) return null;
  try {
    return await api(request).myOrders();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}
