import { OptionsError } from "../../errors.js";

/** A task file that cannot be used: what is wrong, on which line, and how to fix it. Exit code 2. */
export class TaskFileError extends OptionsError {
  constructor(message: string) {
    super("invalid_tasks", message);
  }
}

/** Bounds on one JSONL file's lines. */
export interface JsonLineLimits {
  /** Characters of one line. */
  maxLineChars: number;
  /** Non-blank lines of one file. */
  maxLines: number;
}

/**
 * Reads each non-blank line of a JSONL text as a JSON object and hands it to `each` with a
 * `fail` that names the line; a BOM and CRLF are taken, blank lines skipped. The first bad line
 * stops the read: an eval that skipped lines silently would score a set the user did not write.
 *
 * @param shape - One sentence showing a good line, appended to every message.
 * @throws {@link TaskFileError} `file:line: what is wrong. shape`, or when no line holds a task.
 * @example
 * ```ts
 * readJsonLines(text, "tasks.jsonl", LIMITS, SHAPE, (value, fail) => value.query ?? fail('"query" is missing'));
 * ```
 */
export function readJsonLines<T>(
  text: string,
  file: string,
  limits: JsonLineLimits,
  shape: string,
  each: (value: Record<string, unknown>, fail: (what: string) => never, line: number) => T,
): T[] {
  const read: T[] = [];
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  for (const [index, raw] of lines.entries()) {
    const fail = (what: string): never => {
      throw new TaskFileError(`${file}:${index + 1}: ${what}. ${shape}`);
    };
    if (raw.length > limits.maxLineChars)
      fail(`the line has ${raw.length} characters, over the ${limits.maxLineChars} read`);
    const line = raw.trim();
    if (line === "") continue;
    if (read.length === limits.maxLines) fail(`the file has more than ${limits.maxLines} tasks; split it`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      fail(`is not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) fail("is not a JSON object");
    read.push(each(value as Record<string, unknown>, fail, index + 1));
  }
  if (read.length === 0) throw new TaskFileError(`${file}: has no tasks. ${shape}`);
  return read;
}
