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
  /** Runs the probe; the bench's own tests replace it to run against the sources. */
  probe?: (catalogueFile: string, env: NodeJS.ProcessEnv) => Record<string, unknown>;
}

/** The two catalogues: realistic schemas (the target) and the generated tiny ones the older figure was measured on. */
export function coldStartCatalogues(
  seed: number,
  tools = COLD_START_TOOLS,
): { id: string; catalogue: ProbeCatalogue }[] {
  return [
    { id: "realistic", catalogue: realisticCatalogue(tools) },
    { id: "tiny", catalogue: probeCatalogue(generateSkewedCatalogue({ size: tools, queries: 1, seed })) },
  ];
}

/**
 * Cold start in the packed package's project: for each catalogue, `processes` fresh `node`
 * processes each import toolsift, `createToolSearch({ ranker: "hybrid", tools })` and search
 * once, every process with its own empty cache folder (`XDG_CACHE_HOME`), so nothing a previous
 * process embedded is reused. Medians of the wall time and of the peak RSS, with each sample.
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
  const probe = options.probe ?? ((file, env) => runProbe(basename(COLD_START_PROBE), [file], { cwd: project, env }));
  try {
    copyFileSync(COLD_START_PROBE, join(project, basename(COLD_START_PROBE)));
    const catalogues: ColdStartCatalogueRun[] = [];
    for (const { id, catalogue } of coldStartCatalogues(options.seed ?? 42, options.tools)) {
      const file = join(project, `cold-start-${id}.json`);
      writeFileSync(file, JSON.stringify(catalogue));
      log(
        `cold start: ${id} schemas, ${catalogue.tools.length} tools, hybrid by name, empty cache, in ${processes} fresh processes`,
      );
      const results = Array.from({ length: processes }, () => {
        const cache = mkdtempSync(join(tmpdir(), "toolsift-bench-cold-cache-"));
        try {
          return probe(file, { XDG_CACHE_HOME: cache });
        } finally {
          rmSync(cache, { recursive: true, force: true });
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
