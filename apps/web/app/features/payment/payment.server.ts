import { data } from "react-router";
import { ApiError } from "../../lib/api";
import { paymentApi } from "./payment-api";

/** /payment/:id's loader: the attempt, its id being its key; an unknown one is the shop's 404. */
export async function loadPayment(request: Request, id: string) {
  try {
    return { payment: await paymentApi(request).paymentPoll(id) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) throw data(null, { status: 404 });
    throw error;
  }
}
