import cluster from "node:cluster";
import { runPrimary } from "./cluster.ts";
import { ConfigError, loadConfig } from "./config.ts";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const processes = config.database.kind === "postgres" ? config.webConcurrency : 1;
if (config.webConcurrency > 1 && processes === 1) {
  console.warn(
    `WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded database (PGlite) lives in one process. ` +
      "Set DATABASE_URL (PostgreSQL) to use every core.",
  );
}

if (processes > 1 && cluster.isPrimary) {
  runPrimary(processes, { info: (m) => console.log(m), error: (m) => console.error(m) });
} else {
  // Loaded only in the processes that serve: the primary of a cluster stays small.
  const { serve } = await import("./serve.ts");
  await serve(config);
}
