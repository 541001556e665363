import { fileURLToPath } from "node:url";
import { alternatingOrder } from "../package/alternating-order.js";
import { numberField, runProbe, samplesOf } from "../package/measure-package.js";
import type { ProcessRun } from "./models-report.js";
import type { ModelSpec } from "./model-list.js";

/** The probe each fresh process runs. */
export const MODEL_PROBE = fileURLToPath(new URL("./probes/model-cold-start.mjs", import.meta.url));

const FIELDS = [
  "firstAnswerMs",
  "importMs",
  "modelLoadMs",
  "indexMs",
  "msPerQuery",
  "rssAfterLoadMB",
  "heapAfterLoadMB",
  "rssAfterIndexMB",
  "heapAfterIndexMB",
  "peakRssMB",
] as const;

export interface ProcessOptions {
  /** Fresh processes per model. */
  runs: number;
  /** The catalogue file the probe reads. */
  catalogueFile: string;
  /** Where the probe runs (resolves toolsift's dependencies from there). */
  cwd: string;
  /** The modules the probe imports: toolsift's root and its testing face. */
  modules: { root: string; testing: string };
  /** Node flags before the probe (`--import tsx` when running against the sources). */
  nodeArgs?: readonly string[];
  log?: (message: string) => void;
  /** Runs the probe; tests replace it. */
  probe?: (model: ModelSpec) => Record<string, unknown>;
}

/**
 * Each model in `runs` fresh processes, in {@link alternatingOrder}. A model whose probe fails gets a run with `error` and is
 * not run again.
 */
export function measureModelProcesses(models: readonly ModelSpec[], options: ProcessOptions): ProcessRun[] {
  const log = options.log ?? (() => undefined);
  const probe =
    options.probe ??
    ((model: ModelSpec) =>
      runProbe(MODEL_PROBE, [options.catalogueFile, ...model.dirs], {
        cwd: options.cwd,
        nodeArgs: ["--expose-gc", ...(options.nodeArgs ?? [])],
        env: { TOOLSIFT_BENCH_MODULE: options.modules.root, TOOLSIFT_BENCH_TESTING_MODULE: options.modules.testing },
      }));
  const results = new Map<string, Record<string, unknown>[]>(models.map((model) => [model.id, []]));
  const errors = new Map<string, string>();
  for (const { run, item: model } of alternatingOrder(models, options.runs)) {
    if (errors.has(model.id)) continue;
    log(`models: fresh process ${run + 1}/${options.runs} for ${model.id}`);
    try {
      results.get(model.id)!.push(probe(model));
    } catch (error) {
      errors.set(model.id, error instanceof Error ? error.message.slice(0, 2_000) : String(error));
    }
  }
  return models.map((model) => {
    const samples = results.get(model.id)!;
    const error = errors.get(model.id);
    const field = (name: string) => samplesOf(error ? [] : samples.map((result) => numberField(result, name)));
    const fields = Object.fromEntries(FIELDS.map((name) => [name, field(name)])) as Record<
      (typeof FIELDS)[number],
      ReturnType<typeof samplesOf>
    >;
    const tools = samples[0]?.tools;
    return {
      model: model.id,
      runs: samples.length,
      tools: typeof tools === "number" ? tools : 0,
      ...fields,
      ...(error ? { error } : {}),
    };
  });
}
