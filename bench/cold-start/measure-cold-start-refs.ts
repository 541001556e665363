import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { alternatingOrder } from "../package/alternating-order.js";
import { numberField, runProbe } from "../package/measure-package.js";
import { REFS_METRICS, type CacheState, type RefSideId, type RefsSample } from "./cold-start-refs-report.js";
import { COLD_START_PROBE } from "./measure-cold-start.js";

export interface RefsProcessOptions {
  /** Rounds: each runs one fresh process per ref. */
  runs: number;
  /** The catalogue file the probe reads. */
  catalogueFile: string;
  log?: (message: string) => void;
  /** Runs the probe for a ref's module in a working directory; tests replace it. */
  probe?: (module: string, cwd: string) => Record<string, unknown>;
}

/**
 * Both refs' cold start in fresh processes, in {@link alternatingOrder}: first each process in a
 * fresh, empty working directory (the vector cache lives under it, so nothing is reused), then
 * in one directory per ref that an untimed process filled first (a warm cache). A ref whose
 * probe fails is not run again in that cache state; its error is returned.
 */
export function measureColdStartRefs(
  modules: Readonly<Record<RefSideId, string>>,
  options: RefsProcessOptions,
): { samples: RefsSample[]; errors: string[] } {
  const log = options.log ?? (() => undefined);
  const probe =
    options.probe ??
    ((module: string, cwd: string) =>
      runProbe(COLD_START_PROBE, [options.catalogueFile], { cwd, env: { TOOLSIFT_BENCH_MODULE: module } }));
  const samples: RefsSample[] = [];
  const errors: string[] = [];
  const sides: RefSideId[] = ["base", "head"];
  const fresh = () => mkdtempSync(join(tmpdir(), "toolsift-cold-start-cwd-"));

  const measure = (cache: CacheState, cwdOf: (side: RefSideId) => string, done: (cwd: string) => void) => {
    const failed = new Set<RefSideId>();
    for (const { run, item: side } of alternatingOrder(sides, options.runs)) {
      if (failed.has(side)) continue;
      log(`cold-start-refs: ${cache} cache, round ${run + 1}/${options.runs}, ${side}`);
      const cwd = cwdOf(side);
      try {
        const result = probe(modules[side], cwd);
        const values = Object.fromEntries(REFS_METRICS.map((metric) => [metric, numberField(result, metric)]));
        samples.push({ run, side, cache, values: values as RefsSample["values"] });
      } catch (error) {
        failed.add(side);
        errors.push(
          `${side}, ${cache} cache: ${error instanceof Error ? error.message.slice(0, 2_000) : String(error)}`,
        );
      } finally {
        done(cwd);
      }
    }
  };

  measure("empty", fresh, (cwd) => rmSync(cwd, { recursive: true, force: true }));
  const warm = { base: fresh(), head: fresh() };
  try {
    for (const side of sides) {
      log(`cold-start-refs: filling ${side}'s cache (untimed)`);
      try {
        probe(modules[side], warm[side]);
      } catch {
        // The timed runs report it.
      }
    }
    measure(
      "warm",
      (side) => warm[side],
      () => undefined,
    );
  } finally {
    for (const side of sides) rmSync(warm[side], { recursive: true, force: true });
  }
  return { samples, errors };
}
