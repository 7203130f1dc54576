import type { OrderPayment, PaymentOperator } from "@shop/shared";
import { SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { ApiError } from "../../lib/api";
import { fieldErrorsOf, readFields, textOf } from "../../lib/form-values";
import { payPath } from "./pay-link";
import { PAY_FIELDS, type PayFailure, type PayIntent, SCREENSHOT_MAX_BYTES, SCREENSHOT_TOO_LARGE } from "./pay-result";
import { paymentApi } from "./payment-api";

export type PayScreenData =
  | { ok: true; payment: OrderPayment; token: string; askedOperator: string | null }
  | { ok: false; reference: string; message: string };

/** The link's key, from the form (a hidden field) or the page's address (`?t=`). */
const tokenOf = (request: Request, form?: FormData) =>
  (form && textOf(form, "token")) || new URL(request.url).searchParams.get("t") || "";

/** Refusals shown in the API's words: the customer's to mend, or the provider's state (409, 502, 503). */
const SAID_AS_IS = [400, 401, 403, 404, 409, 413, 415, 422, 429, 502, 503];

/**
 * /pay's loader: the order's payment screen, opened by its link's token (or the signed-in
 * owner's cookie). A wrong or stale link is answered on the page, with the way to find the order.
 */
export async function loadPayScreen(request: Request, reference: string) {
  const url = new URL(request.url);
  const token = tokenOf(request);
  try {
    const payment = await paymentApi(request).orderPayment(reference, token ? { token } : {});
    return { ok: true, payment, token, askedOperator: url.searchParams.get("operator") } satisfies PayScreenData;
  } catch (error) {
    if (!(error instanceof ApiError) || ![400, 401, 403, 404, 429].includes(error.status)) throw error;
    const refused: PayScreenData = {
      ok: false,
      reference,
      message:
        error.status === 429
          ? error.message
          : "Ce lien de paiement n'est pas valide. Retrouvez votre commande avec sa référence et votre numéro de téléphone.",
    };
    return data(refused, { status: error.status === 429 ? 429 : 404 });
  }
}

const intentOf = (form: FormData): PayIntent | null => {
  const intent = textOf(form, "intent");
  return intent === "mobile_money" || intent === "transfer" || intent === "cash" ? intent : null;
};

/**
 * /pay's action, one per way of paying. Mobile Money goes on to its waiting screen; a declared
 * transfer or the cash choice come back to the payment screen, which then says so (the page
 * can be reloaded without sending anything twice). A refusal stays beside its form, in the
 * API's words, with what was typed.
 */
export async function payAction(request: Request, reference: string) {
  const length = Number(request.headers.get("content-length"));
  if (Number.isFinite(length) && length > SCREENSHOT_MAX_BYTES + 64 * 1024) {
    const failure: PayFailure = {
      intent: "transfer",
      message: SCREENSHOT_TOO_LARGE,
      values: {},
      fieldErrors: { screenshot: SCREENSHOT_TOO_LARGE },
    };
    return data(failure, { status: 413 });
  }
  const form = await request.formData();
  const intent = intentOf(form);
  if (!intent) throw data(null, { status: 400 });
  const token = tokenOf(request, form);
  const access = token ? { token } : {};
  const values = readFields(form, ["operator", "phone", "transactionId"] as const);
  const client = paymentApi(request);
  // Back to the screen by its reference and token: the request's own URL may be the router's
  // data request (".data", "_routes"), not the page's address.
  const back = token ? payPath(reference, token) : `/pay/${encodeURIComponent(reference)}`;
  try {
    if (intent === "mobile_money") {
      const operator = values.operator as PaymentOperator;
      const payment = await client.payByMobileMoney(reference, { operator, phone: values.phone, ...access });
      return redirect(`/payment/${encodeURIComponent(payment._id)}`);
    }
    if (intent === "transfer") {
      const body = new FormData();
      body.set("operator", values.operator);
      body.set("transactionId", values.transactionId);
      if (token) body.set("token", token);
      const screenshot = form.get("screenshot");
      // A file input left empty still posts a nameless, empty part.
      if (screenshot instanceof File && screenshot.size > 0) body.set("screenshot", screenshot);
      await client.declareTransfer(reference, body);
    } else {
      await client.chooseCash(reference, access);
    }
    return redirect(back);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const said = SAID_AS_IS.includes(error.status);
    const failure: PayFailure = {
      intent,
      message: said ? error.message : SERVER_ERROR_MESSAGE,
      values,
      fieldErrors: fieldErrorsOf(error.issues, PAY_FIELDS),
    };
    return data(failure, { status: said ? error.status : 500 });
  }
}
