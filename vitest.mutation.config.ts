import { defineConfig } from "vitest/config";
import { PROCESS_TESTS } from "./vitest.unit.config.js";

/** The unit tests beside the gateway's access controls: what each caller may run, who calls, trusted definitions. */
const GATEWAY_FOLDERS = ["src/gateway/policy/", "src/gateway/auth/", "src/gateway/pins/"];
export const GATEWAY_TESTS = GATEWAY_FOLDERS.map((folder) => `${folder}**/*.test.ts`);
/**
 * Of those, the ones left out, as `npm run test:unit` leaves them out: tests that start processes.
 * A gateway over MCP server processes is started in a beforeAll, which Stryker cannot tie to a
 * test, so every mutant it reaches would run every test (hours); and code run in a child process
 * has no mutant switched on.
 */
export const SLOW_TESTS = PROCESS_TESTS.filter((file) => GATEWAY_FOLDERS.some((folder) => file.startsWith(folder)));

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
      ...GATEWAY_TESTS,
    ],
    exclude: ["**/node_modules/**", ...SLOW_TESTS],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
