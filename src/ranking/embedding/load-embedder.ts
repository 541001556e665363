import { createHash } from "node:crypto";
import { basename, resolve } from "node:path";
import { OptionsError } from "../../errors.js";
import { ownModule } from "../../util/own-module.js";
import { checkBoolean, checkNumber, checkOneOf, invalidOption, optionAt } from "../check-options.js";
import { checkKeys, optionKeys } from "../../util/option-keys.js";
import { BUNDLED_MODEL_DIR } from "./bundled-model.js";
import { type Embedder, type EmbedderOptions, type EmbeddingRuntime, MAX_JOINED_MODELS, POOLINGS } from "./embedder.js";
import { joinEmbedders } from "./joined-embedder.js";
import { DTYPE_SUFFIX, corruptModelFile, readModelFolder } from "./model-folder.js";
import { lookupTableGraph } from "./onnx/lookup-table-graph.js";
import { readOnnxGraph } from "./onnx/read-onnx-graph.js";
import { staticEmbeddingGraph, type StaticEmbeddingGraph } from "./onnx/static-embedding-graph.js";
import { createStaticEmbedder } from "./static-embedder.js";

const RUNTIMES: readonly EmbeddingRuntime[] = ["auto", "onnxruntime"];

/**
 * The ONNX Runtime embedder, loaded for a model that is not a static lookup (or `runtime:
 * "onnxruntime"`): the bundled model never needs it, so importing toolsift does not load it.
 */
const loadOnnxRuntimeEmbedder = ownModule(
  "an embedding model run on ONNX Runtime",
  () => import("./onnx-runtime-embedder.js"),
);
const DEFAULT_BATCH_SIZE = 64;
/** The keys of {@link EmbedderOptions}. */
export const EMBEDDER_KEYS = optionKeys<keyof EmbedderOptions>({
  model: true,
  pooling: true,
  normalize: true,
  dtype: true,
  batchSize: true,
  runtime: true,
});

/**
 * Loads a sentence-embedding model from disk and returns an {@link Embedder}. Works offline:
 * nothing is ever fetched. Any folder in the transformers.js ONNX layout works.
 *
 * A static embedding (a token table plus pooling, such as the bundled model) runs in
 * TypeScript with no native code. Any other model (all-MiniLM-L6-v2, bge-small, …) runs on
 * ONNX Runtime through the optional `@huggingface/transformers` package.
 *
 * @throws ModelError when the folder or one of its files is missing, unreadable or corrupt
 *   (`model_not_found`, `model_corrupt`) or the model fails its first run (`model_run_failed`);
 *   the message names the path and how to fix it.
 * @throws DependencyError when the model needs `@huggingface/transformers` and it is not installed.
 * @throws OptionsError for a bad batch size, pooling, dtype or runtime (`invalid_batch_size`,
 *   `invalid_pooling`, `invalid_dtype`, `invalid_runtime`), or another option of the wrong type or
 *   one it does not know (`invalid_options`).
 * @example
 * ```ts
 * const embedder = await loadEmbedder();
 * const [query] = await embedder.embed(["open a ticket"]);
 * await embedder.close?.();
 * ```
 */
export async function loadEmbedder(options: EmbedderOptions = {}): Promise<Embedder> {
  checkEmbedderOptions("loadEmbedder", "", options);
  const { model } = options;
  if (typeof model !== "object") return await loadFolder({ ...options, model });
  const parts: Embedder[] = [];
  try {
    for (const folder of model) parts.push(await loadFolder({ ...options, model: folder }));
  } catch (error) {
    await Promise.all(parts.map((part) => part.close?.()));
    throw error;
  }
  return joinEmbedders(parts);
}

