import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { ModelError, OptionsError, errorText } from "../../errors.js";
import { BUNDLED_MODEL_DIR } from "./bundled-model.js";
import type { Embedder, EmbedderOptions, Pooling } from "./embedder.js";

// transformers.js' file suffix for each dtype (onnx/model<suffix>.onnx).
const DTYPE_SUFFIX: Readonly<Record<string, string>> = {
  fp32: "",
  fp16: "_fp16",
  int8: "_int8",
  uint8: "_uint8",
  q8: "_quantized",
  q4: "_q4",
  q4f16: "_q4f16",
  bnb4: "_bnb4",
};
const POOLINGS: readonly Pooling[] = ["mean", "cls", "none"];
const DEFAULT_BATCH_SIZE = 64;

type Transformers = typeof import("@huggingface/transformers");
type Tokenizer = Awaited<ReturnType<Transformers["AutoTokenizer"]["from_pretrained"]>>;
type Model = Awaited<ReturnType<Transformers["AutoModel"]["from_pretrained"]>>;
interface OutputTensor {
  dims: number[];
  type: string;
  data: ArrayLike<number | bigint>;
  to?(type: string): OutputTensor;
}

/**
 * Loads a sentence-embedding model from disk and returns an {@link Embedder}. Works offline:
 * transformers.js is told never to fetch, and any folder in its ONNX layout works — the bundled
 * GloVe model, or e.g. all-MiniLM-L6-v2 or bge-small copied into `models/`.
 *
 * @throws ModelError when the folder or one of its files is missing, unreadable or corrupt
 *   (`model_not_found`, `model_corrupt`) or the model fails its first run (`model_run_failed`);
 *   the message names the path and how to fix it.
 * @throws OptionsError for a bad batch size, pooling or dtype (`invalid_batch_size`,
 *   `invalid_pooling`, `invalid_dtype`).
 * @example
 * ```ts
 * const embedder = await loadEmbedder();
 * const [query] = await embedder.embed(["open a ticket"]);
 * await embedder.close?.();
 * ```
 */
