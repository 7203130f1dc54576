import { hash, verify } from "@node-rs/argon2";

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the time of a verification, so
 * that an unknown e-mail cannot be told from a wrong password by the answer's delay.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash("not-a-real-password");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
