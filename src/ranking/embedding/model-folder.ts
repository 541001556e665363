import { readdir, readFile, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { ModelError, errorText } from "../../errors.js";
import { BUNDLED_MODEL_DIR } from "./bundled-model.js";
import { POOLINGS, type Pooling } from "./embedder.js";
import { isRecord } from "../../util/is-record.js";

// transformers.js' file suffix for each dtype (onnx/model<suffix>.onnx).
export const DTYPE_SUFFIX: Readonly<Record<string, string>> = {
  fp32: "",
  fp16: "_fp16",
  int8: "_int8",
  uint8: "_uint8",
  q8: "_quantized",
  q4: "_q4",
  q4f16: "_q4f16",
  bnb4: "_bnb4",
};

/** A model folder in the transformers.js layout, with the files both runtimes read. */
export interface ModelFolder {
  dir: string;
  dtype: string;
  onnxFile: string;
  onnxBytes: Uint8Array;
  tokenizerFile: string;
  tokenizerBytes: Uint8Array;
  /** tokenizer_config.json, or `{}` when the folder has none. */
  tokenizerConfig: Record<string, unknown>;
  /** The pooling the folder declares (its `toolsift.json`, else a sentence-transformers `1_Pooling/config.json`), if any. */
  declaredPooling: Pooling | undefined;
}

/**
 * Reads a model folder: config, the ONNX file of the dtype asked for (or the one the config
 * names), the tokenizer and the pooling it declares.
 *
 * @throws ModelError `model_not_found` or `model_corrupt`, naming the path and the fix.
 */
export async function readModelFolder(dir: string, dtype: string | undefined): Promise<ModelFolder> {
  const config = await readModelConfig(dir);
  const chosen = dtype ?? configuredDtype(config) ?? "fp32";
  const onnxFile = join(dir, "onnx", `model${DTYPE_SUFFIX[chosen] ?? ""}.onnx`);
  const tokenizerFile = join(dir, "tokenizer.json");
  const [onnxBytes, tokenizerBytes, tokenizerConfig, declaredPooling] = await Promise.all([
    readModelFile(onnxFile, dir, chosen),
    readModelFile(tokenizerFile, dir, chosen),
    readOptionalJson(join(dir, "tokenizer_config.json")),
    declaredPoolingOf(dir),
  ]);
  return {
    dir,
    dtype: chosen,
    onnxFile,
    onnxBytes,
    tokenizerFile,
    tokenizerBytes,
    tokenizerConfig: tokenizerConfig ?? {},
    declaredPooling,
  };
}

export function corruptModelFile(path: string, cause: unknown): ModelError {
  return new ModelError(
    "model_corrupt",
    `Cannot load ${path}: ${errorText(cause)}. The file is corrupt or incomplete (a git-lfs pointer instead of the real file?): ${fixFor(path, "download the model's files again")}`,
    { cause },
  );
}

/**
 * How to fix a missing or damaged file at `path`. The bundled model ships in the package, so in
 * an installed toolsift it can only be missing from a broken install; `npm run model:build`
 * exists only in toolsift's own repository, where the model is built rather than committed.
 */
function fixFor(path: string, ownModelFix: string): string {
  const bundled = resolve(BUNDLED_MODEL_DIR);
  const inBundled = resolve(path) === bundled || resolve(path).startsWith(`${bundled}${sep}`);
  if (!inBundled) return `${ownModelFix}.`;
  return (
    "This is the model toolsift ships (models/use-lite-sif in the package), so the install is broken or partial: " +
    "reinstall toolsift (delete node_modules/toolsift and run npm install), or pass `model` the folder of a model of your own. " +
    "In a clone of the toolsift repository, build it with `npm run model:build`."
  );
}

async function readModelConfig(dir: string): Promise<Record<string, unknown>> {
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined || !info.isDirectory()) {
    throw new ModelError(
      "model_not_found",
      `No embedding model folder at ${dir}. ${fixFor(dir, "Pass `model` the path of a model folder in the transformers.js layout (config.json, tokenizer.json, onnx/model.onnx), or leave it out for the bundled model")}`,
    );
  }
  const path = join(dir, "config.json");
  const text = await readFile(path, "utf8").catch((cause: unknown) => {
    throw missing(path, dir, cause);
  });
  try {
    const config: unknown = JSON.parse(text);
    if (!isRecord(config)) throw new Error("not a JSON object");
    return config;
  } catch (cause) {
    throw corruptModelFile(path, cause);
  }
}

async function readModelFile(path: string, dir: string, dtype: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (cause) {
    if (path.endsWith(".onnx")) {
      const available = await readdir(join(dir, "onnx")).catch(() => [] as string[]);
      const onnx = available.filter((name) => name.endsWith(".onnx")).sort();
      const hint =
        onnx.length > 0 ? ` The folder has onnx/${onnx.join(", onnx/")}; choose one with the dtype option.` : "";
      throw new ModelError(
        "model_not_found",
        `The embedding model at ${dir} has no ONNX file for dtype "${dtype}" (${path}).${hint || ` ${fixFor(dir, "Copy the model's onnx/ folder there")}`}`,
        { cause },
      );
    }
    throw missing(path, dir, cause);
  }
}

function missing(path: string, dir: string, cause: unknown): ModelError {
  return new ModelError(
    "model_not_found",
    `Cannot read ${path} (${errorText(cause)}). ${dir} must be a model in the transformers.js layout (config.json, tokenizer.json, onnx/model.onnx): ${fixFor(dir, "copy the complete model folder there")}`,
    { cause },
  );
}

async function readOptionalJson(path: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) throw new Error("not a JSON object");
    return value;
  } catch (cause) {
    throw corruptModelFile(path, cause);
  }
}

function configuredDtype(config: Record<string, unknown>): string | undefined {
  const settings = config["transformers.js_config"];
  if (!isRecord(settings)) return undefined;
  const dtype = settings.dtype;
  return typeof dtype === "string" && Object.hasOwn(DTYPE_SUFFIX, dtype) ? dtype : undefined;
}

/**
 * The pooling the folder declares. toolsift's own builds say it in `toolsift.json`: a model whose
 * output is already one vector per text (the whole USE-lite) is loaded right with no option, in
 * code and in the gateway's config alike. A value that is not a pooling is refused, not guessed:
 * the wrong pooling gives vectors that look fine and rank badly.
 */
async function declaredPoolingOf(dir: string): Promise<Pooling | undefined> {
  const path = join(dir, "toolsift.json");
  const declared = (await readOptionalJson(path))?.pooling;
  if (declared === undefined) return sentenceTransformersPooling(dir);
  const pooling = POOLINGS.find((known) => known === declared);
  if (pooling === undefined)
    throw corruptModelFile(path, new Error(`its "pooling" must be one of ${POOLINGS.join(", ")}`));
  return pooling;
}

/** The pooling a sentence-transformers export declares in 1_Pooling/config.json, if any. */
async function sentenceTransformersPooling(dir: string): Promise<Pooling | undefined> {
  let settings: unknown;
  try {
    settings = JSON.parse(await readFile(join(dir, "1_Pooling", "config.json"), "utf8"));
  } catch {
    return undefined;
  }
  if (!isRecord(settings)) return undefined;
  if (settings.pooling_mode_cls_token === true) return "cls";
  if (settings.pooling_mode_mean_tokens === true) return "mean";
  return undefined;
}
