import { hash, verify } from "@node-rs/argon2";

/**
 * At most this many argon2 computations (hashes and verifications) run at once; the others
 * wait their turn. Each takes 19 MiB of native memory while it runs, and libuv's 4 threads
 * would otherwise run 4 (76 MiB, then more with UV_THREADPOOL_SIZE): a crowd signing up or
 * in set the PostgreSQL app's memory peak (decision 030, docs/performance.md). Two keep two cores
 * busy (more do not hash faster on a small server) and bound the peak at 38 MiB. The hash's
 * own parameters do not change.
 */
export const MAX_HASHES_AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

/** How many argon2 computations run now (for tests). */
export function hashesRunning(): number {
  return running;
}

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_HASHES_AT_ONCE) running++;
  // The slot is handed over by the one that ends (running stays the same).
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommendation). */
export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password));
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the time of a verification, so
 * that an unknown e-mail cannot be told from a wrong password by the answer's delay.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword("not-a-real-password");
    const target = await dummy;
    await bounded(() => verify(target, password)).catch(() => false);
    return false;
  }
  return bounded(() => verify(stored, password)).catch(() => false);
}
