import { defineConfig } from "vitest/config";

// The tests that guard the security-critical folders, for mutation testing (npm run mutate):
// the unit and contract tests beside the code and the calls fuzz. Slow suites (MCP processes,
// the Messages API server, the definitions fuzz and the memory child processes, which would run
// for almost every mutant) are left to `npm test`.
export default defineConfig({
  test: {
    include: [
      "src/catalogue/**/*.test.ts",
      "src/session/**/*.test.ts",
      "src/tool-search/**/*.test.ts",
      "test/fuzz/calls.fuzz.test.ts",
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
