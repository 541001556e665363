/**
 * The whole Universal Sentence Encoder Lite's vector of each corpus sentence: what the bundled
 * model's rows are fitted to (fit-rows.ts). The encoder runs as the ONNX folder toolsift builds
 * from the same pinned package (src/model-build/build-use-lite-onnx.ts) on ONNX Runtime, through
 * the @huggingface/transformers devDependency: TF.js takes about 400 ms a sentence, ONNX Runtime
 * under 2. Vectors are rounded to 10⁻⁴, so a machine whose arithmetic differs in the last bits
 * still fits the same rows, and kept in the cache (vector-cache.ts): a rebuild reads them in seconds.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { buildUseLiteOnnx } from "../../src/model-build/build-use-lite-onnx.js";
import { loadEmbedder } from "../../src/ranking/index.js";
import { readVectorCache, writeVectorCache } from "./vector-cache.js";

const BATCH = 1_000;
const ROUNDING = 1e4;

export async function teacherVectors(
  sentences: readonly string[],
  cacheDir: string,
  log: (line: string) => void = () => {},
): Promise<Float32Array> {
  const folder = join(cacheDir, "use-lite-onnx-fp32");
  if (!existsSync(join(folder, "toolsift.json"))) buildUseLiteOnnx({ out: folder, dtype: "fp32", cacheDir }, log);
  const embedder = await loadEmbedder({ model: folder });
  const key = createHash("sha256").update(embedder.id).update("\0").update(sentences.join("\n")).digest("hex");
  const cached = join(cacheDir, `use-lite-teacher-${key.slice(0, 16)}.f32`);
  const dimensions = embedder.dimensions;
  const fromCache = readVectorCache(cached, sentences.length * dimensions, log);
  if (fromCache !== undefined) {
    log(`using cached teacher vectors ${cached}`);
    await embedder.close?.();
    return fromCache;
  }
  const vectors = new Float32Array(sentences.length * dimensions);
  const started = Date.now();
  for (let first = 0; first < sentences.length; first += BATCH) {
    const batch = await embedder.embed(sentences.slice(first, first + BATCH));
    batch.forEach((vector, i) => {
      const at = (first + i) * dimensions;
      for (let d = 0; d < dimensions; d++) vectors[at + d] = Math.round((vector[d] as number) * ROUNDING) / ROUNDING;
    });
    if ((first / BATCH) % 20 === 0)
      log(
        `teacher: ${first + batch.length} of ${sentences.length} sentences (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
  }
  await embedder.close?.();
  writeVectorCache(cached, vectors);
  return vectors;
}
