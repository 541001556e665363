import { describe, expect, it } from "vitest";
import { listedExtras } from "./listed-tool.js";

describe("listedExtras", () => {
  const outputSchema = { type: "object" as const, properties: { n: { type: "number" } } };

  it("shows the upstream listing's title, annotations and output schema as they were", () => {
    const presentation = { title: "Sum", annotations: { readOnlyHint: true, idempotentHint: true }, outputSchema };
    expect(listedExtras(presentation, false)).toEqual(presentation);
  });

  it("is nothing for a tool without a presentation that is not destructive", () => {
    expect(listedExtras(undefined, false)).toEqual({});
  });

  it("says destructiveHint for a tool toolsift gates as destructive, and drops a readOnlyHint against it", () => {
    expect(listedExtras(undefined, true)).toEqual({ annotations: { destructiveHint: true } });
    expect(listedExtras({ annotations: { readOnlyHint: true, openWorldHint: false } }, true)).toEqual({
      annotations: { openWorldHint: false, destructiveHint: true },
    });
  });
});
