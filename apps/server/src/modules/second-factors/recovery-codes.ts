import { createHash, randomInt } from "node:crypto";

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const RECOVERY_CODES = 10;

/**
 * Ten codes of 12 characters (≈ 59 bits each), printed in groups of four ("7KQ2-M9XP-4TZA").
 * Random enough that a SHA-256 keeps them as safe as a slow hash would, and unlike an HMAC
 * under TOKEN_SECRET they still open the account after that secret is rotated (decision 040).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** What is stored of a code: the SHA-256 of its 12 characters, upper case, without dashes. */
export const recoveryCodeHash = (code: string) =>
  createHash("sha256")
    .update(code.replace(/[\s-]+/g, "").toUpperCase())
    .digest("hex");
