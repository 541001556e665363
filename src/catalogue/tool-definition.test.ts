import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { defineTool } from "./tool-definition.js";

describe("defineTool", () => {
  it("returns the very definition it was given, to be listed as it is", () => {
    const definition = {
      name: "t",
      description: "d",
      inputSchema: z.object({ n: z.number() }),
      execute: ({ n }: { n: number }) => n * 2,
    };
    const defined = defineTool(definition);
    expect(defined).toBe(definition);
    expectTypeOf(defined.execute!).parameter(0).toEqualTypeOf<{ n: number }>();
  });
});
