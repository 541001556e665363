import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { jsonFile } from "../json-file.js";
import { configJson, tokenizerConfigJson, tokenizerJson } from "./hf-files.js";

/** What a static embedding model's folder holds besides the files every model has. */
export interface ModelFolderParts {
  /** The vocabulary, in row order. */
  tokens: readonly string[];
  dimensions: number;
  /** The encoded ONNX graph. */
  onnx: Uint8Array;
  /** Where the model came from and how it was built: written as toolsift.json. */
  provenance: unknown;
  /** Further files (a licence, a notice), by their path in the folder. */
  extra?: readonly (readonly [string, string | Uint8Array])[];
}

/**
 * Writes a model folder in the transformers.js layout (config, tokenizer, ONNX graph) with
 * toolsift's provenance, and says what it wrote: each file's path and size.
 */
export function writeModelFolder(out: string, parts: ModelFolderParts): { path: string; bytes: number }[] {
  const outputs: (readonly [string, string | Uint8Array])[] = [
    ["config.json", jsonFile(configJson({ vocabSize: parts.tokens.length, hiddenSize: parts.dimensions }))],
    // Compact: pretty-printing the vocabulary would add about a byte per character of it.
    ["tokenizer.json", `${JSON.stringify(tokenizerJson(parts.tokens))}\n`],
    ["tokenizer_config.json", jsonFile(tokenizerConfigJson())],
    ["onnx/model.onnx", parts.onnx],
    ["toolsift.json", jsonFile(parts.provenance)],
    ...(parts.extra ?? []),
  ];
  for (const [name, content] of outputs) {
    const path = join(out, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return outputs.map(([name]) => ({ path: join(out, name), bytes: statSync(join(out, name)).size }));
}
