import { describe, expect, it } from "vitest";
import { readPresentation } from "./mcp-tool-presentation.js";

const LIMITS = { titleChars: 20, schemaChars: 1_000 };

function read(tool: Record<string, unknown>, title?: string) {
  const warnings: [string, string][] = [];
  const presentation = readPresentation(tool, title, LIMITS, (code, message) => warnings.push([code, message]));
  return { presentation, warnings };
}

describe("readPresentation", () => {
  it("is nothing for a tool that lists no title, annotations or output schema", () => {
    expect(read({ name: "t", inputSchema: { type: "object" } })).toEqual({ presentation: undefined, warnings: [] });
  });

  it("keeps the title read, the boolean hints and an annotation title cut to its bound", () => {
    const { presentation, warnings } = read(
      {
        annotations: {
          title: "A very long annotation title indeed",
          readOnlyHint: true,
          destructiveHint: "no",
          idempotentHint: false,
          openWorldHint: true,
          unknownHint: true,
        },
      },
      "Echo",
    );
    expect(presentation).toEqual({
      title: "Echo",
      annotations: {
        title: expect.stringMatching(/^A very long/),
        readOnlyHint: true,
        idempotentHint: false,
        openWorldHint: true,
      },
    });
    expect(presentation?.annotations?.title?.length).toBeLessThanOrEqual(LIMITS.titleChars);
    expect(warnings).toEqual([]);
  });

  it("passes on an output schema a client can compile", () => {
    const outputSchema = { type: "object", properties: { n: { type: "number" } } };
    expect(read({ outputSchema }).presentation).toEqual({ outputSchema });
  });

  it("leaves out, with a warning, an output schema that is too large or that a client could not compile", () => {
    const huge = read({ outputSchema: { type: "object", description: "x".repeat(2_000) } });
    expect(huge.presentation).toBeUndefined();
    expect(huge.warnings).toEqual([
      [
        "mcp_invalid_output_schema",
        expect.stringMatching(
          /^has an outputSchema that is \d+ characters as JSON \(at most 1000\); it is not passed on/,
        ),
      ],
    ]);
    const array = read({ outputSchema: { type: "array" }, title: "x" }, "Kept");
    expect(array.presentation).toEqual({ title: "Kept" });
    expect(array.warnings[0]![1]).toContain('has type "array"; an output schema must be an object schema');
  });
});
