// stryker.config.mjs names the mutants no test can kill by their code, not by line numbers. This
// instruments each file it names, as `npm run mutate` does (Stryker's own instrumenter, with the
// config's ignorer), so a stale entry fails here rather than in a half-hour mutation run.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Ignorer } from "@stryker-mutator/api/ignore";
import type { Logger } from "@stryker-mutator/api/logging";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import { describe, expect, it } from "vitest";

interface KnownEquivalent {
  file: string;
  mutators: string[];
  code: string;
  within?: string;
  reason: string;
}
interface StrykerConfig {
  default: { ignorers: string[] };
  knownEquivalentMutants: KnownEquivalent[];
  strykerPlugins: { name: string; factory: () => Ignorer }[];
}

const config = (await import(pathToFileURL(resolve("stryker.config.mjs")).href)) as StrykerConfig;
const quiet = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
};

async function mutantsOf(file: string) {
  const ignorer = config.strykerPlugins[0]!.factory();
  const instrumenter = new Instrumenter(quiet as unknown as Logger);
  const files = [{ name: resolve(file), content: readFileSync(file, "utf8"), mutate: true as const }];
  const { mutants } = await instrumenter.instrument(files, {
    ignorers: [ignorer],
    excludedMutations: [],
    plugins: null,
    noHeader: false,
  });
  return mutants;
}

describe("stryker.config.mjs's known-equivalent mutants", () => {
  it("are what the config's ignorer is", () => {
    expect(config.default.ignorers).toEqual(config.strykerPlugins.map((plugin) => plugin.name));
  });

  const files = [...new Set(config.knownEquivalentMutants.map((entry) => entry.file))];
  it.each(files)(
    "%s: each entry ignores each of its mutators, with its reason, and nothing else is ignored",
    async (file) => {
      const entries = config.knownEquivalentMutants.filter((entry) => entry.file === file);
      const ignored = (await mutantsOf(file)).filter((mutant) => mutant.status === "Ignored");
      for (const entry of entries) {
        for (const mutator of entry.mutators) {
          const mutants = ignored.filter(
            (mutant) => mutant.mutatorName === mutator && mutant.statusReason === entry.reason,
          );
          expect(mutants, `${mutator} at ${JSON.stringify(entry.code)}`).not.toHaveLength(0);
        }
      }
      const reasons = new Set(entries.map((entry) => entry.reason));
      expect(ignored.filter((mutant) => !reasons.has(mutant.statusReason!))).toEqual([]);
    },
  );
});
