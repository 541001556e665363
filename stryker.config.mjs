// Mutation testing of the folders that decide what runs: the catalogue (definitions, schemas,
// validation), sessions (blocks, hydration, execution) and the tool search (permissions,
// approval). `npm run mutate`; the report lands in reports/mutation/.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  mutate: ["src/catalogue/**/*.ts", "src/session/**/*.ts", "src/tool-search/**/*.ts", "!src/**/*.test.ts", "!src/**/*.fixture.ts", "!src/**/index.ts"],
  coverageAnalysis: "perTest",
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: ".stryker-tmp",
};
