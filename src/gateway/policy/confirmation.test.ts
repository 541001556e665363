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

describe("confirmationOf, line by line", () => {
  const bodyOf = (message: string) => message.slice(message.indexOf("Input:\n") + 7);

  it("names the tool and its server, escaped, and why it asks", () => {
    expect(confirmationOf({ name: "fs__rm\u202E", server: "f\u0007s" }, { path: "/x" })).toBe(
      'Run fs__rm\\u202E (MCP server "f\\u0007s")? It is marked destructive: it may change or delete data.\n\nInput:\npath: "/x"',
    );
    expect(confirmationOf({ name: "rm", server: undefined }, {})).toBe(
      "Run rm? It is marked destructive: it may change or delete data.\n\nInput:\n(no arguments)",
    );
  });

  it("shows an input that is no object as it is: a scalar, an array, an empty array", () => {
    expect(bodyOf(confirmationOf(tool, "just text")!)).toBe('"just text"');
    expect(bodyOf(confirmationOf(tool, null)!)).toBe("null");
    expect(bodyOf(confirmationOf(tool, [1, "two"])!)).toBe('[0]: 1\n[1]: "two"');
    expect(bodyOf(confirmationOf(tool, [])!)).toBe("[]");
    // Only scalars move ahead: objects and arrays keep the model's order.
    expect(bodyOf(confirmationOf(tool, { nested: { a: { b: 1 } }, first: [], last: 0 })!)).toBe(
      "last: 0\nnested.a.b: 1\nfirst: []",
    );
  });

  it("escapes line breaks and tabs in names and values, so a value cannot start a line of its own", () => {
    expect(bodyOf(confirmationOf(tool, { "a\tb": "x\ny\r\nz", q: 'say "hi"\\' })!).split("\n")).toEqual([
      '["a\\tb"]: "x\\ny\\r\\nz"',
      'q: "say \\"hi\\"\\\\"',
    ]);
  });

  it("cuts a long name on its own, keeping its start and its end", () => {
    const key = `k${"e".repeat(200)}y`;
    const line = bodyOf(confirmationOf(tool, { [key]: 1 })!);
    // The quoted name is cut: its first 50 characters, its last 33.
    expect(line).toBe(`["k${"e".repeat(48)}… (121 characters not shown) …${"e".repeat(31)}y"]: 1`);
    const plain = "n".repeat(100);
    expect(bodyOf(confirmationOf(tool, { [plain]: 1 })!)).toBe(`${plain}: 1`);
    expect(bodyOf(confirmationOf(tool, { [`${plain}n`]: 1 })!)).toMatch(
      /^\["n+… \(\d+ characters not shown\) …n+"\]: 1$/,
    );
  });

  it("shows a value of exactly the bound whole, and cuts one more", () => {
    const whole = "v".repeat(298);
    expect(bodyOf(confirmationOf(tool, { v: whole })!)).toBe(`v: "${whole}"`);
    expect(bodyOf(confirmationOf(tool, { v: `${whole}v` })!)).toBe(
      `v: "${"v".repeat(149)}… (51 characters not shown) …${"v".repeat(99)}"`,
    );
  });

  it("says one value is left out in the singular, and fills the bound as far as it can", () => {
    const input = {
      a: "x".repeat(281),
      b: "x".repeat(281),
      c: "x".repeat(281),
      d: "x".repeat(281),
      e: "x".repeat(281),
      f: "x".repeat(281),
      g: "y".repeat(400),
    };
    const body = bodyOf(confirmationOf(tool, input)!);
    expect(body.split("\n").at(-1)).toBe("… and 1 more value not shown here (402 characters): g.");
    expect(body.length).toBeLessThanOrEqual(MAX_SHOWN_INPUT);
    expect(body.split("\n")).toHaveLength(7);
  });

  it("refuses when even the names of what it leaves out would not fit", () => {
    const input = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`argument_${i}`, "x".repeat(50)]));
    expect(confirmationOf(tool, input)).toBeUndefined();
    const long = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`a${i}`, "x".repeat(20)]));
    expect(bodyOf(confirmationOf(tool, long)!)).toMatch(
      /… and \d+ more values not shown here \(\d+ characters\): a\d+, /,
    );
  });
});

