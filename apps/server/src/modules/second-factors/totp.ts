import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
/** One step either side: a phone's clock a little off, a code typed as it changed. */
const WINDOW = 1;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, issuer = "", label = "") =>
  new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** The `otpauth://` address and its QR code (an SVG data URL, drawn here: no script in the page). */
export async function totpEnrolment(secret: string, issuer: string, label: string) {
  const uri = totpOf(secret, issuer, label).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * The time step a code belongs to, within the window around `now`, or null for a wrong code.
 * The caller accepts it only for a step after the last one accepted (no replay in its window).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
