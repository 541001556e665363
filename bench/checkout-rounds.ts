import { execFileSync } from "node:child_process";

/**
 * What two checkouts measured in one run share: rounds that alternate between them in fresh
 * processes, so the machine's load falls on both alike, and the short commit each report names.
 */

export interface Checkouts {
  base: string;
  head: string;
}

/** `measure(side, root, round)` for `rounds` rounds, base then head in each; each side's results in round order. */
export function alternatingRounds<T>(
  rounds: number,
  checkouts: Checkouts,
  measure: (side: keyof Checkouts, root: string, round: number) => T,
): Record<keyof Checkouts, T[]> {
  const runs: Record<keyof Checkouts, T[]> = { base: [], head: [] };
  for (let round = 0; round < rounds; round++)
    for (const side of ["base", "head"] as const) {
      process.stderr.write(`round ${round + 1}: ${side} (${checkouts[side]})\n`);
      runs[side].push(measure(side, checkouts[side], round));
    }
  return runs;
}

/**
 * Runs `script` with `args` in a fresh Node process (TypeScript through tsx) from `cwd`, its
 * stderr passed through, and parses each line of its stdout that holds a JSON object.
 */
export function jsonLinesOf<T>(script: string, args: readonly string[], cwd: string): T[] {
  const output = execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as T);
}

/** The checkout's HEAD as a short commit hash. */
export function shortRevision(root: string): string {
  return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
}
