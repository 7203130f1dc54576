import type { CartOrderInput } from "@shop/shared";
import { orderWhatsappLink } from "@shop/shared/core";
import { data, redirect } from "react-router";
import type { Notice } from "../../components/ui/flash-notice";
import { ApiError, api, errorMessage } from "../../lib/api";
import { withFlash } from "../../lib/flash.server";
import { fieldErrorsOf, textOf } from "../../lib/form-values";
import { loginHref } from "../auth/login-href";
import type { PendingAdd } from "../auth/pending-add";
import { redirectTarget } from "../auth/redirect-target";
import {
  checkDelivery,
  choiceOf,
  DELIVERY_FIELDS,
  type DeliveryErrors,
  type DeliveryState,
} from "../delivery/delivery-choice-state";
import { CART_INTENTS, type CartOrderRefusal, CHECK_CODE, type PromoState, RECORDED_PARAM } from "./cart-intents";

const SEE_OTHER = 303;
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;
const hasSession = (request: Request) => /(?:^|;\s*)token=/.test(request.headers.get("cookie") ?? "");
const back = (to: string, notice?: Notice) =>
  redirect(to, { status: SEE_OTHER, headers: notice ? withFlash(notice) : undefined });

/**
 * The cart's buttons posted as HTML forms, before the scripts have started (or without them):
 * the same API calls the scripts make, then back to a page that says what the toast would
 * have said (decision 027, "The first tap"). With scripts, the buttons do the same work in the
 * browser and this never runs.
 */
export async function cartAction(request: Request) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === CART_INTENTS.add) return add(request, form);
  if (intent === CART_INTENTS.line) return changeLine(request, form);
  if (intent === CART_INTENTS.order) return order(request, form);
  throw data(null, { status: 400 });
}

/**
 * 'Ajouter au panier': back to the page it was tapped on, saying so. A visitor goes to the
 * sign-in page, which adds the product once they are in and brings them to the product.
 */
async function add(request: Request, form: FormData) {
  const product: PendingAdd = { productId: textOf(form, "productId") };
  const variantId = textOf(form, "variantId");
  if (variantId) product.variantId = variantId;
  const page = redirectTarget(form.get("back"));
  // A card leaves it out: its product's page.
  const returnTo = redirectTarget(form.get("returnTo") ?? `/product/${encodeURIComponent(product.productId)}`, page);
  if (!hasSession(request)) return back(loginHref(returnTo, product));
  try {
    return back(page, {
      tone: "success",
      text: await api(request).addToCart(product.productId, variantId || undefined),
    });
  } catch (error) {
    if (signedOut(error)) return back(loginHref(returnTo, product));
    // Already in the cart, or sold out meanwhile: information, as the toast says it.
    const tone = error instanceof ApiError && error.status === 409 ? "info" : "error";
    return back(page, { tone, text: errorMessage(error) });
  }
}

/** A line's − / + (the quantity it asks for) or its removal; the cart shows the result. */
async function changeLine(request: Request, form: FormData) {
  const line = textOf(form, "line");
  const client = api(request);
  try {
    if (form.has("remove")) return back("/cart", { tone: "success", text: await client.deleteCartLine(line) });
    await client.updateCartLine(line, Number(textOf(form, "quantity")));
    return back("/cart");
  } catch (error) {
    if (signedOut(error)) return back(loginHref("/cart"));
    return back("/cart", { tone: "error", text: errorMessage(error) });
  }
}

const deliveryOf = (form: FormData): DeliveryState => ({
  mode: textOf(form, "deliveryOptionId"),
  neighbourhood: textOf(form, "neighbourhood"),
  city: textOf(form, "city"),
  landmark: textOf(form, "landmark"),
});

/**
 * 'Commander sur WhatsApp' / 'Commander par téléphone' with the delivery chosen: the order is
 * recorded under the page's idempotency key (a second tap is the same order), then WhatsApp
 * opens with its message, or the cart shows its reference and the shop's number to call.
 */
async function order(request: Request, form: FormData) {
  if (form.has(CHECK_CODE)) return checkCode(request, form);
  const channelField = form.get("channel");
  if (channelField !== "whatsapp" && channelField !== "phone") throw data(null, { status: 400 });
  const channel: CartOrderInput["channel"] = channelField;
  const client = api(request);
  const delivery = deliveryOf(form);
  const promoCode = textOf(form, "promoCode");
  const refuse = (deliveryErrors: DeliveryErrors, message: string, status: number, promo?: PromoState) =>
    data({ delivery, deliveryErrors, message, ...(promo ? { promo } : {}) } satisfies CartOrderRefusal, { status });
  try {
    const [offer, shop] = await Promise.all([client.deliveryOffer(), client.shop()]);
    const offered = offer.options.length > 0;
    const errors = offered ? checkDelivery(offer, delivery) : {};
    const first = DELIVERY_FIELDS.find((f) => errors[f]);
    if (first) return refuse(errors, errors[first] ?? "", 400);
    const key = textOf(form, "idempotencyKey") || undefined;
    const placed = await client.orderFromCart(channel, offered ? choiceOf(delivery) : {}, key, promoCode);
    if (channel === "whatsapp") return redirect(orderWhatsappLink(shop.whatsapp, placed), SEE_OTHER);
    return back(`/cart?${RECORDED_PARAM}=${encodeURIComponent(placed.reference)}`);
  } catch (error) {
    if (signedOut(error)) return back(loginHref("/cart"));
    if (!(error instanceof ApiError)) throw error;
    // Refused for its code: said beside the field, nothing recorded; the customer may order without it.
    const promo = codeRefusal(error) ? { code: promoCode, check: null, message: error.message } : undefined;
    return refuse(fieldErrorsOf(error.issues, DELIVERY_FIELDS), errorMessage(error), error.status || 500, promo);
  }
}

const codeRefusal = (error: ApiError) =>
  error.code === "promo-code-refused" || error.issues.some((i) => /^body\.(promoCode|phone)$/.test(i.path));

/** 'Appliquer' before the scripts run: the code checked, the page again with what it takes off. */
async function checkCode(request: Request, form: FormData) {
  const delivery = deliveryOf(form);
  const code = textOf(form, "promoCode");
  const answer = (promo: PromoState, status = 200) =>
    data({ delivery, deliveryErrors: {}, message: promo.message, promo } satisfies CartOrderRefusal, { status });
  if (!code.trim()) return answer({ code, check: null, message: "" });
  try {
    const { check, message } = await api(request).checkPromoCode(code);
    return answer({ code, check, message });
  } catch (error) {
    if (signedOut(error)) return back(loginHref("/cart"));
    if (!(error instanceof ApiError)) throw error;
    return answer({ code, check: null, message: error.message }, error.status || 500);
  }
}
