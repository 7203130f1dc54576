import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { prepareDatabase } from "./bootstrap.ts";
import type { Config } from "./config.ts";
import { collectWhenIdle } from "./lib/idle-gc.ts";
import { webBuildExists } from "./plugins/web.ts";

/** One app process: the database prepared, the API, files and storefront served on the port. */
export async function serve(configured: Config): Promise<void> {
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

  // On SIGTERM/SIGINT: stop accepting, finish requests in flight, then close the database.
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, "closing after an error");
    else app.log.info({ signal }, "shutting down");
    idleCollector?.stop();
    await app.close();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
}
