import { defineConfig } from "vitest/config";

// CI asks for a JSON summary too (VITEST_JSON=<file>), to print one closing count.
const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    projects: [
      "packages/shared",
      "apps/server",
      "apps/web",
      // The repository's own tooling (the lint's import rules).
      { test: { name: "tools", include: ["tools/**/*.test.ts"] } },
    ],
    reporters: json ? ["default", "json"] : ["default"],
    outputFile: json ? { json } : undefined,
  },
});
