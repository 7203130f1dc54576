/**
 * One React Router at run time (docs/architecture.md, "Upgrading React Router"): the server's
 * adapter (`@mcansh/react-router-fastify`, which builds each page's context) and the web app
 * load the same `react-router` and `@react-router/node`. A second copy renders pages with one
 * version's context objects and the other's components; `@react-router/dev` has no release
 * beside every `react-router` one, hence the `overrides` of the root package.json.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** The version of `name` that code in `dir` loads. */
function versionFrom(dir: string, name: string): string {
  const require = createRequire(path.join(dir, "index.js"));
  const entry = require.resolve(name);
  let folder = path.dirname(entry);
  while (!folder.endsWith(path.join("node_modules", name))) folder = path.dirname(folder);
  return JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")).version;
}

describe("one React Router", () => {
  const web = path.join(root, "apps/web");
  const adapter = path.dirname(
    createRequire(path.join(root, "apps/server/index.js")).resolve("@mcansh/react-router-fastify/package.json"),
  );
  const pinned = JSON.parse(readFileSync(path.join(web, "package.json"), "utf8")).dependencies;

  for (const name of ["react-router", "@react-router/node"]) {
    it(`${name}: the web app's pinned version, and the same one for the server's adapter`, () => {
      expect(versionFrom(web, name)).toBe(pinned[name]);
      expect(versionFrom(adapter, name)).toBe(pinned[name]);
    });
  }
});
