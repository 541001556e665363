/**
 * `npm run model:build:glove` — builds models/glove-100d-sif (bundled until 0.3; kept buildable
 * and measurable, and usable as `model`) with src/model-build/glove/build-glove.ts, the builder
 * `toolsift model build glove` runs. Flags change one choice each, for measuring alternatives
 * with scripts/evaluate-model.ts (see `USAGE`, or `npm run model:build:glove -- --help`).
 */
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { commandFlags } from "./command-flags.js";
import { buildGloveModel, GLOVE_CHOICES, type GloveBuildOptions } from "../src/model-build/glove/build-glove.js";
import { nonNegativeFlag, storageFlag } from "./model/build-flags.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

const USAGE = `Usage: npm run model:build:glove -- [options]

  --out DIR          output folder (default models/glove-100d-sif)
  --vocab N          words taken from the top of GloVe's frequency list
  --sif-a A          SIF smoothing a in a/(a+p(w)); 0 disables the weighting
  --components K     common components removed (0 = none)
  --storage S        int8 | fp16 | fp32
  --pieces N         frequent words that also get a "##word" continuation piece
  --no-tool-words    do not add the curated tool vocabulary
  --no-retrofit      do not retrofit the vectors to the tool synonym lexicon
  --unit-words       normalise word vectors to unit length before weighting`;

function parseOptions(argv: readonly string[]): GloveBuildOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      out: { type: "string" },
      vocab: { type: "string" },
      "sif-a": { type: "string" },
      components: { type: "string" },
      storage: { type: "string" },
      pieces: { type: "string" },
      "no-tool-words": { type: "boolean" },
      "no-retrofit": { type: "boolean" },
      "unit-words": { type: "boolean" },
    },
  });
  return {
    out: values.out === undefined ? join(ROOT, "models/glove-100d-sif") : resolve(values.out),
    cacheDir: join(ROOT, "node_modules/.cache/toolsift-model"),
    choices: {
      vocab: nonNegativeFlag("vocab", values.vocab, GLOVE_CHOICES.vocab),
      sifA: nonNegativeFlag("sif-a", values["sif-a"], GLOVE_CHOICES.sifA),
      components: nonNegativeFlag("components", values.components, GLOVE_CHOICES.components),
      storage: storageFlag(values.storage, GLOVE_CHOICES.storage),
      pieces: nonNegativeFlag("pieces", values.pieces, GLOVE_CHOICES.pieces),
      toolWords: !(values["no-tool-words"] ?? false),
      retrofit: !(values["no-retrofit"] ?? false),
      unitWords: values["unit-words"] ?? GLOVE_CHOICES.unitWords,
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const argv = process.argv.slice(2);
  const options = commandFlags("model:build:glove", USAGE, argv, () => parseOptions(argv));
  const summary = buildGloveModel(options, console.log);
  const total = summary.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `built ${relative(process.cwd(), options.out) || "."} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `vocabulary ${summary.vocabularySize} tokens: ${summary.words} words, ${summary.pieces} continuation pieces, 2 special`,
  );
  if (summary.missingToolWords.length > 0) {
    console.log(`tool words GloVe lacks (${summary.missingToolWords.length}): ${summary.missingToolWords.join(" ")}`);
  }
  for (const file of summary.files)
    console.log(`${(file.bytes / 1e6).toFixed(2).padStart(7)} MB  ${relative(process.cwd(), file.path)}`);
  console.log(`${(total / 1e6).toFixed(2).padStart(7)} MB  total`);
}
