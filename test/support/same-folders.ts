import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect } from "vitest";

/** The regular files under `dir`, as sorted paths relative to it. */
export function folderFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Asserts that `actual` holds exactly `expected`'s files, byte for byte, and returns their paths. */
export function expectSameFolders(actual: string, expected: string): string[] {
  const names = folderFiles(expected);
  expect(folderFiles(actual)).toEqual(names);
  for (const name of names)
    expect(readFileSync(join(actual, name)).equals(readFileSync(join(expected, name))), name).toBe(true);
  return names;
}
