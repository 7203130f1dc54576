import { MSG } from "@shop/shared/core";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { redirect } from "react-router";
import { errorMessage } from "../../../lib/api";
import { textOf } from "../../../lib/form-values";
import { securityApi } from "./security-api";
import { SECURITY_INTENTS, type SecurityResult } from "./security-form";
import { securityLogin, sessionOver } from "./security-login";

export const PASSKEY_CANCELLED = "Ajout de la clé d'accès annulé.";
export const PASSKEY_FAILED = "La clé d'accès n'a pas pu être créée. Réessayez.";

const intent = SECURITY_INTENTS.addPasskey;

/**
 * Why the browser made no passkey, in words. `NotAllowedError` is what browsers say when the
 * person closes their prompt (or lets it time out); `InvalidStateError`, when this
 * authenticator already holds a passkey of the account (the options name them).
 */
export function ceremonyFailure(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED")
    return PASSKEY_CANCELLED;
  if (name === "InvalidStateError" || code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return MSG.passkeyTaken;
  return PASSKEY_FAILED;
}

/**
 * 'Ajouter une clé d'accès', the page's clientAction: the shop's options, the browser's prompt
 * (@simplewebauthn/browser, loaded only now, so that the page's first scripts do not carry it),
 * then the answer to the shop, which keeps the passkey and, for a first factor, gives the ten
 * recovery codes.
 */
export async function addPasskey(request: Request, form: FormData): Promise<SecurityResult | Response> {
  const name = textOf(form, "name").trim();
  const client = securityApi();
  try {
    const optionsJSON = (await client.passkeyOptions()) as unknown as PublicKeyCredentialCreationOptionsJSON;
    const { startRegistration } = await import("@simplewebauthn/browser");
    let response: unknown;
    try {
      response = await startRegistration({ optionsJSON });
    } catch (error) {
      return { intent, ok: false, message: ceremonyFailure(error) };
    }
    const added = await client.passkeyAdd({ response, ...(name ? { name } : {}) });
    return {
      intent,
      ok: true,
      message: added.message,
      ...(added.recoveryCodes ? { recoveryCodes: added.recoveryCodes } : {}),
    };
  } catch (error) {
    if (sessionOver(error)) return redirect(securityLogin(request));
    // The API's refusal in its words; the library that did not load, or no network, as the shop's.
    return { intent, ok: false, message: errorMessage(error) };
  }
}
