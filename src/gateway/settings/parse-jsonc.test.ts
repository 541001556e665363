import { describe, expect, it } from "vitest";
import { parseJsonc } from "./parse-jsonc.js";

describe("parseJsonc", () => {
  it("reads comments and trailing commas as VS Code writes them, and leaves strings alone", () => {
    const text = `{
      // the servers
      "servers": { "a": { "url": "http://x/*not a comment*/", "args": ["//kept", ",]"], }, }, /* done */
    }`;
    expect(parseJsonc(text)).toEqual({
      ok: true,
      value: { servers: { a: { url: "http://x/*not a comment*/", args: ["//kept", ",]"] } } },
    });
  });

  it("keeps escaped quotes inside strings", () => {
    expect(parseJsonc(String.raw`{"a": "say \"hi\" // not a comment"}`)).toEqual({
      ok: true,
      value: { a: 'say "hi" // not a comment' },
    });
  });

  it("says where plain JSON is broken, by line and column of the text as written", () => {
    const parsed = parseJsonc('{\n  // note\n  "a": 1\n  "b": 2\n}');
    expect(parsed).toMatchObject({ ok: false, problem: { line: 4, column: 3 } });
  });

  it("reports a file that ends too early", () => {
    expect(parseJsonc('{"a": [1, 2')).toMatchObject({ ok: false, problem: { line: 1 } });
  });
});
