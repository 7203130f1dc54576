import { FIELD_MSG } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf, textOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";

/** The answer to 'Fixer les frais de livraison', beside its form. */
export interface DeliveryFeeResult {
  fee: true;
  ok: boolean;
  message: string;
}

/**
 * The fee of a delivery "à confirmer" (shipping out of Yaoundé, decision 025), once the shop
 * has asked the carrier; the server refuses a second one, or one on a paid order (409).
 */
export async function confirmDeliveryFee(request: Request, reference: string, form: FormData) {
  const typed = textOf(form, "fee").replace(/\s/g, "");
  if (!/^\d+$/.test(typed)) {
    return data({ fee: true, ok: false, message: FIELD_MSG.deliveryFeeInvalid } satisfies DeliveryFeeResult, {
      status: 400,
    });
  }
  try {
    const message = await adminApi(request).confirmDeliveryFee(reference, Number(typed));
    return { fee: true, ok: true, message } satisfies DeliveryFeeResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [404, 409]);
    return data({ fee: true, ok: false, message: refusal.message } satisfies DeliveryFeeResult, {
      status: refusal.status,
    });
  }
}
