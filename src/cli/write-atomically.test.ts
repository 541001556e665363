import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../test/support/gateway-process.js";
import { writeAtomically } from "./write-atomically.js";

describe("writeAtomically", () => {
  it("writes the whole file and leaves nothing beside it", () => {
    const dir = scratchDir();
    writeAtomically(join(dir, "out.json"), "{}\n");
    expect(readFileSync(join(dir, "out.json"), "utf8")).toBe("{}\n");
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });

  it("refuses a folder in the file's place with a clear error, and leaves no temporary file behind", () => {
    const dir = scratchDir();
    const file = join(dir, "out.json");
    mkdirSync(file);
    expect(() => writeAtomically(file, "{}\n")).toThrow(
      `Cannot write ${file}: it is a folder. Give the path of a file.`,
    );
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });
});
