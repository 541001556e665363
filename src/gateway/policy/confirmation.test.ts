import { describe, expect, it } from "vitest";
import { confirmationOf, escapeVisible, MAX_SHOWN_DEPTH, MAX_SHOWN_INPUT } from "./confirmation.js";

const tool = { name: "fs__write_file", server: "fs" };

describe("confirmationOf", () => {
  const bodyOf = (message: string) => message.slice(message.indexOf("Input:\n") + 7);

  it("says which values it left out, by their paths, and how large they are, within its bound", () => {
    const input = { parts: Array.from({ length: 12 }, (_, i) => ({ body: "y".repeat(400) + i })) };
    const body = bodyOf(confirmationOf(tool, input)!);
    expect(body.length).toBeLessThanOrEqual(MAX_SHOWN_INPUT);
    const note = /… and (\d+) more values not shown here \((\d+) characters\): (.*)\.$/.exec(body);
    expect(note).not.toBeNull();
    const shownPaths = [...body.matchAll(/^(parts\[\d+\]\.body): /gm)].map((match) => match[1]);
    const leftOut = note![3]!.split(", ");
    expect([...shownPaths, ...leftOut].sort()).toEqual(input.parts.map((_, i) => `parts[${i}].body`).sort());
    expect(shownPaths.length).toBeGreaterThan(0);
    expect(Number(note![1])).toBe(leftOut.length);
    const quotedLength = (path: string) => JSON.stringify(input.parts[Number(/\d+/.exec(path)![0])]!.body).length;
    expect(Number(note![2])).toBe(leftOut.reduce((sum, path) => sum + quotedLength(path), 0));
  });

  it("shows scalars and short values before long ones, whatever the model's order", () => {
    const message = confirmationOf(tool, {
      content: "c".repeat(500),
      options: { force: true, tags: [] },
      files: ["a", {}],
      path: "/etc/x",
      mode: 644,
    })!;
    expect(bodyOf(message).split("\n")).toEqual([
      'path: "/etc/x"',
      "mode: 644",
      "options.force: true",
      "options.tags: []",
      'files[0]: "a"',
      "files[1]: {}",
      `content: "${"c".repeat(149)}… (252 characters not shown) …${"c".repeat(99)}"`,
    ]);
  });

  it("quotes a name that is not plain ASCII, escaping its quotes, so it cannot pass for another path", () => {
    const body = bodyOf(confirmationOf(tool, { 'a"].b': 1, "\u0440ath": "x", "": true, list: [{ "x y": null }] })!);
    expect(body.split("\n")).toEqual(['["a\\"].b"]: 1', '["\u0440ath"]: "x"', '[""]: true', 'list[0]["x y"]: null']);
  });

  it("names, without walking it, what is nested deeper than its bound, and refuses past its bound of values", () => {
    let deep: unknown = { secret: "rm -rf ~" };
    for (let i = 0; i < MAX_SHOWN_DEPTH + 5; i++) deep = [deep];
    const body = bodyOf(confirmationOf(tool, { deep, path: "/x" })!);
    expect(body).toBe(
      `path: "/x"\ndeep${"[0]".repeat(MAX_SHOWN_DEPTH - 1)}: (nested deeper than ${MAX_SHOWN_DEPTH} levels, not shown)`,
    );
    expect(confirmationOf(tool, { many: Array.from({ length: 100_000 }, () => 1) })).toBeUndefined();
    expect(confirmationOf(tool, { few: [1, 2] })).toContain("few[1]: 2");
  });

  it("keeps the start and the end of a long value without splitting a character in two", () => {
    const body = bodyOf(confirmationOf(tool, { text: "\u{1F600}".repeat(400) })!);
    expect(body).toMatch(/^text: "(\u{1F600})+… \(\d+ characters not shown\) …(\u{1F600})+"$/u);
    expect(body).not.toMatch(/\p{Cs}/u);
  });

  it("escapes every hiding character visibly, and doubles backslashes so an escape cannot be faked", () => {
    expect(escapeVisible("a\u202Db\u2028c\uFEFFd\u0000e\\u202E")).toBe("a\\u202Db\\u2028c\\uFEFFd\\u0000e\\\\u202E");
    expect(escapeVisible("\ud800x\udc00")).toBe("\\uD800x\\uDC00");
    expect(escapeVisible("emoji \u{1F600} stays, \u00E9 too")).toBe("emoji \u{1F600} stays, \u00E9 too");
    const hidden = {
      "\u{E0000}": "\\u{E0000}",
      "\u{E0041}": "\\u{E0041}",
      "\u{E007F}": "\\u{E007F}",
      "\u00AD": "\\u00AD",
      "\u034F": "\\u034F",
      "\u180E": "\\u180E",
      "\u3164": "\\u3164",
      "\u115F": "\\u115F",
      "\u1160": "\\u1160",
      "\uFFA0": "\\uFFA0",
      "\uFE00": "\\uFE00",
      "\uFE0F": "\\uFE0F",
      "\u{E0100}": "\\u{E0100}",
      "\u{E01EF}": "\\u{E01EF}",
      "\u2029": "\\u2029",
      "\u0085": "\\u0085",
      "\uE000": "\\uE000",
      "\u{F0000}": "\\u{F0000}",
    };
    for (const [char, escaped] of Object.entries(hidden)) expect(escapeVisible(`<${char}>`)).toBe(`<${escaped}>`);
  });
});
