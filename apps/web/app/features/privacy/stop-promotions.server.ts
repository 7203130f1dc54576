import { stopPromotionsInput } from "@shop/shared";
import { FIELD_MSG } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError } from "../../lib/api";
import { refusalOf, textOf } from "../../lib/form-values";
import { privacyApi } from "./privacy-api";
import type { StopLink, StopResult } from "./stop-promotions";

/**
 * What the page knows from its address alone: a token shaped as the shop's, or none. No call:
 * link previewers (WhatsApp's among them) open the links of a message, so opening one changes
 * nothing; only the button's form does.
 */
export function readStopLink(request: Request): StopLink {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return stopPromotionsInput.safeParse({ token }).success ? { valid: true, token } : { valid: false, token: "" };
}

/**
 * 'Ne plus recevoir de promotions', tapped: the token goes to the API, which tells the shop's
 * links from made-up ones (400, in its words). A malformed token is refused before any call.
 */
export async function stopPromotions(request: Request) {
  const parsed = stopPromotionsInput.safeParse({ token: textOf(await request.formData(), "token") });
  if (!parsed.success) {
    return data({ ok: false, message: FIELD_MSG.stopLinkInvalid, retry: false } satisfies StopResult, {
      status: 400,
    });
  }
  try {
    const message = await privacyApi(request).stopPromotions(parsed.data.token);
    return { ok: true, message, retry: false } satisfies StopResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error);
    // A link the shop did not sign is refused for good; a limit or a failure may be tried again.
    const result: StopResult = { ok: false, message: refusal.message, retry: refusal.status !== 400 };
    return data(result, { status: refusal.status });
  }
}
