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

describe("definitionDiff, exactly", () => {
  it("shows only the lines between the first and the last that differ, for each field that does", () => {
    const before = tool({ description: "one\ntwo\nthree\nfour", tags: ["a"] });
    const after = tool({ description: "one\n2\nthree\nfour", tags: ["a", "b"] });
    expect(definitionDiff(pin(before), pinnedDefinitionOf(after))).toEqual({
      fields: ["description", "tags"],
      lines: ["@@ description", "- two", "+ 2", "@@ tags", '- ["a"]', '+ ["a","b"]'],
    });
    // A line added at the end, or removed from the start, is the only line shown.
    expect(
      definitionDiff(pin(before), pinnedDefinitionOf(tool({ description: "one\ntwo\nthree\nfour\nfive", tags: ["a"] })))
        .lines,
    ).toEqual(["@@ description", "+ five"]);
    expect(
      definitionDiff(pin(before), pinnedDefinitionOf(tool({ description: "two\nthree\nfour", tags: ["a"] }))).lines,
    ).toEqual(["@@ description", "- one"]);
    // Tags the lock has none of are an empty list; so are a tool's.
    expect(definitionDiff({ ...pin(tool()), tags: undefined }, pinnedDefinitionOf(tool())).fields).toEqual([]);
  });

  it("says how much the lock cut of a description, and compares a lock without annotations by the hash alone", () => {
    const long = "d".repeat(LOCK_LIMITS.descriptionChars + 5);
    const entry = pin(tool({ description: long }));
    const diff = definitionDiff(entry, pinnedDefinitionOf(tool({ description: `X${long}` })));
    expect(diff.lines.slice(0, 2)).toEqual([
      "@@ description",
      "(the pinned description is cut; only its start is compared here)",
    ]);
    expect(diff.fields).toEqual(["description"]);
    // The same start: no difference can be shown, though the hash may differ.
    expect(definitionDiff(entry, pinnedDefinitionOf(tool({ description: `${long}more` }))).fields).toEqual([]);
    const bare = { server: "gh", tool: "echo", sha256: "0".repeat(64) };
    expect(definitionDiff(bare, pinnedDefinitionOf(tool()))).toEqual({
      fields: ["description", "inputSchema", "annotations"],
      lines: [
        "@@ description",
        "(the lock kept no description: only its hash)",
        "@@ inputSchema",
        "(the lock kept no inputSchema: only its hash)",
        "@@ annotations",
        "(the lock kept no annotations: only its hash)",
      ],
    });
  });

  it("counts the lines it leaves out, one line in the singular, and a field past the room in full", () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index}`).join("\n");
    // The description's header and 39 lines fill the room of 40: the schema's 3 lines and the annotations' 1 are counted.
    const four = addedDiff(pinnedDefinitionOf(tool({ description: lines(39), inputSchema: { type: "object" } })));
    expect(four.lines).toHaveLength(DIFF_LIMITS.lines + 1);
    expect(four.lines.at(-1)).toBe("… 4 more changed lines not shown");
    // 40 added lines: the last one is left out.
    const one = definitionDiff(
      pin(tool({ description: "x" })),
      pinnedDefinitionOf(tool({ description: `x\n${lines(40)}` })),
    );
    expect(one.lines).toHaveLength(DIFF_LIMITS.lines + 1);
    expect(one.lines.at(-2)).toBe("+ line 38");
    expect(one.lines.at(-1)).toBe("… 1 more changed line not shown");
    const none = definitionDiff(
      pin(tool({ description: "x" })),
      pinnedDefinitionOf(tool({ description: `x\n${lines(39)}` })),
    );
    expect(none.lines).toHaveLength(DIFF_LIMITS.lines);
    expect(none.lines.at(-1)).toBe("+ line 38");
  });

  it("writes a schema nested too deep to print as such, and cuts a long line with an ellipsis", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let depth = 0; depth < 2_000; depth++) deep = { items: deep };
    const diff = definitionDiff(
      pin(tool()),
      pinnedDefinitionOf(tool({ inputSchema: { type: "object", properties: { x: deep } } })),
    );
    expect(diff.lines).toContain("+ (a schema nested too deep to show)");
    const wide = definitionDiff(
      pin(tool()),
      pinnedDefinitionOf(tool({ description: "w".repeat(DIFF_LIMITS.lineChars) })),
    );
    expect(wide.lines).toContain(`+ ${"w".repeat(DIFF_LIMITS.lineChars - 2)}…`);
    const fits = definitionDiff(
      pin(tool()),
      pinnedDefinitionOf(tool({ description: "w".repeat(DIFF_LIMITS.lineChars - 2) })),
    );
    expect(fits.lines).toContain(`+ ${"w".repeat(DIFF_LIMITS.lineChars - 2)}`);
  });
});
