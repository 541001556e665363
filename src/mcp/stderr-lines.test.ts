import { describe, expect, it } from "vitest";
import { MAX_STDERR_LINE_CHARS, StderrLines } from "./stderr-lines.js";

function collected(): { lines: StderrLines; passed: string[] } {
  const passed: string[] = [];
  return { lines: new StderrLines((line) => passed.push(line)), passed };
}

describe("StderrLines", () => {
  it("passes on each whole line once, however the chunks split it", () => {
    const { lines, passed } = collected();
    lines.push(Buffer.from("first li"));
    expect(passed).toEqual([]);
    lines.push(Buffer.from("ne\r\nsecond\nthi"));
    lines.push(Buffer.from("rd"));
    lines.end();
    expect(passed).toEqual(["first line", "second", "third"]);
  });

  it("keeps a character whose UTF-8 bytes are split across chunks", () => {
    const { lines, passed } = collected();
    const bytes = Buffer.from("é\n");
    lines.push(bytes.subarray(0, 1));
    lines.push(bytes.subarray(1));
    expect(passed).toEqual(["é"]);
  });

  it("cuts a line past the bound with … right after the kept text, and says how much was dropped", () => {
    const { lines, passed } = collected();
    lines.push(Buffer.from("x".repeat(MAX_STDERR_LINE_CHARS + 10)));
    lines.push(Buffer.from("yy\nnext\n"));
    expect(passed[0]).toBe(`${"x".repeat(MAX_STDERR_LINE_CHARS)}… [12 more characters cut]`);
    expect(passed[1]).toBe("next");
  });

  it("passes on nothing after end, and nothing at end without a partial line", () => {
    const { lines, passed } = collected();
    lines.push(Buffer.from("done\n"));
    lines.end();
    lines.push(Buffer.from("late\n"));
    lines.end();
    expect(passed).toEqual(["done"]);
  });
});
