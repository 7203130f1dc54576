import type { SecondFactorKind } from "@shop/shared";
import { textOf } from "../../../lib/form-values";

/** The kinds of factor, as the page names them. */
export const FACTOR_KIND_LABELS: Record<SecondFactorKind, string> = {
  passkey: "Clé d'accès",
  totp: "Application d'authentification",
};

/**
 * What the forms of 'Sécurité du compte' ask of the page's action. Every one but the passkey's
 * is a plain HTML form the server answers; a passkey is made by the browser, so its form is
 * answered by the page's clientAction and is only drawn once the scripts run.
 */
export const SECURITY_INTENTS = {
  rename: "rename",
  remove: "remove",
  totpStart: "totp-start",
  totpConfirm: "totp-confirm",
  renewCodes: "renew-codes",
  addPasskey: "add-passkey",
} as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[keyof typeof SECURITY_INTENTS];

/**
 * An authenticator being set up. The server keeps nothing until a code proves the app holds
 * the secret: the sealed `setupToken` goes back with the code, and the QR code and secret travel
 * in the form too, so that a mistyped code shows the same set-up again, without scripts as with.
 */
export interface TotpInProgress {
  setupToken: string;
  /** Base32, as the server gave it. */
  secret: string;
  /** The server's SVG data URL. */
  qr: string;
}

export type SecurityChoice =
  | { intent: typeof SECURITY_INTENTS.rename; id: string; name: string }
  | { intent: typeof SECURITY_INTENTS.remove; id: string }
  | { intent: typeof SECURITY_INTENTS.totpStart }
  | { intent: typeof SECURITY_INTENTS.totpConfirm; setup: TotpInProgress; code: string; name: string }
  | { intent: typeof SECURITY_INTENTS.renewCodes }
  | { intent: typeof SECURITY_INTENTS.addPasskey; name: string };

const BASE32 = /^[A-Z2-7]+=*$/;
/** Only the server's own picture is drawn again: an SVG data URL of reasonable size. */
const QR = /^data:image\/svg\+xml[;,]/;
const QR_MAX = 200_000;

/** The posted choice, or null for a form no page of the shop sends. */
export function readSecurityChoice(form: FormData): SecurityChoice | null {
  const intent = textOf(form, "intent");
  const id = textOf(form, "id");
  const name = textOf(form, "name").trim();
  switch (intent) {
    case SECURITY_INTENTS.rename:
      return id ? { intent, id, name } : null;
    case SECURITY_INTENTS.remove:
      return id ? { intent, id } : null;
    case SECURITY_INTENTS.totpStart:
    case SECURITY_INTENTS.renewCodes:
      return { intent };
    case SECURITY_INTENTS.totpConfirm: {
      const setupToken = textOf(form, "setupToken");
      if (!setupToken) return null;
      const secret = textOf(form, "secret").replace(/\s+/g, "").toUpperCase();
      const qr = textOf(form, "qr");
      return {
        intent,
        setup: {
          setupToken,
          secret: BASE32.test(secret) ? secret : "",
          qr: QR.test(qr) && qr.length < QR_MAX ? qr : "",
        },
        code: textOf(form, "code").trim(),
        name,
      };
    }
    case SECURITY_INTENTS.addPasskey:
      return { intent, name };
    default:
      return null;
  }
}

/** What an action answered, said beside the form that asked. */
export interface SecurityResult {
  intent: SecurityIntent;
  ok: boolean;
  message: string;
  /** The factor a rename or a removal was about. */
  id?: string;
  /** Ten codes, shown this once: a first factor's, or new ones. */
  recoveryCodes?: string[];
  /** The authenticator's set-up to show (started, or its code refused), with what went wrong. */
  totp?: TotpInProgress & { name: string; errors: { code?: string; name?: string } };
}

/** "JBSW Y3DP EHPK 3PXP": the secret in fours, as the apps ask it to be typed. */
export const groupSecret = (secret: string) =>
  secret
    .replace(/=+$/, "")
    .match(/.{1,4}/g)
    ?.join(" ") ?? "";

/** "Codes de récupération : 3 restants". */
export const codesLeftText = (left: number) =>
  `Codes de récupération : ${left === 0 ? "aucun restant" : `${left} restant${left > 1 ? "s" : ""}`}`;
