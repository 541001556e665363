import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const HIDE = fileURLToPath(new URL("./hide-packages.mjs", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Runs an ES module's source in a fresh Node process, in the repository root, with TypeScript
 * imports enabled and the named packages made unresolvable: what a user who never installed
 * them gets. Resolves with the process's output; it never rejects for a non-zero exit.
 */
export function runWithoutPackages(
  hidden: readonly string[],
  source: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "--import", HIDE, "--input-type=module", "--eval", source],
      { cwd: ROOT, env: { ...process.env, TOOLSIFT_HIDE_PACKAGES: hidden.join(",") }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (((error as { code?: unknown }).code as number | null) ?? 1) : 0, stdout, stderr }),
    );
  });
}
