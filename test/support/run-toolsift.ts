import { execFile } from "node:child_process";
import { CLI_ARGS, ROOT } from "./gateway-process.js";

/** What one run of the CLI did. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The `toolsift` command as a user runs it: a real process from source, its exit code, stdout
 * and stderr. A run past `timeoutMs` is killed, so a hang fails its test (exit code 1) instead
 * of stalling the suite.
 */
export function runToolsift(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...CLI_ARGS, ...args],
      { cwd: ROOT, env: options.env ?? process.env, timeout: options.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}
