import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { api } from "../../lib/api";

/** The browser answered no passkey: the visitor closed its window, waited too long, or has none here. */
export const PASSKEY_NOT_USED = "Aucune clé d'accès n'a été utilisée. Réessayez, ou choisissez un autre moyen.";

/** A passkey button reached the server without the page's scripts (they ask the browser for it). */
export const PASSKEY_NEEDS_SCRIPTS = "La clé d'accès demande que la page soit entièrement chargée. Réessayez.";

/**
 * Whether this browser can use a passkey: `browserSupportsWebAuthn()` of
 * `@simplewebauthn/browser`, written here so that asking does not load the library, which a
 * page only fetches once a passkey button is used.
 */
export const supportsPasskeys = () => typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** The ceremony failed in the browser, not at the shop: the visitor is told `PASSKEY_NOT_USED`. */
export class PasskeyNotUsed extends Error {}

/**
 * Asks the browser for a passkey of this shop: with the ticket of the sign-in's second step,
 * one of that account's; without, any (a discoverable credential, the passwordless sign-in).
 * The library is loaded now, beside the options' call, never with the page. The API's
 * refusals come as ApiError; the browser's as PasskeyNotUsed.
 */
export async function askPasskey(ticket?: string): Promise<AuthenticationResponseJSON> {
  const library = import("@simplewebauthn/browser");
  // Not left unhandled while the options' call is awaited (its failure is the one reported).
  library.catch(() => undefined);
  const optionsJSON = await api().passkeyOptions(ticket);
  try {
    const { startAuthentication } = await library;
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw new PasskeyNotUsed(error instanceof Error ? error.message : String(error));
  }
}
