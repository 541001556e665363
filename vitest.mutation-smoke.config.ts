import { defineConfig } from "vitest/config";

// The tests of stryker.smoke.config.mjs's one mutated file (npm run mutate:smoke): its own unit
// test, so the smoke's dry run and each mutant take a second, not the minutes of the full set.
export default defineConfig({
  test: {
    include: ["src/session/first-sentence.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
