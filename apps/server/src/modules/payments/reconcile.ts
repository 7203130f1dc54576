import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { type PaymentsContext, reconcile } from "./payments.service.ts";

/** The advisory lock's key: one app server at a time reconciles. */
export const RECONCILE_LOCK = 727_100_2613;

/**
 * Every `intervalMs`, the payments that webhooks did not settle are read from the provider
 * (decision 026), on one app server at a time. Returns the function that stops it.
 */
export function startReconciliation(
  ctx: PaymentsContext,
  database: Database,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = database
      .exclusively(RECONCILE_LOCK, () => reconcile(ctx))
      .then((settled) => {
        if (settled) log.info({ settled }, "payments reconciled");
      })
      .catch((error: unknown) => log.warn({ err: error }, "payments reconciliation failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
