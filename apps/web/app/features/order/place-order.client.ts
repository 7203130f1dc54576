import { isNetworkFailure } from "../offline/kept-on-phone";
import { loadKeptOrders } from "../offline/load-kept-orders";
import { ORDER_TEXT_FIELDS } from "./order-form-data";
import type { OrderResult } from "./place-order.server";

/** The form is kept on the phone: it will leave when the network returns (features/offline). */
export interface KeptOrderResult {
  kept: true;
  key: string;
}

/** A send that has not answered by then is kept too: it goes again later under the same key. */
const SEND_WAIT_MS = 60_000;

const late = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new TypeError("no answer")), ms));

/**
 * The order page's clientAction (decision 034): the form goes to the page's action as without
 * scripts; without a network, or when the network fails on the way, it is kept on the phone
 * with its idempotency key instead of being lost, and it is sent when the network can take it. The
 * shop records it once, even if the first try did reach it.
 */
export async function placeOrderFromBrowser(
  request: Request,
  serverAction: () => Promise<OrderResult>,
): Promise<OrderResult | KeptOrderResult> {
  const form = await request.clone().formData();
  const key = form.get("idempotencyKey");
  if (typeof key !== "string" || !key) return serverAction();
  const keep = async (): Promise<KeptOrderResult> => {
    const file = form.get("file");
    const { keepOrder } = await loadKeptOrders();
    await keepOrder({
      key,
      form: {
        fields: ORDER_TEXT_FIELDS.map((name) => [name, String(form.get(name) ?? "")]),
        file: file instanceof Blob && file.size > 0 ? file : null,
        fileName: file instanceof File ? file.name : "fichier",
      },
    });
    return { kept: true, key };
  };
  if (!navigator.onLine) return keep();
  try {
    return await Promise.race([serverAction(), late(SEND_WAIT_MS)]);
  } catch (error) {
    if (isNetworkFailure(error)) return keep();
    throw error;
  }
}
