import path from "node:path";

/**
 * The server's folder (apps/server). This file is one folder below it, and so is the built
 * server (dist/server.js, where every module shares that file's `import.meta`): the paths
 * built from it are the same whether the sources or the build run.
 */
export const serverRoot = path.resolve(import.meta.dirname, "..");
