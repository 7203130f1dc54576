import { createRequire } from "node:module";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

/** React's packages are CommonJS; these are the entry points the browser build imports. */
const COMMONJS = new Set(["react", "react/jsx-runtime", "react-dom", "react-dom/client"]);
const PREFIX = "\0esm-facade:";
/** React's own files require each other; they keep the real modules. */
const REACT_ITSELF = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * ES module facades of React's CommonJS packages, for the browser build (decision 027). A chunk
 * that imports a CommonJS module wraps it with the bundler's interop helper, and those helpers
 * then live in a chunk of their own (`rolldown-runtime`), a fifth script on every page: the
 * bundler may merge them into a chunk group only when that chunk is their one consumer. Every
 * import of React is therefore answered by a facade that re-exports its bindings by name; the
 * facades go into the shared chunk with React (shared-chunk.ts), so the only chunk that touches
 * CommonJS, and the helpers, is that one.
 */
export function esmFacades(): Plugin {
  return {
    name: "shop:esm-facades",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      if (!COMMONJS.has(source) || !importer || importer.startsWith(PREFIX) || REACT_ITSELF.test(importer)) return null;
      return PREFIX + source;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const source = id.slice(PREFIX.length);
      const names = Object.keys(require(source) as object).filter(
        (name) => name !== "default" && /^[A-Za-z_$][\w$]*$/.test(name),
      );
      return [
        `import m from ${JSON.stringify(source)};`,
        ...names.map((name) => `export const ${name} = m.${name};`),
        "export default m;",
      ].join("\n");
    },
  };
}

export const isEsmFacade = (id: string) => id.startsWith(PREFIX);