export async function loadEmbedder(options: EmbedderOptions = {}): Promise<Embedder> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new OptionsError("invalid_batch_size", `batchSize must be a positive integer, got ${String(options.batchSize)}.`);
  }
  if (options.pooling !== undefined && !POOLINGS.includes(options.pooling)) {
    throw new OptionsError("invalid_pooling", `pooling must be one of ${POOLINGS.join(", ")}, got ${String(options.pooling)}.`);
  }
  if (options.dtype !== undefined && !Object.hasOwn(DTYPE_SUFFIX, options.dtype)) {
    throw new OptionsError("invalid_dtype", `dtype must be one of ${Object.keys(DTYPE_SUFFIX).join(", ")}, got ${String(options.dtype)}.`);
  }
  const normalize = options.normalize ?? true;

  // transformers.js reads a relative path as a Hub model id, so always hand it an absolute one.
  const dir = resolve(options.model ?? BUNDLED_MODEL_DIR);
  const config = await readModelConfig(dir);
  const dtype = options.dtype ?? configuredDtype(config) ?? "fp32";
  const onnxFile = join(dir, "onnx", `model${DTYPE_SUFFIX[dtype] ?? ""}.onnx`);
  const tokenizerFile = join(dir, "tokenizer.json");
  const [onnxBytes, tokenizerBytes] = await Promise.all([
    readModelFile(onnxFile, dir, dtype),
    readModelFile(tokenizerFile, dir, dtype),
  ]);
  const pooling = options.pooling ?? (await sentenceTransformersPooling(dir)) ?? "mean";

  const transformers = await import("@huggingface/transformers");
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;

  let tokenizer: Tokenizer;
  let model: Model;
  try {
    tokenizer = await transformers.AutoTokenizer.from_pretrained(dir, { local_files_only: true });
  } catch (cause) {
    throw corrupt(tokenizerFile, cause);
  }
  try {
    model = await transformers.AutoModel.from_pretrained(dir, {
      local_files_only: true,
      dtype: dtype as NonNullable<Parameters<Transformers["AutoModel"]["from_pretrained"]>[1]>["dtype"],
      device: "cpu",
    });
  } catch (cause) {
    throw corrupt(onnxFile, cause);
  }

  const hash = createHash("sha256").update(onnxBytes).update(tokenizerBytes).digest("hex").slice(0, 12);
  const id = `${basename(dir)}@${hash}:${pooling}${normalize ? ":normalized" : ""}`;
  let closed = false;

  const embedBatch = async (texts: string[]): Promise<Float32Array[]> => {
    const inputs = tokenizer(texts, { padding: true, truncation: true });
    let outputs: Record<string, OutputTensor>;
    try {
      outputs = (await model(inputs)) as Record<string, OutputTensor>;
    } catch (cause) {
      throw new ModelError(
        "model_run_failed",
        `The embedding model at ${onnxFile} failed to run: ${errorText(cause)}. Check that the folder holds a sentence-embedding model in the transformers.js layout.`,
        { cause },
      );
    }
    const vectors = pool(outputs, inputs.attention_mask as unknown as OutputTensor, pooling, onnxFile);
    if (normalize) for (const vector of vectors) normaliseInPlace(vector);
    return vectors;
  };

  const embed = async (texts: readonly string[]): Promise<Float32Array[]> => {
    if (closed) throw new ModelError("embedder_closed", `The embedder for ${dir} was closed; load it again with loadEmbedder().`);
    // Texts of similar length share a batch, so little of each batch is padding.
    const order = texts.map((_, index) => index).sort((a, b) => (texts[a] as string).length - (texts[b] as string).length);
    const result = new Array<Float32Array>(texts.length);
    for (let start = 0; start < order.length; start += batchSize) {
      const indices = order.slice(start, start + batchSize);
      const vectors = await embedBatch(indices.map((index) => texts[index] as string));
      indices.forEach((index, i) => (result[index] = vectors[i] as Float32Array));
    }
    return result;
  };

  // A first run checks the model works at all and tells the vector length. The caller never
  // sees the model if it fails, so its ONNX session is released here.
  let dimensions: number;
  try {
    const [probe] = await embedBatch(["dimension probe"]);
    dimensions = probe?.length ?? 0;
    if (dimensions === 0) throw new ModelError("model_run_failed", `The embedding model at ${onnxFile} returned empty vectors.`);
  } catch (error) {
    await model.dispose().catch(() => undefined);
    throw error;
  }

  return {
    id,
    dimensions,
    embed,
    async close() {
      if (closed) return;
      closed = true;
      await model.dispose();
    },
  };
}

async function readModelConfig(dir: string): Promise<Record<string, unknown>> {
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined || !info.isDirectory()) {
    throw new ModelError(
      "model_not_found",
      `No embedding model folder at ${dir}. Run \`npm run model:build\` to build the bundled model, or put a model in the transformers.js layout (config.json, tokenizer.json, onnx/model.onnx) there and pass its path as \`model\`.`,
    );
  }
  const path = join(dir, "config.json");
  const text = await readFile(path, "utf8").catch((cause: unknown) => {
    throw missing(path, dir, cause);
  });
  try {
    const config: unknown = JSON.parse(text);
    if (typeof config !== "object" || config === null || Array.isArray(config)) throw new Error("not a JSON object");
    return config as Record<string, unknown>;
  } catch (cause) {
    throw corrupt(path, cause);
  }
}

async function readModelFile(path: string, dir: string, dtype: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (cause) {
    if (path.endsWith(".onnx")) {
      const available = await readdir(join(dir, "onnx")).catch(() => [] as string[]);
      const onnx = available.filter((name) => name.endsWith(".onnx")).sort();
      const hint = onnx.length > 0 ? ` The folder has onnx/${onnx.join(", onnx/")}; choose one with the dtype option.` : "";
      throw new ModelError(
        "model_not_found",
        `The embedding model at ${dir} has no ONNX file for dtype "${dtype}" (${path}).${hint} Run \`npm run model:build\` for the bundled model, or copy the model's onnx/ folder there.`,
        { cause },
      );
    }
    throw missing(path, dir, cause);
  }
}

