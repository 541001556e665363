import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resultsStamp, writeResults } from "./results-files.js";

describe("results files", () => {
  it("names a run by its UTC second, without colons", () => {
    expect(resultsStamp(new Date("2026-12-03T05:52:36.262Z"))).toBe("2026-12-03T05-52-36Z");
  });

  it("writes the Markdown and the JSON behind it side by side, making the folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolsift-results-"));
    try {
      const base = await writeResults(join(dir, "deeper"), "probe", "# probe\n", { rows: [1] }, new Date(0));
      expect(base).toBe(join(dir, "deeper", "1970-01-01T00-00-00Z-probe"));
      expect(readFileSync(`${base}.md`, "utf8")).toBe("# probe\n");
      expect(JSON.parse(readFileSync(`${base}.json`, "utf8"))).toEqual({ rows: [1] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
