import { FIELD_MSG, ORDER_STATUSES, type OrderStatus } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";

/** What the order page's action answers: the new status and the server's words, or its refusal. */
export type StatusChangeResult = { ok: true; status: OrderStatus; message: string } | { ok: false; message: string };

const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * The order page's action: the status button's value goes to the API, which decides (a change
 * it does not allow, or one made meanwhile by another admin, is refused with 409 and its
 * message, shown as it is). The caller has checked the admin already.
 */
export async function changeStatus(request: Request, reference: string, form?: FormData) {
  const status = textOf(form ?? (await request.formData()), "status");
  if (!isStatus(status)) {
    return data({ ok: false, message: FIELD_MSG.orderStatusInvalid } satisfies StatusChangeResult, { status: 400 });
  }
  try {
    const { order, message } = await adminApi(request).changeOrderStatus(reference, status);
    return { ok: true, status: order.status, message } satisfies StatusChangeResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404, 409]);
    return data({ ok: false, message: refusal.message } satisfies StatusChangeResult, { status: refusal.status });
  }
}
