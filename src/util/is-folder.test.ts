import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isFolder } from "./is-folder.js";

describe("isFolder", () => {
  it("is true of a folder only: not of a file or a path that is not there", () => {
    const folder = mkdtempSync(join(tmpdir(), "toolsift-is-folder-"));
    const file = join(folder, "a-file");
    writeFileSync(file, "");
    expect([isFolder(folder), isFolder(file), isFolder(join(folder, "missing"))]).toEqual([true, false, false]);
  });
});