function missing(path: string, dir: string, cause: unknown): ModelError {
  return new ModelError(
    "model_not_found",
    `Cannot read ${path} (${errorText(cause)}). ${dir} must be a model in the transformers.js layout (config.json, tokenizer.json, onnx/model.onnx): run \`npm run model:build\` for the bundled model, or copy the complete model folder there.`,
    { cause },
  );
}

function corrupt(path: string, cause: unknown): ModelError {
  return new ModelError(
    "model_corrupt",
    `Cannot load ${path}: ${errorText(cause)}. The file is corrupt or incomplete (a git-lfs pointer instead of the real file?): rebuild the bundled model with \`npm run model:build\`, or download the model's files again.`,
    { cause },
  );
}

function configuredDtype(config: Record<string, unknown>): string | undefined {
  const settings = config["transformers.js_config"];
  if (typeof settings !== "object" || settings === null) return undefined;
  const dtype = (settings as { dtype?: unknown }).dtype;
  return typeof dtype === "string" && Object.hasOwn(DTYPE_SUFFIX, dtype) ? dtype : undefined;
}

/** The pooling a sentence-transformers export declares in 1_Pooling/config.json, if any. */
async function sentenceTransformersPooling(dir: string): Promise<Pooling | undefined> {
  let settings: unknown;
  try {
    settings = JSON.parse(await readFile(join(dir, "1_Pooling", "config.json"), "utf8"));
  } catch {
    return undefined;
  }
  if (typeof settings !== "object" || settings === null) return undefined;
  const flags = settings as Record<string, unknown>;
  if (flags.pooling_mode_cls_token === true) return "cls";
  if (flags.pooling_mode_mean_tokens === true) return "mean";
  return undefined;
}

/** One float32 vector per text from the model's outputs. */
function pool(outputs: Record<string, OutputTensor>, mask: OutputTensor, pooling: Pooling, onnxFile: string): Float32Array[] {
  if (pooling === "none") {
    const pooled = outputs.sentence_embedding ?? Object.values(outputs).find((tensor) => tensor.dims.length === 2);
    if (pooled === undefined) {
      throw new OptionsError(
        "invalid_pooling",
        `pooling "none" needs a model that outputs one vector per text, but ${onnxFile} outputs only per-token tensors; use pooling "mean" or "cls".`,
      );
    }
    const [count = 0, width = 0] = pooled.dims;
    const data = floatData(pooled);
    return Array.from({ length: count }, (_, b) => data.slice(b * width, (b + 1) * width));
  }

  const tokens = outputs.last_hidden_state ?? outputs.token_embeddings;
  if (tokens === undefined || tokens.dims.length !== 3) {
    throw new ModelError(
      "model_run_failed",
      `${onnxFile} has no per-token output (last_hidden_state [batch, tokens, dims]); it does not look like a sentence-embedding model.`,
    );
  }
  const [count = 0, length = 0, width = 0] = tokens.dims;
  const data = floatData(tokens);
  const maskData = mask.data;
  const vectors: Float32Array[] = [];
  for (let b = 0; b < count; b++) {
    const vector = new Float32Array(width);
    if (pooling === "cls") {
      vector.set(data.subarray(b * length * width, b * length * width + width));
    } else {
      let used = 0;
      for (let t = 0; t < length; t++) {
        if (Number(maskData[b * length + t]) === 0) continue;
        used++;
        const offset = (b * length + t) * width;
        for (let d = 0; d < width; d++) vector[d] = (vector[d] as number) + (data[offset + d] as number);
      }
      if (used > 0) for (let d = 0; d < width; d++) vector[d] = (vector[d] as number) / used;
    }
    vectors.push(vector);
  }
  return vectors;
}

function floatData(tensor: OutputTensor): Float32Array {
  if (tensor.data instanceof Float32Array) return tensor.data;
  if (tensor.type === "float16" && tensor.to !== undefined) return floatData(tensor.to("float32"));
  return Float32Array.from(tensor.data, Number);
}

/** Unit length; the zero vector (no known token) stays zero rather than becoming NaN. */
function normaliseInPlace(vector: Float32Array): void {
  let squares = 0;
  for (const value of vector) squares += value * value;
  if (squares === 0) return;
  const inverse = 1 / Math.sqrt(squares);
  for (let d = 0; d < vector.length; d++) vector[d] = (vector[d] as number) * inverse;
}