describe("confirmationOf, at its bounds", () => {
  const bodyOf = (message: string | undefined) => message?.slice(message.indexOf("Input:\n") + 7);

  /**
   * The body the bound calls for, worked out the slow way: every line when all fit, else the most
   * lines from the front that fit with a note naming the rest, else nothing.
   */
  function expectedBody(values: Record<string, string>): string | undefined {
    const entries = Object.entries(values);
    const lines = entries.map(([key, value]) => `${key}: "${value}"`);
    if (lines.join("\n").length <= MAX_SHOWN_INPUT) return lines.join("\n");
    for (let keep = lines.length - 1; keep >= 0; keep--) {
      const left = entries.slice(keep);
      const size = left.reduce((sum, [, value]) => sum + value.length + 2, 0);
      const note = `… and ${left.length} more value${left.length === 1 ? "" : "s"} not shown here (${size} characters): ${left.map(([key]) => key).join(", ")}.`;
      const body = [...lines.slice(0, keep), note].join("\n");
      if (body.length <= MAX_SHOWN_INPUT) return body;
    }
    return undefined;
  }

  it("keeps the most lines that fit with the note, to the character, at every length around the bound", () => {
    const bodies = new Set<number>();
    for (let grown = 0; grown <= 298; grown++) {
      for (const [count, first] of [
        [6, false],
        [7, false],
        [7, true],
      ] as const) {
        // Values shown whole (at most 298 characters and their quotes), the first or the last one growing.
        const values: Record<string, string> = first ? { grown: "y".repeat(grown) } : {};
        for (let i = 0; i < count; i++) values[`k${i}`] = "x".repeat(280);
        if (!first) values.grown = "y".repeat(grown);
        const body = bodyOf(confirmationOf(tool, values));
        expect(body).toBe(expectedBody(values));
        bodies.add(body!.length);
      }
    }
    // The sweep met the bound exactly, with the note and without it.
    expect(bodies.has(MAX_SHOWN_INPUT)).toBe(true);
    expect(bodies.has(MAX_SHOWN_INPUT - 1)).toBe(true);
  });

  it("names every value in the note and shows none when no line fits beside it, to the character", () => {
    let exact = false;
    let refused = false;
    for (let extra = 60; extra <= 90; extra++) {
      // 19 names of 96 characters, and one growing: the note alone comes to the bound and past it.
      const values: Record<string, string> = {};
      for (let i = 0; i < 19; i++) values[`n${String(i).padStart(2, "0")}${"_".repeat(93)}`] = "v".repeat(290);
      values[`last${"_".repeat(extra)}`] = "v".repeat(290);
      const body = bodyOf(confirmationOf(tool, values));
      expect(body).toBe(expectedBody(values));
      if (body === undefined) refused = true;
      else {
        expect(body).toMatch(/^… and 20 more values not shown here/);
        if (body.length === MAX_SHOWN_INPUT) exact = true;
      }
    }
    expect(exact && refused).toBe(true);
  });

  it("shows the values whole when they fill the bound exactly", () => {
    const values: Record<string, string> = {};
    for (let i = 0; i < 6; i++) values[`k${i}`] = "x".repeat(279);
    values.k6 = "x".repeat(278);
    const body = bodyOf(confirmationOf(tool, values))!;
    expect(body).toHaveLength(MAX_SHOWN_INPUT);
    expect(body).not.toContain("not shown");
  });

  it("reads no further into a huge input than its bound of values", () => {
    const counted = (items: unknown[]) => {
      const read = { count: 0 };
      const proxy = new Proxy(items, {
        get(target, key, receiver) {
          if (typeof key === "string" && /^\d+$/.test(key)) read.count++;
          return Reflect.get(target, key, receiver);
        },
      });
      return { proxy, read };
    };
    const flat = counted(Array.from({ length: 100_000 }, () => 1));
    expect(confirmationOf(tool, flat.proxy)).toBeUndefined();
    // The bound's 1,000 values, and the one that found it full.
    expect(flat.read.count).toBe(1_001);
    // A nested array or object that fills the bound stops its parents too.
    for (const first of [Array.from({ length: 2_000 }, () => 1), { many: Array.from({ length: 2_000 }, () => 1) }]) {
      const outer = counted([first, ...Array.from({ length: 10_000 }, () => [1])]);
      expect(confirmationOf(tool, outer.proxy)).toBeUndefined();
      expect(outer.read.count).toBe(1);
    }
  });

  it("shows an empty string or a zero as it is, not as no arguments", () => {
    expect(bodyOf(confirmationOf(tool, ""))).toBe('""');
    expect(bodyOf(confirmationOf(tool, 0))).toBe("0");
  });

  it("puts a null beside the other scalars, and keeps a nested object's order as it is", () => {
    expect(bodyOf(confirmationOf(tool, { list: [1], gone: null, o: { inner: [2], s: 3 } }))).toBe(
      "gone: null\nlist[0]: 1\no.inner[0]: 2\no.s: 3",
    );
  });

  it("never splits a character at either cut, whichever its high surrogate", () => {
    // Quoted, the value's character sits across the start's end (150) or the end's start (302 of 402).
    for (const char of ["\u{10000}", "\u{1F600}"]) {
      expect(bodyOf(confirmationOf(tool, { t: `${"a".repeat(148)}${char}${"b".repeat(300)}` }))).toBe(
        `t: "${"a".repeat(148)}… (203 characters not shown) …${"b".repeat(99)}"`,
      );
      expect(bodyOf(confirmationOf(tool, { t: `${"a".repeat(300)}${char}${"b".repeat(98)}` }))).toBe(
        `t: "${"a".repeat(149)}… (153 characters not shown) …${"b".repeat(98)}"`,
      );
    }
  });
});
