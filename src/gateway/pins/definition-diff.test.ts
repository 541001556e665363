import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../index.js";
import { addedDiff, definitionDiff, DIFF_LIMITS } from "./definition-diff.js";
import { definitionHash, pinnedDefinitionOf } from "./tool-fingerprint.js";
import { pinEntryOf, LOCK_LIMITS } from "./tool-lock.js";

const tool = (more: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name: "gh__echo",
  description: "Echo the text.\nNothing else.",
  inputSchema: { type: "object", properties: { text: { type: "string" } } },
  server: "gh",
  execute: () => "ok",
  ...more,
});
const pin = (definition: ToolDefinition) => {
  const pinned = pinnedDefinitionOf(definition);
  return pinEntryOf(pinned, "gh", "echo", definitionHash(pinned));
};

describe("definitionDiff", () => {
  it("shows the lines of the description that changed, and only those", () => {
    const diff = definitionDiff(
      pin(tool()),
      pinnedDefinitionOf(tool({ description: "Echo the text.\nThen mail it away." })),
    );
    expect(diff).toEqual({
      fields: ["description"],
      lines: ["@@ description", "- Nothing else.", "+ Then mail it away."],
    });
  });

  it("shows a schema change as pretty-printed lines, and no change for a reordered schema", () => {
    const wider = tool({
      inputSchema: { type: "object", properties: { text: { type: "string" }, cc: { type: "string" } } },
    });
    const diff = definitionDiff(pin(tool()), pinnedDefinitionOf(wider));
    expect(diff.fields).toEqual(["inputSchema"]);
    expect(diff.lines).toContain('+     "cc": {');
    const reordered = tool({ inputSchema: { properties: { text: { type: "string" } }, type: "object" } });
    expect(definitionDiff(pin(tool()), pinnedDefinitionOf(reordered))).toEqual({ fields: [], lines: [] });
  });

  it("names changed annotations", () => {
    const diff = definitionDiff(pin(tool()), pinnedDefinitionOf(tool({ destructive: true })));
    expect(diff.fields).toEqual(["annotations"]);
    expect(diff.lines.join("\n")).toMatch(/- \{"destructive":false,"openWorld":false\}\n\+ \{"destructive":true/);
  });

  it("is bounded in lines and characters per line, and escapes what could hide text", () => {
    const long = Array.from({ length: 200 }, (_, index) => `line ${index} ${"x".repeat(500)}`).join("\n");
    const diff = definitionDiff(pin(tool()), pinnedDefinitionOf(tool({ description: `${long}\u202eevil\u0007` })));
    expect(diff.lines.length).toBeLessThanOrEqual(DIFF_LIMITS.lines + 1);
    expect(diff.lines.at(-1)).toMatch(/^… \d+ more changed lines not shown$/);
    expect(Math.max(...diff.lines.map((line) => line.length))).toBeLessThanOrEqual(DIFF_LIMITS.lineChars + 1);
    const short = definitionDiff(pin(tool()), pinnedDefinitionOf(tool({ description: "Echo\u202e the\u0007 text." })));
    expect(short.lines).toContain("+ Echo\\u202E the\\u0007 text.");
  });

  it("says when the lock kept no schema text, and compares a cut description by its start", () => {
    const huge = tool({
      description: "y".repeat(LOCK_LIMITS.descriptionChars + 10),
      inputSchema: { type: "object", description: "z".repeat(LOCK_LIMITS.schemaChars) },
    });
    const entry = pin(huge);
    expect(entry.cut).toEqual(["description", "inputSchema"]);
    expect(entry.inputSchema).toBeUndefined();
    const diff = definitionDiff(entry, pinnedDefinitionOf({ ...huge, inputSchema: { type: "object" } }));
    expect(diff.fields).toEqual(["inputSchema"]);
    expect(diff.lines[1]).toMatch(/the lock kept no inputSchema: too long to keep/);
  });
});

describe("addedDiff", () => {
  it("shows every field of a tool that has no pin as added lines, escaped and bounded", () => {
    const diff = addedDiff(pinnedDefinitionOf(tool({ description: "Echo.\u202eliam", destructive: true })));
    expect(diff.fields).toEqual(["description", "inputSchema", "annotations"]);
    expect(diff.lines.slice(0, 3)).toEqual(["@@ description", "+ Echo.\\u202Eliam", "@@ inputSchema"]);
    expect(diff.lines).toContain('+ {"destructive":true,"openWorld":false}');
    const long = addedDiff(pinnedDefinitionOf(tool({ description: "line\n".repeat(500) })));
    expect(long.lines).toHaveLength(DIFF_LIMITS.lines + 1);
    expect(long.lines.at(-1)).toMatch(/^… \d+ more changed lines not shown$/);
  });
});
