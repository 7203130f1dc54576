import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type CheckpointKeeper, checkpointKeeper } from "../modules/audit/checkpoint.ts";
import { isStaff } from "../modules/second-factors/setting.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The audit chain's head kept outside the database (decision 038). */
    auditCheckpoint: CheckpointKeeper;
  }
}

/** Staff changes arriving together are kept as one checkpoint, this long after the first. */
const SETTLE_MS = 1000;

/**
 * Keeps the chain's head in the file storage shortly after each staff change (a call other
 * than a read, by an ADMIN or SUPERADMIN, answered without error), after the answer: the last
 * lines can then be removed unseen only in the second before it is kept. The daily job and
 * every verification keep it too. A failure is only logged: the change itself is done.
 */
export const auditCheckpointPlugin = fp(async (app: FastifyInstance, opts: { tokenSecret: string }) => {
  const keeper = checkpointKeeper(app.db, app.files, opts.tokenSecret);
  app.decorate("auditCheckpoint", keeper);
  let timer: NodeJS.Timeout | null = null;
  let keeping: Promise<void> | null = null;
  const keepSoon = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      keeping = keeper
        .keep()
        .catch((err: unknown) => app.log.warn({ err }, "audit checkpoint not kept"))
        .finally(() => {
          keeping = null;
        });
    }, SETTLE_MS);
    timer.unref();
  };
  app.addHook("onResponse", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD" || reply.statusCode >= 400) return;
    if (request.user && isStaff(request.user.role)) keepSoon();
  });
  app.addHook("onClose", async () => {
    if (timer) clearTimeout(timer);
    await keeping;
  });
});
