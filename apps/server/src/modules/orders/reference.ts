import { randomInt } from "node:crypto";
import { ORDER_REFERENCE_ALPHABET } from "@shop/shared";

/** Draws a reference of `length` characters after "CMD-". Injected in tests to force collisions. */
export type ReferenceGenerator = (length: number) => string;

export const randomReference: ReferenceGenerator = (length) => {
  let code = "";
  for (let i = 0; i < length; i++) code += ORDER_REFERENCE_ALPHABET[randomInt(ORDER_REFERENCE_ALPHABET.length)];
  return `CMD-${code}`;
};

/** Tries before giving up, and how many of them keep the short form before a fifth character is added. */
export const REFERENCE_ATTEMPTS = 8;
export const SHORT_ATTEMPTS = 4;

/** The length of the reference drawn at a given attempt (0-based). */
export const referenceLength = (attempt: number) => (attempt < SHORT_ATTEMPTS ? 4 : 5);

/**
 * Runs `insert` with fresh references until one is free. `insert` answers null when the
 * reference is already taken (its INSERT … ON CONFLICT (reference) DO NOTHING wrote nothing),
 * so a collision never aborts the surrounding transaction.
 */
export async function withFreeReference<T>(
  insert: (reference: string) => Promise<T | null>,
  generate: ReferenceGenerator = randomReference,
): Promise<T> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const stored = await insert(generate(referenceLength(attempt)));
    if (stored !== null) return stored;
  }
  throw new Error(`no free order reference after ${REFERENCE_ATTEMPTS} attempts`);
}
