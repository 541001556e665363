/**
 * Turns texts into fixed-length vectors for similarity search. Vectors of one embedder are
 * comparable with each other only; `id` changes whenever they would stop being comparable.
 */
export interface Embedder {
  /**
   * Stable identity of the model and of how vectors are made from it (folder name, a short
   * hash of the ONNX file and tokenizer, pooling, normalisation); use it to key vector caches.
   */
  readonly id: string;
  /** Length of every vector `embed` returns. */
  readonly dimensions: number;
  /**
   * One vector per text, in input order. With normalisation on, vectors have unit length,
   * except that a text with no known word gives the zero vector.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Releases the model (and its ONNX session, if it has one); `embed` fails afterwards. */
  close?(): Promise<void>;
}

/** How a model's per-token output becomes one vector per text. */
export type Pooling = "mean" | "cls" | "none";

/** Every {@link Pooling}, for checks at the boundaries. */
export const POOLINGS: readonly Pooling[] = ["mean", "cls", "none"];

/**
 * What runs the model: `auto` runs a static embedding (a token table, like the bundled
 * model) in TypeScript and any other model on ONNX Runtime; `onnxruntime` always uses ONNX
 * Runtime, through the optional `@huggingface/transformers` package.
 */
export type EmbeddingRuntime = "auto" | "onnxruntime";

/** The most model folders one embedder joins (`EmbedderOptions.model`). */
export const MAX_JOINED_MODELS = 4;

export interface EmbedderOptions {
  /**
   * A model folder in the transformers.js layout (config.json, tokenizer.json,
   * onnx/model*.onnx), absolute or relative to the working directory. Default: the bundled
   * models/use-lite-sif.
   *
   * Several folders (at most {@link MAX_JOINED_MODELS}) make one embedder whose cosine is the mean
   * of theirs, each model counting alike; each folder takes the other options. Its vectors always
   * have unit length, so `normalize: false` is refused with it.
   * @example
   * ```ts
   * // Both bundled models: GloVe's word knowledge beside USE-lite's.
   * const embedder = await loadEmbedder({ model: ["models/use-lite-sif", "models/glove-100d-sif"] });
   * ```
   */
  model?: string | readonly string[];
  /**
   * `mean` averages the token vectors (sentence-transformers' default), `cls` takes the first
   * token's, `none` uses a model output that is already one vector per text. Default: what the
   * folder declares (`pooling` in its `toolsift.json`, as `toolsift model build` writes it, else
   * a sentence-transformers `1_Pooling/config.json`), else `mean`.
   */
  pooling?: Pooling;
  /** Scale vectors to unit length (cosine = dot product). Default true. */
  normalize?: boolean;
  /**
   * Which ONNX file of the folder to run, by transformers.js' naming: `fp32` → onnx/model.onnx,
   * `fp16` → model_fp16.onnx, `q8` → model_quantized.onnx, `int8`, `uint8`, `q4`, `q4f16`, `bnb4`.
   * Default: the folder's `transformers.js_config.dtype`, else `fp32`.
   */
  dtype?: string;
  /** Texts per ONNX Runtime call. Default 64. */
  batchSize?: number;
  /**
   * What runs the model. Both give the same vectors for a static model; `onnxruntime` only
   * costs more (it loads ONNX Runtime, 75–190 MB of memory).
   * @defaultValue "auto"
   */
  runtime?: EmbeddingRuntime;
}
