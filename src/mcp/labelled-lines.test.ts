import { describe, expect, it } from "vitest";
import { LabelledLines, MAX_STDERR_LINE_CHARS } from "./labelled-lines.js";

function labelled(): { lines: LabelledLines; written: string[] } {
  const written: string[] = [];
  return { lines: new LabelledLines("files", (text) => written.push(text)), written };
}

describe("LabelledLines", () => {
  it("writes each whole line once, prefixed with the server's name, however the chunks split it", () => {
    const { lines, written } = labelled();
    lines.push(Buffer.from("first li"));
    expect(written).toEqual([]);
    lines.push(Buffer.from("ne\r\nsecond\nthi"));
    lines.push(Buffer.from("rd"));
    lines.end();
    expect(written).toEqual(["[files] first line\n", "[files] second\n", "[files] third\n"]);
  });

  it("keeps a character whose UTF-8 bytes are split across chunks", () => {
    const { lines, written } = labelled();
    const bytes = Buffer.from("é\n");
    lines.push(bytes.subarray(0, 1));
    lines.push(bytes.subarray(1));
    expect(written).toEqual(["[files] é\n"]);
  });

  it("cuts a line past the bound and says how much was dropped", () => {
    const { lines, written } = labelled();
    lines.push(Buffer.from("x".repeat(MAX_STDERR_LINE_CHARS + 10)));
    lines.push(Buffer.from("yy\nnext\n"));
    expect(written[0]).toBe(`[files] ${"x".repeat(MAX_STDERR_LINE_CHARS)} [… 12 more characters cut]\n`);
    expect(written[1]).toBe("[files] next\n");
  });

  it("writes nothing after end, and nothing at end without a partial line", () => {
    const { lines, written } = labelled();
    lines.push(Buffer.from("done\n"));
    lines.end();
    lines.push(Buffer.from("late\n"));
    lines.end();
    expect(written).toEqual(["[files] done\n"]);
  });
});
