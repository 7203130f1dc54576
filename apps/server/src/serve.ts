import cluster from "node:cluster";
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { prepareDatabase } from "./bootstrap.ts";
import { SHUTDOWN_MESSAGE } from "./cluster.ts";
import type { Config } from "./config.ts";
import { collectWhenIdle } from "./lib/idle-gc.ts";
import { webBuildExists } from "./plugins/web.ts";

/** One app process: the database prepared, the API, files and storefront served on the port. */
export async function serve(configured: Config): Promise<void> {
  // In a cluster (WEB_CONCURRENCY), the service manager's signal and the primary's message may
  // both come, and may come while this process is still starting: the first one stops it
  // (gracefully once it serves; at once before, with nothing to finish), the others change
  // nothing.
  const inCluster = cluster.isWorker;
  let graceful: (() => void) | undefined;
  let asked = false;
  if (inCluster) {
    const stop = () => {
      if (asked) return;
      asked = true;
      if (graceful) graceful();
      else process.exit(0);
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
    process.on("message", (message) => {
      if (message === SHUTDOWN_MESSAGE) stop();
    });
  }

  const { database, config } = await prepareDatabase(configured, {
    info: (m) => console.log(m),
    warn: (m) => console.warn(m),
  });
  const withStorefront = webBuildExists();
  if (!withStorefront) console.warn("No storefront build (npm run build): serving the API only.");
  const app = await buildApp({
    config,
    database,
    web: withStorefront ? { pageCache: config.pageCache ?? false } : undefined,
  });

  // The heap a crowd grew goes back to the system once the shop is quiet (decision 030).
  const idleCollector = collectWhenIdle((fields, message) => app.log.info(fields, message));

  // On SIGTERM/SIGINT (or the primary's message): stop accepting, finish requests in flight,
  // then close the database.
  const grace = closeWithGrace(
    { delay: 10_000, skip: inCluster ? ["SIGTERM", "SIGINT"] : [] },
    async ({ err, signal }) => {
      if (err) app.log.error({ err }, "closing after an error");
      else app.log.info({ signal }, "shutting down");
      idleCollector?.stop();
      await app.close();
      await database.close();
    },
  );
  graceful = () => void grace.close();

  await app.listen({ host: config.host, port: config.port });
}
