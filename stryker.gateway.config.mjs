// The gateway's access controls under mutation (npm run mutate:gateway): who may call (auth),
// what each caller may run (policy) and which tool definitions are trusted (pins), with the tests
// that guard them. A narrower run than `npm run mutate`, so that its score can be checked on its
// own; scripts/mutation/summarize-report.ts turns its report into per-folder scores
// (test/mutation/gateway/scores.md).
import base from "./stryker.config.mjs";

export const GATEWAY_MUTATE = [
  "src/gateway/policy/**/*.ts",
  "src/gateway/auth/**/*.ts",
  "src/gateway/pins/**/*.ts",
  "!src/**/*.test.ts",
  "!src/**/*.fixture.ts",
  "!src/**/index.ts",
];

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  ...base,
  mutate: GATEWAY_MUTATE,
  // related: false, as perTest coverage names each mutant's tests already; vitest's own search for
  // the tests related to a file walks the module graph again for every mutant.
  vitest: { configFile: "vitest.mutation-gateway.config.ts", related: false },
  jsonReporter: { fileName: "reports/mutation/gateway.json" },
  incrementalFile: "reports/mutation/gateway-incremental.json",
  tempDirName: ".stryker-tmp-gateway",
};
