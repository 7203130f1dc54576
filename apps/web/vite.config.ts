import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { esmFacades } from "./esm-facades";
import { sharedChunkNames } from "./shared-chunk";

const chunks = sharedChunkNames();

// `react-router dev` serves the storefront with hot reload and mounts the API server (the
// same Fastify app as in production) on the same port.
export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: "../server/src/dev-server.ts" }),
    esmFacades(),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A storefront page loads four scripts: the entry, one shared chunk (React, React
            // DOM, React Router and every piece of shop code that more than one route uses),
            // the root route (the shop's layout) and its own route (decisions 012 and 027);
            // the ordering pages and the shop's texts a fifth, the code only they share (shared-chunk.ts).
            codeSplitting: {
              groups: [
                { name: chunks.framework, priority: 2 },
                { name: chunks.pageGroup, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
