import { defineConfig } from "vitest/config";

// The tests that guard the security-critical folders, for mutation testing (npm run mutate):
// the unit tests beside the code, and the fuzz and contract suites. Slow integration suites
// (MCP processes, the Messages API server) are left to `npm test`.
export default defineConfig({
  test: {
    include: ["src/catalogue/**/*.test.ts", "src/session/**/*.test.ts", "src/tool-search/**/*.test.ts", "test/fuzz/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
