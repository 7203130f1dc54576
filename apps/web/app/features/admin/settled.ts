import { adminErrorMessage } from "./admin-errors";

/** A call's outcome as a value: what a modal reads with React's `use()` without an error boundary. */
export type Settled<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * The call's promise, never rejected: its data, or the French message to show (the server's,
 * or `fallback` when it could not be reached). Made once when a modal opens, read with `use()`.
 */
export function settle<T>(promise: Promise<T>, fallback: string): Promise<Settled<T>> {
  return promise.then(
    (data) => ({ ok: true, data }),
    (error: unknown) => ({ ok: false, message: adminErrorMessage(error, fallback) }),
  );
}
