import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // One file per route, not one per export: a route with a clientLoader would otherwise load two
  // files, and a storefront page loads at most four scripts (decision 027).
  splitRouteModules: false,
} satisfies Config;
