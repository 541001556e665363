import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { numberField, probeCatalogue, runProbe, samplesOf } from "../package/measure-package.js";
import type { ColdStartCatalogueRun, ColdStartRun } from "../report/bench-report.js";
import { generateSkewedCatalogue } from "../scale/generate-skewed-catalogue.js";
import { meanToolChars, realisticCatalogue, type ProbeCatalogue } from "./realistic-catalogue.js";

/** The probe run in each fresh process. */
export const COLD_START_PROBE = fileURLToPath(new URL("../package/probes/cold-start.mjs", import.meta.url));
/** The module the probe imports, copied beside it. */
const PEAK_RSS_MODULE = fileURLToPath(new URL("../package/probes/peak-rss.mjs", import.meta.url));

/** Tools of both catalogues: the size the README's cold-start figure is stated for. */
export const COLD_START_TOOLS = 1_000;

export interface ColdStartOptions {
  /** Fresh processes per catalogue. @defaultValue 5 */
  processes?: number;
  /** Tools of each catalogue; the bench measures {@link COLD_START_TOOLS}, its tests fewer. */
  tools?: number;
  /** Seed of the tiny-schema catalogue (the package section's 1,000 generated tools). @defaultValue 42 */
  seed?: number;
  log?: (message: string) => void;
  /**
   * Runs the probe in working directory `cwd` (fresh and empty: the vector cache lives under
   * it), with `nodeArgs` before the probe; the bench's own tests replace it.
   */
  probe?: (catalogueFile: string, cwd: string, nodeArgs: readonly string[]) => Record<string, unknown>;
}

/** A catalogue the section measures, and the flags its processes' `node` runs with. */
export interface ColdStartCase {
  id: string;
  /** The catalogue file's name within the project. */
  file: string;
  catalogue: ProbeCatalogue;
  nodeArgs: readonly string[];
}

/**
 * V8's young generation, capped: its semi-spaces grow to 16 MB under the index build's
 * allocations, and what they take stays in the process's RSS. A host short of memory can set it.
 */
export const SMALL_YOUNG_GENERATION = "--max-semi-space-size=2";

/**
 * The cases: realistic schemas (the target); the same with V8's young generation capped, to show
 * how much of the peak is V8's own sizing; and the generated tiny ones the older figure was
 * measured on.
 */
export function coldStartCatalogues(seed: number, tools = COLD_START_TOOLS): ColdStartCase[] {
  const realistic = realisticCatalogue(tools);
  return [
    { id: "realistic", file: "cold-start-realistic.json", catalogue: realistic, nodeArgs: [] },
    {
      id: `realistic, node ${SMALL_YOUNG_GENERATION}`,
      file: "cold-start-realistic.json",
      catalogue: realistic,
      nodeArgs: [SMALL_YOUNG_GENERATION],
    },
    {
      id: "tiny",
      file: "cold-start-tiny.json",
      catalogue: probeCatalogue(generateSkewedCatalogue({ size: tools, queries: 1, seed })),
      nodeArgs: [],
    },
  ];
}

/**
 * Cold start in the packed package's project: for each catalogue, `processes` fresh `node`
 * processes each import toolsift, `createToolSearch({ ranker: "hybrid", tools })` and search
 * once, every process in its own empty working directory (the default vector cache is
 * `node_modules/.cache/toolsift` under it; the probe, copied into the project, still imports the
 * project's toolsift), so nothing a previous process embedded is reused. Medians of the wall time and of the peak RSS, with each sample.
 * A failure yields a run with `error` set.
 *
 * @example
 * ```ts
 * const run = await measureColdStart(project, { log: console.error });
 * run.catalogues[0]?.createAndSearchMs.median;
 * ```
 */
export async function measureColdStart(project: string, options: ColdStartOptions = {}): Promise<ColdStartRun> {
  const processes = options.processes ?? 5;
  const log = options.log ?? (() => undefined);
  const probeFile = join(project, basename(COLD_START_PROBE));
  const probe = options.probe ?? ((file, cwd, nodeArgs) => runProbe(probeFile, [file], { cwd, nodeArgs }));
  try {
    copyFileSync(COLD_START_PROBE, probeFile);
    copyFileSync(PEAK_RSS_MODULE, join(project, basename(PEAK_RSS_MODULE)));
    const catalogues: ColdStartCatalogueRun[] = [];
    for (const { id, catalogue, file: name, nodeArgs } of coldStartCatalogues(options.seed ?? 42, options.tools)) {
      const file = join(project, name);
      writeFileSync(file, JSON.stringify(catalogue));
      log(
        `cold start: ${id} schemas, ${catalogue.tools.length} tools, hybrid by name, empty cache, in ${processes} fresh processes`,
      );
      const results = Array.from({ length: processes }, () => {
        const cwd = mkdtempSync(join(tmpdir(), "toolsift-bench-cold-cwd-"));
        try {
          return probe(file, cwd, nodeArgs);
        } finally {
          rmSync(cwd, { recursive: true, force: true });
        }
      });
      const field = (name: string) => samplesOf(results.map((result) => numberField(result, name)));
      catalogues.push({
        catalogue: id,
        tools: catalogue.tools.length,
        toolChars: meanToolChars(catalogue),
        createAndSearchMs: field("createAndSearchMs"),
        peakRssMB: field("peakRssMB"),
        rssMB: field("rssMB"),
        importMs: field("importMs"),
      });
    }
    return { processes, catalogues };
  } catch (error) {
    return { processes, catalogues: [], error: error instanceof Error ? error.message.slice(0, 4_000) : String(error) };
  }
}
