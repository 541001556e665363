/**
 * `npm run model:build:use-lite-onnx` — in a checkout, the same build as
 * `toolsift model build use-lite-onnx` (src/model-build/), with the same flags: `--out DIR`,
 * `--dtype fp32|q8`, `--cache-dir DIR`, `--tarball FILE`. npm runs it from the repository's
 * root, so the folder lands in models/use-lite-onnx/ (git-ignored) unless --out says otherwise.
 */
import { runCli } from "../src/cli/run-cli.js";

process.exitCode = await runCli(["model", "build", "use-lite-onnx", ...process.argv.slice(2)]);
