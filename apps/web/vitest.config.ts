import { defineProject } from "vitest/config";

// Component tests for the storefront's logic-heavy pieces (carousel, scroll rows, paged
// sections, menus), in jsdom; the service worker's handlers (sw/) in a fake worker scope.
export default defineProject({
  test: {
    name: "web",
    include: ["app/**/*.test.tsx", "app/**/*.test.ts", "sw/**/*.test.ts"],
    environment: "jsdom",
    setupFiles: ["./vitest.setup.ts"],
  },
});
