import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { CatalogueError, DependencyError, ModelError, OptionsError, QueryError, errorText } from "./errors.js";

describe("errorText", () => {
  it("adds the network reason that fetch keeps in the cause", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const address = probe.address();
    await new Promise((resolve) => probe.close(resolve));
    if (address === null || typeof address === "string") throw new Error("no port");
    const failure: unknown = await fetch(`http://127.0.0.1:${address.port}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).not.toContain("ECONNREFUSED");
    expect(errorText(failure)).toMatch(/^fetch failed \(.*ECONNREFUSED.*\)$/);
  });

  it("does not repeat a cause the message already states, and stringifies what is not an Error", () => {
    const cause = new Error("disk full");
    expect(errorText(new Error("write failed: disk full", { cause }))).toBe("write failed: disk full");
    expect(errorText(new Error("write failed", { cause: "not an Error" }))).toBe("write failed");
    expect(errorText("plain text")).toBe("plain text");
    expect(errorText(42)).toBe("42");
    expect(errorText(undefined)).toBe("undefined");
  });
});

// The codes are literal unions, so a misspelt code is a type error: `tsc` (npm run typecheck) fails
// here if a class takes any string again, since each @ts-expect-error then expects an error in vain.
describe("error codes", () => {
  it("are the listed literals, readable through each class's code type", () => {
    const errors = [
      // @ts-expect-error: "invalid_optoins" is not an OptionsError code.
      new OptionsError("invalid_optoins", "x"),
      // @ts-expect-error: "bad_tool" is not a CatalogueError code.
      new CatalogueError("bad_tool", "x"),
      // @ts-expect-error: "empty_query" is not a QueryError code.
      new QueryError("empty_query", "x"),
      // @ts-expect-error: "model_missing" is not a ModelError code.
      new ModelError("model_missing", "x"),
    ];
    expect(errors.map((error) => error.code)).toEqual(["invalid_optoins", "bad_tool", "empty_query", "model_missing"]);
    const code: OptionsError["code"] = new OptionsError("invalid_options", "x").code;
    expect(code).toBe("invalid_options");
    expect(new DependencyError("pg", "x").code satisfies "missing_dependency").toBe("missing_dependency");
  });
});