async function loadFolder(options: EmbedderOptions & { model: string | undefined }): Promise<Embedder> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const runtime = options.runtime ?? "auto";
  const normalize = options.normalize ?? true;

  // transformers.js reads a relative path as a Hub model id, so always use an absolute one.
  const folder = await readModelFolder(resolve(options.model ?? BUNDLED_MODEL_DIR), options.dtype);
  const pooling = options.pooling ?? folder.declaredPooling ?? "mean";
  const hash = createHash("sha256").update(folder.onnxBytes).update(folder.tokenizerBytes).digest("hex").slice(0, 12);
  // Both runtimes give the same vectors for a static model, so they share an id (and caches).
  const id = `${basename(folder.dir)}@${hash}:${pooling}${normalize ? ":normalized" : ""}`;

  const graph = runtime === "auto" ? staticGraphOf(folder.onnxBytes, folder.onnxFile) : undefined;
  if (graph) {
    if (pooling === "none") {
      throw new OptionsError(
        "invalid_pooling",
        `pooling "none" needs a model that outputs one vector per text, but ${folder.onnxFile} outputs only per-token vectors; use pooling "mean" or "cls".`,
      );
    }
    return await createStaticEmbedder({ id, folder, graph, pooling, normalize });
  }
  const { createOnnxRuntimeEmbedder } = await loadOnnxRuntimeEmbedder();
  return createOnnxRuntimeEmbedder({ id, folder, pooling, normalize, batchSize });
}

/**
 * Checks {@link EmbedderOptions} at `path` of `owner`'s options (the top level when empty), so
 * a ranker given them refuses a bad one when it is built, not at its first update.
 */
export function checkEmbedderOptions(owner: string, path: string, options: unknown): void {
  const given = checkKeys(owner, path, options, EMBEDDER_KEYS, '{ model: "models/all-MiniLM-L6-v2" }');
  const at = optionAt(owner, path);
  checkModel(at("model"), given.model);
  if (Array.isArray(given.model) && given.normalize === false) {
    throw invalidOption(
      at("normalize"),
      "true or absent with several model folders, whose joined vectors always have unit length",
      false,
    );
  }
  checkOneOf(at("pooling"), given.pooling, POOLINGS, "invalid_pooling");
  checkBoolean(at("normalize"), given.normalize);
  checkOneOf(at("dtype"), given.dtype, Object.keys(DTYPE_SUFFIX), "invalid_dtype");
  checkNumber(at("batchSize"), given.batchSize, {
    min: 1,
    integer: true,
    example: DEFAULT_BATCH_SIZE,
    code: "invalid_batch_size",
  });
  checkOneOf(at("runtime"), given.runtime, RUNTIMES, "invalid_runtime");
}

const FOLDER_EXAMPLE = 'the path of a model folder, such as "models/all-MiniLM-L6-v2"';

/** `model`: one folder's path, or a list of 2 to {@link MAX_JOINED_MODELS} distinct ones. */
function checkModel(at: string, model: unknown): void {
  if (model === undefined) return;
  if (!Array.isArray(model)) {
    if (typeof model !== "string" || model === "") throw invalidOption(at, FOLDER_EXAMPLE, model);
    return;
  }
  if (model.length < 2 || model.length > MAX_JOINED_MODELS) {
    throw invalidOption(
      at,
      `${FOLDER_EXAMPLE}, or a list of 2 to ${MAX_JOINED_MODELS} of them to join, such as ["models/use-lite-sif", "models/glove-100d-sif"]`,
      model,
    );
  }
  const seen = new Set<string>();
  model.forEach((folder: unknown, index) => {
    if (typeof folder !== "string" || folder === "") throw invalidOption(`${at}[${index}]`, FOLDER_EXAMPLE, folder);
    // `models/a` and `./models/a/` are one folder: a model counts once.
    const path = resolve(folder);
    if (seen.has(path)) {
      throw invalidOption(
        `${at}[${index}]`,
        "a folder the list does not already hold (each model counts once)",
        folder,
      );
    }
    seen.add(path);
  });
}

/**
 * The model's lookup graph if it is a static embedding; `undefined` sends it to ONNX Runtime.
 * The graph toolsift's model builder writes (the bundled models') is read directly, which
 * gives the generic evaluator's rows in a fraction of its time; the generic evaluator still
 * decides what is static.
 */
function staticGraphOf(onnxBytes: Uint8Array, onnxFile: string): StaticEmbeddingGraph | undefined {
  let recognised: ReturnType<typeof staticEmbeddingGraph>;
  let graph: ReturnType<typeof readOnnxGraph>;
  try {
    graph = readOnnxGraph(onnxBytes);
    recognised = staticEmbeddingGraph(graph);
  } catch (cause) {
    throw corruptModelFile(onnxFile, cause);
  }
  if ("notStatic" in recognised) return undefined;
  return lookupTableGraph(graph) ?? recognised;
}
