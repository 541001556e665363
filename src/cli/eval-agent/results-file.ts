import { existsSync } from "node:fs";
import { OptionsError } from "../../errors.js";
import { readBoundedFile } from "../../gateway/index.js";
import { writeAtomically } from "../write-atomically.js";
import { ARM_NAMES } from "./parse-eval-agent.js";
import type { TaskArmResult } from "./run-task.js";
import { isRecord } from "../../util/is-record.js";

/** What a results file was run with: a rerun with other settings must not mix its results in. */
export interface ResultsHeader {
  provider: string;
  model: string;
  strategy: string;
  mock: boolean;
}

const KIND = "toolsift-eval-agent-results";
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * The results an earlier run wrote to `file` (none when there is no file yet), so a rerun skips
 * the task × arm pairs already done.
 *
 * @throws {@link OptionsError} when the file is not one `--out` wrote, or was written for another
 *   provider, model, strategy or `--mock`.
 */
export function readResults(file: string, header: ResultsHeader): TaskArmResult[] {
  if (!existsSync(file)) return [];
  const fix = "pass another --out, or move the file away to start afresh.";
  const lines = readBoundedFile(file, `It is the file toolsift eval --agent --out writes; ${fix}`, MAX_BYTES)
    .split("\n")
    .filter((line) => line.trim() !== "");
  const parse = (line: string, index: number): Record<string, unknown> => {
    try {
      const value = JSON.parse(line) as unknown;
      if (isRecord(value)) return value;
    } catch {
      // Reported below.
    }
    throw new OptionsError(
      "invalid_results",
      `${file}:${index + 1}: is not a line toolsift eval --agent wrote; ${fix}`,
    );
  };
  const [first, ...rest] = lines.map(parse);
  if (first?.kind !== KIND)
    throw new OptionsError("invalid_results", `${file}: is not a toolsift eval --agent results file; ${fix}`);
  const differs = (Object.keys(header) as (keyof ResultsHeader)[]).find((key) => first[key] !== header[key]);
  if (differs !== undefined)
    throw new OptionsError(
      "results_mismatch",
      `${file} holds results run with ${differs} ${JSON.stringify(first[differs])}, not ${JSON.stringify(header[differs])}; ${fix}`,
    );
  return rest.map((value, index) => {
    if (
      typeof value.task !== "string" ||
      !(ARM_NAMES as readonly unknown[]).includes(value.arm) ||
      typeof value.score !== "object"
    )
      throw new OptionsError("invalid_results", `${file}:${index + 2}: is not a task result; ${fix}`);
    return value as unknown as TaskArmResult;
  });
}

/** Writes every result so far, atomically: a kill leaves the last whole file. */
export function writeResults(file: string, header: ResultsHeader, results: readonly TaskArmResult[]): void {
  const lines = [JSON.stringify({ kind: KIND, ...header }), ...results.map((result) => JSON.stringify(result))];
  writeAtomically(file, `${lines.join("\n")}\n`);
}
