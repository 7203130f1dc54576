import { defineConfig } from "vite";

/**
 * `npm run build` makes the production server one JavaScript file, dist/server.js, which
 * `npm start` runs (with dist/pglite-worker.js, the embedded database's thread): no TypeScript
 * stripping at run time (Node's stripper costs ~20 MB of memory in every process, decision
 * 030) and one module to load instead of ~100. Packages from
 * node_modules stay outside it, imported as they are; the shared contract (@shop/shared, a
 * workspace) is built in.
 */
export default defineConfig({
  build: {
    // The embedded database's thread (db/pglite-worker.ts) is a file of its own, beside server.js.
    ssr: true,
    outDir: "dist",
    target: "node24",
    minify: false,
    emptyOutDir: true,
    // Chunks (what is loaded only when needed) beside server.js: paths.ts counts on it.
    rollupOptions: {
      input: { server: "src/server.ts", "pglite-worker": "src/db/pglite-worker.ts" },
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
});
