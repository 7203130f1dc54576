import type { Order } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError, api } from "../../lib/api";

export type LookupValues = { reference: string; phone: string };
export type LookupResult =
  | { ok: true; order: Order }
  | { ok: false; message: string; values: LookupValues; fieldErrors: Partial<Record<keyof LookupValues, string>> };

/** The status page's question: an order is shown only for its reference and its phone number. */
export async function lookUpOrder(request: Request) {
  const form = await request.formData();
  const text = (key: keyof LookupValues) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const values = { reference: text("reference"), phone: text("phone") };
  try {
    return { ok: true, order: await api(request).orderStatus(values) } satisfies LookupResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const customers = [400, 404, 429].includes(error.status);
    const fieldErrors: Partial<Record<keyof LookupValues, string>> = {};
    for (const issue of error.issues) {
      const field = issue.path.split(".").at(-1);
      if (field === "reference" || field === "phone") fieldErrors[field] ??= issue.message;
    }
    const failure: LookupResult = {
      ok: false,
      message: customers ? error.message : MSG.serverError,
      values,
      fieldErrors,
    };
    return data(failure, { status: customers ? error.status : 500 });
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
