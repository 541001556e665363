import { ModelError, OptionsError, errorText } from "../../errors.js";
import { optionalPackage } from "../../util/optional-package.js";
import type { Embedder, Pooling } from "./embedder.js";
import { corruptModelFile, type ModelFolder } from "./model-folder.js";
import { normaliseInPlace, poolTokens } from "./pool-tokens.js";

/** The optional package this path runs on, and the range toolsift is tested with. */
export const TRANSFORMERS_PACKAGE = "@huggingface/transformers";
const TRANSFORMERS_RANGE = "^4.3.2";

/** The slice of transformers.js this file uses, so no type of the optional package is exported. */
interface OutputTensor {
  dims: number[];
  type: string;
  data: ArrayLike<number | bigint>;
  to?(type: string): OutputTensor;
}
interface TransformersModule {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean };
  AutoTokenizer: {
    from_pretrained(
      dir: string,
      options: object,
    ): Promise<(texts: string[], options: object) => Record<string, unknown>>;
  };
  AutoModel: {
    from_pretrained(
      dir: string,
      options: object,
    ): Promise<((inputs: Record<string, unknown>) => Promise<unknown>) & { dispose(): Promise<unknown> }>;
  };
}

export interface OnnxRuntimeEmbedderSettings {
  id: string;
  folder: ModelFolder;
  pooling: Pooling;
  normalize: boolean;
  batchSize: number;
}

/**
 * An {@link Embedder} that runs any sentence-embedding model through transformers.js and ONNX
 * Runtime: transformer encoders (MiniLM, bge, …) and anything else a static lookup cannot
 * express. transformers.js is an optional dependency, loaded on first use; remote models stay
 * off, so nothing is fetched.
 *
 * @throws DependencyError when `@huggingface/transformers` is not installed.
 */
export async function createOnnxRuntimeEmbedder(settings: OnnxRuntimeEmbedderSettings): Promise<Embedder> {
  const { folder, pooling, normalize, batchSize } = settings;
  const transformers = await importTransformers(folder.dir);
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;

  let tokenizer: Awaited<ReturnType<TransformersModule["AutoTokenizer"]["from_pretrained"]>>;
  let model: Awaited<ReturnType<TransformersModule["AutoModel"]["from_pretrained"]>>;
  try {
    tokenizer = await transformers.AutoTokenizer.from_pretrained(folder.dir, { local_files_only: true });
  } catch (cause) {
    throw corruptModelFile(folder.tokenizerFile, cause);
  }
  try {
    model = await transformers.AutoModel.from_pretrained(folder.dir, {
      local_files_only: true,
      dtype: folder.dtype,
      device: "cpu",
    });
  } catch (cause) {
    throw corruptModelFile(folder.onnxFile, cause);
  }
  let closed = false;

  const embedBatch = async (texts: string[]): Promise<Float32Array[]> => {
    const inputs = tokenizer(texts, { padding: true, truncation: true });
    let outputs: Record<string, OutputTensor>;
    try {
      outputs = (await model(inputs)) as Record<string, OutputTensor>;
    } catch (cause) {
      throw new ModelError(
        "model_run_failed",
        `The embedding model at ${folder.onnxFile} failed to run: ${errorText(cause)}. Check that the folder holds a sentence-embedding model in the transformers.js layout.`,
        { cause },
      );
    }
    const vectors = pool(outputs, inputs.attention_mask as OutputTensor, pooling, folder.onnxFile);
    if (normalize) for (const vector of vectors) normaliseInPlace(vector);
    return vectors;
  };

  const embed = async (texts: readonly string[]): Promise<Float32Array[]> => {
    if (closed)
      throw new ModelError(
        "embedder_closed",
        `The embedder for ${folder.dir} was closed; load it again with loadEmbedder().`,
      );
    // Texts of similar length share a batch, so little of each batch is padding.
    const order = texts.map((_, index) => index).sort((a, b) => texts[a]!.length - texts[b]!.length);
    const result = new Array<Float32Array>(texts.length);
    for (let start = 0; start < order.length; start += batchSize) {
      const indices = order.slice(start, start + batchSize);
      const vectors = await embedBatch(indices.map((index) => texts[index]!));
      indices.forEach((index, i) => (result[index] = vectors[i]!));
    }
    return result;
  };

  // A first run checks the model works at all and tells the vector length. The caller never
  // sees the model if it fails, so its ONNX session is released here.
  let dimensions: number;
  try {
    const [probe] = await embedBatch(["dimension probe"]);
    dimensions = probe?.length ?? 0;
    if (dimensions === 0)
      throw new ModelError("model_run_failed", `The embedding model at ${folder.onnxFile} returned empty vectors.`);
  } catch (error) {
    await model.dispose().catch(() => undefined);
    throw error;
  }

  return {
    id: settings.id,
    dimensions,
    embed,
    async close() {
      if (closed) return;
      closed = true;
      await model.dispose();
    },
  };
}

const transformers = optionalPackage({
  name: TRANSFORMERS_PACKAGE,
  range: TRANSFORMERS_RANGE,
  load: () => import(TRANSFORMERS_PACKAGE) as Promise<unknown>,
  pick: (module) => module as TransformersModule,
});

function importTransformers(modelDir: string): Promise<TransformersModule> {
  return transformers({
    neededBy: `The model at ${modelDir} (not a static embedding: it runs on ONNX Runtime)`,
    whenMissing: "Offline sites: add it to your package mirror. Or use the bundled model, which needs nothing.",
  });
}

/** One float32 vector per text from the model's outputs. */
function pool(
  outputs: Record<string, OutputTensor>,
  mask: OutputTensor,
  pooling: Pooling,
  onnxFile: string,
): Float32Array[] {
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
  return Array.from({ length: count }, (_, b) => {
    const rows: Float32Array[] = [];
    for (let t = 0; t < length; t++) {
      if (Number(mask.data[b * length + t]) === 0) continue;
      const offset = (b * length + t) * width;
      rows.push(data.subarray(offset, offset + width));
    }
    return poolTokens(rows, width, pooling);
  });
}

function floatData(tensor: OutputTensor): Float32Array {
  if (tensor.data instanceof Float32Array) return tensor.data;
  if (tensor.type === "float16" && tensor.to !== undefined) return floatData(tensor.to("float32"));
  return Float32Array.from(tensor.data, Number);
}
