import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * A UTC time as results are named, to the second and without colons (which some file systems
 * refuse): `2026-12-03T05-52-36Z`. Names sort by time.
 */
export function resultsStamp(date: Date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}

/**
 * Writes a run's `<dir>/<stamp>-<name>.md` and its `.json` (the data behind it), making `dir` if
 * need be; returns their common path, without the extension.
 */
export async function writeResults(
  dir: string,
  name: string,
  markdown: string,
  data: unknown,
  date: Date = new Date(),
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const base = join(dir, `${resultsStamp(date)}-${name}`);
  await writeFile(`${base}.json`, `${JSON.stringify(data, null, 2)}\n`);
  await writeFile(`${base}.md`, markdown);
  return base;
}
