// A mutation smoke for CI (npm run mutate:smoke): the whole of `npm run mutate` (the config, its
// known-equivalents ignorer, the instrumenter, the vitest runner) on one small file and its own
// tests, a couple of minutes, so a change that breaks the mutation run fails CI at once rather
// than in the next half-hour run. src/session/first-sentence.ts carries a known-equivalent
// mutant, so the ignorer is exercised too.
import base from "./stryker.config.mjs";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  ...base,
  mutate: ["src/session/first-sentence.ts"],
  vitest: { configFile: "vitest.mutation-smoke.config.ts" },
  reporters: ["clear-text"],
  thresholds: { high: 100, low: 100, break: 100 },
  tempDirName: ".stryker-tmp-smoke",
};
