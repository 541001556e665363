import { defineConfig } from "vitest/config";
import { SLOW_TESTS, GATEWAY_TESTS } from "./vitest.mutation.config.js";

// The tests of stryker.gateway.config.mjs's folders (npm run mutate:gateway): the gateway's
// policy, auth and pins, and nothing else, so each mutant runs only what can kill it.
export default defineConfig({
  test: {
    include: GATEWAY_TESTS,
    exclude: ["**/node_modules/**", ...SLOW_TESTS],
    // Every mutant runs its tests in one worker that keeps the modules it imported (mutants are
    // switched on at run time, so nothing needs importing again): re-importing the gateway's
    // module graph for each of thousands of mutants was most of the run's time.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
