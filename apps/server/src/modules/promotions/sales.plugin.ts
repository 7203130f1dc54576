import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { nextSaleChange, type Sale, salesRunning } from "./sales.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The sales running now (decision 051), for a read that is about to be cached. */
    runningSales(): Promise<Sale[]>;
  }
}

/** Running sales read again at least this often, whatever happens. */
const KEPT_AT_MOST_MS = 60_000;

/** A timer never waits longer: a sale added meanwhile is seen by the catalogue's change anyway. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;

/**
 * A sale starts and ends on time on every app server (decision 051): each server forgets its
 * cached catalogue and pages at the next start or end it knows of, by its own clock, and looks
 * for the next one again after every change of the catalogue (a promotion saved anywhere is one).
 */
export const salesPlugin = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  /** Only the latest look sets the timer (changes may come faster than the database answers). */
  let looks = 0;

  async function schedule(): Promise<void> {
    const look = ++looks;
    const next = await nextSaleChange(app.db);
    if (closed || look !== looks) return;
    if (timer) clearTimeout(timer);
    timer = null;
    if (!next) return;
    // A few milliseconds after the moment, so that the database's now() is past it too.
    const wait = Math.min(Math.max(0, next.getTime() - Date.now()) + 5, LONGEST_WAIT_MS);
    timer = setTimeout(() => {
      // Forgetting looks for the next one (the listener below); a long wait only looks again.
      if (next.getTime() <= Date.now()) app.catalogueExpired();
      else scheduleLogged();
    }, wait);
    timer.unref();
  }
  const scheduleLogged = () => {
    schedule().catch((err) => app.log.error({ err }, "sales: the next start or end could not be read"));
  };

  // The running sales, kept until the catalogue changes (here or on another server) or a sale
  // starts or ends: the cart's view and every cache miss read them without a query.
  let generation = 0;
  let kept: { generation: number; until: number; sales: Promise<Sale[]> } | null = null;
  app.decorate("runningSales", () => {
    const now = Date.now();
    if (kept && kept.generation === generation && now < kept.until) return kept.sales;
    const entry = { generation, until: now + KEPT_AT_MOST_MS, sales: salesRunning(app.db) };
    kept = entry;
    nextSaleChange(app.db).then(
      (next) => {
        if (next) entry.until = Math.min(entry.until, next.getTime());
      },
      () => {
        entry.until = 0;
      },
    );
    entry.sales.catch(() => {
      entry.until = 0;
    });
    return entry.sales;
  });
  app.onCatalogueChanged(() => {
    generation++;
    scheduleLogged();
  });
  app.addHook("onReady", schedule);
  app.addHook("onClose", async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
});
