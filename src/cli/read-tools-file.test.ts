import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readToolsFile } from "./read-tools-file.js";

describe("readToolsFile", () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });

  function fileWith(tools: unknown): string {
    folder = mkdtempSync(join(tmpdir(), "toolsift-tools-file-"));
    const file = join(folder, "tools.json");
    writeFileSync(file, JSON.stringify(tools));
    return file;
  }

  it("keeps a tool whose schema toolsift mends, with a warning saying what was mended", () => {
    const file = fileWith({
      tools: [
        {
          name: "lookup",
          description: "Look a word up.",
          inputSchema: { type: "object", properties: { word: { type: "STRING", required: true } } },
        },
        { name: "plain", description: "Nothing to mend.", inputSchema: { type: "object" } },
      ],
    });
    const { tools, problems } = readToolsFile(file);
    expect(tools.map((tool) => tool.name)).toEqual(["lookup", "plain"]);
    expect(problems).toEqual([
      {
        severity: "warning",
        code: "mended-schema",
        tools: ["lookup"],
        message:
          'has an input schema toolsift had to mend before it could check inputs ("required": true at ' +
          '/properties/word moved to its object\'s "required" list; "type" "STRING" at /properties/word read as ' +
          '"string"). Fix the schema at its source.',
      },
    ]);
  });

  it("still leaves out a tool whose schema no mend can make checkable", () => {
    const file = fileWith([
      {
        name: "broken",
        description: "Typo in a type.",
        inputSchema: { type: "object", properties: { a: { type: "strng" } } },
      },
    ]);
    const { tools, problems } = readToolsFile(file);
    expect(tools).toEqual([]);
    expect(problems.map((problem) => `${problem.severity} ${problem.code}`)).toEqual(["error unusable-definition"]);
  });
});
