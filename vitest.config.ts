import { defineConfig } from "vitest/config";

// CI asks for a JSON summary too (VITEST_JSON=<file>), to print one closing count.
const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    projects: ["packages/shared", "apps/server", "apps/web"],
    reporters: json ? ["default", "json"] : ["default"],
    outputFile: json ? { json } : undefined,
  },
});
