import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets the server keeps or hands out sealed (decision 040): AES-256-GCM under a key derived
 * from TOKEN_SECRET by HKDF, one key per purpose, so that a value sealed for one use is never
 * opened for another, and a copy of the database alone reveals none of them.
 */
export interface Sealer {
  seal(plain: string): string;
  /** The plain text, or null when the value was not sealed by this key or was changed. */
  open(sealed: string): string | null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync("sha256", secret, "", `shop:${purpose}`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(sealed) {
      const raw = Buffer.from(sealed, "base64url");
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
