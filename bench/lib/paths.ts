/** Where the benches, the repository and the results are, whichever file asks. */
import path from "node:path";

/** The bench/ folder: the child processes' scripts (load.ts, bare-server.ts, app-server.ts) are forked from there. */
export const BENCH = path.resolve(import.meta.dirname, "..");
export const ROOT = path.dirname(BENCH);
/** bench/results/, git-ignored. */
export const RESULTS = path.join(BENCH, "results");
/** The storefront's production build, which the page, crowd and memory benches measure. */
export const STOREFRONT_BUILD = path.join(ROOT, "apps/web/build/server/index.js");
