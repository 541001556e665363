/**
 * `npx tsx scripts/model/make-use-lite-reference.ts --tokenizer DIR` — writes
 * src/model-build/use-lite-reference.fixture.json: for a few texts, the piece ids USE-lite's own
 * tokenizer gives and the vectors the original TF.js graph computes from them. The ONNX folder's
 * test compares its tokenizer and its vectors with these, so it needs neither TF.js' minutes
 * nor the original tokenizer at test time.
 *
 * DIR is the unpacked npm package @tensorflow-models/universal-sentence-encoder, which holds
 * the reference tokenizer (`npm pack @tensorflow-models/universal-sentence-encoder@1.3.3` and
 * untar it; it resolves @tensorflow/tfjs-core from the repository's install, so link
 * node_modules/@tensorflow into DIR/node_modules). Nothing in toolsift depends on it.
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { readUseLiteSource } from "../../src/model-build/build-use-lite-onnx.js";
import { encodeTexts } from "./use-lite.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const REFERENCE_FIXTURE = join(ROOT, "src/model-build/use-lite-reference.fixture.json");

/** Short and long, plain and awkward: accents, capitals, emoji, a tab, more than 128 pieces. */
export const REFERENCE_TEXTS: readonly string[] = [
  "what's the weather like in Paris tomorrow",
  "create an issue in the tracker",
  "get_current_weather. Get the current weather in a given location",
  "Créer un ticket — naïve café",
  "SEND AN EMAIL TO THE TEAM",
  "emoji 😀 :) and  double  spaces\tand a tab",
  "transfer money between my accounts",
  "open https://example.com/<s>?q=1 (reserved pieces must not match)",
  Array.from({ length: 40 }, (_, i) => `step ${i} of the deployment pipeline`).join(", "),
];

const { values } = parseArgs({ options: { tokenizer: { type: "string" } } });
if (values.tokenizer === undefined)
  throw new Error("--tokenizer DIR: the unpacked @tensorflow-models/universal-sentence-encoder");
const required = createRequire(join(resolve(values.tokenizer), "package.json"));
const { Tokenizer } = required("./dist/tokenizer/index.js") as {
  Tokenizer: new (vocabulary: readonly (readonly [string, number])[]) => { encode(text: string): number[] };
};
const source = readUseLiteSource({ cacheDir: join(ROOT, "node_modules/.cache/toolsift-model") }, console.log);
// The reference tokenizer reads the vocabulary as the package ships it: a null score stays null.
const tokenizer = new Tokenizer(
  source.pieces.map(([piece, score]) => [piece, Number.isFinite(score) ? score : (null as unknown as number)] as const),
);
const ids = REFERENCE_TEXTS.map((text) => tokenizer.encode(text));
const vectors = await encodeTexts(ids);
// One line per text keeps the file small and its diffs readable.
const entries = REFERENCE_TEXTS.map((text, i) =>
  JSON.stringify({
    text,
    ids: ids[i],
    vector: Array.from(vectors[i] as Float32Array, (value) => Number(value.toFixed(6))),
  }),
);
const note = "Made by scripts/model/make-use-lite-reference.ts: USE-lite's own tokenizer and the original TF.js graph.";
writeFileSync(REFERENCE_FIXTURE, `{"note": ${JSON.stringify(note)},\n"texts": [\n${entries.join(",\n")}\n]}\n`);
console.log(`wrote ${REFERENCE_FIXTURE}`);
