/**
 * `npm run dev`: React Router's dev server (Vite, hot reload) mounts this factory, so the
 * storefront and the API share one process and one port in development too.
 */
import type { ViteDevServer } from "vite";
import { buildApp } from "./app.ts";
import { prepareDatabase } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";

export async function createServer(devServer?: ViteDevServer) {
  const { database, config } = await prepareDatabase(loadConfig(), { info: console.log, warn: console.warn });
  const app = await buildApp({ config, database, web: { devServer } });
  app.addHook("onClose", () => database.close());
  return app;
}
