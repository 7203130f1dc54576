import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// `react-router dev` serves the storefront with hot reload and mounts the API server (the
// same Fastify app as in production) on the same port.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), fastifyReactRouterDev({ entry: "../server/src/dev-server.ts" })],
  build: {
    rolldownOptions: {
      output: {
        // Every page needs all of React, React DOM and React Router: one file compresses better
        // than the handful of slices the splitter otherwise cuts them into (decision 012).
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
