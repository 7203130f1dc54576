/**
 * After `react-router build`: bundles the service worker (sw/sw.ts) into build/client/sw.js,
 * one classic script, with the list of files every visit needs (decision 034): the entry and
 * the layout, with their imports and styles, read from the build's own manifest. A new build gives new names, so a new worker, which takes over at the next visit.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const webDir = path.resolve(import.meta.dirname, "..");

interface RouteAssets {
  module: string;
  imports?: string[];
  css?: string[];
}
const { assets } = (await import(pathToFileURL(path.join(webDir, "build/server/index.js")).href)) as {
  assets: { entry: RouteAssets; routes: Record<string, RouteAssets> };
};

/**
 * What every page needs: the entry and the layout. Each page's own file is kept when it is
 * first loaded (the page that registers the worker hands over what it loaded): a visitor
 * pays no data for pages they never open.
 */
const OFFLINE_ROUTES = ["root"];
const shell = new Set<string>();
for (const part of [assets.entry, ...OFFLINE_ROUTES.map((id) => assets.routes[id])]) {
  if (!part) throw new Error("a route of the offline shell is missing from the build");
  for (const file of [part.module, ...(part.imports ?? []), ...(part.css ?? [])]) shell.add(file);
}

await build({
  configFile: false,
  root: webDir,
  logLevel: "warn",
  define: { __SHELL__: JSON.stringify([...shell].sort()) },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    copyPublicDir: false,
    target: "es2022",
    lib: {
      entry: path.join(webDir, "sw/sw.ts"),
      formats: ["iife"],
      name: "shopServiceWorker",
      fileName: () => "sw.js",
    },
  },
});
console.log(`sw.js: ${shell.size} files kept for offline visits`);
