/** Where a JSON text is malformed: a 1-based line and column, and what the parser said. */
export interface JsonSyntaxProblem {
  line: number;
  column: number;
  message: string;
}

/** The parsed value, or where and why the text is not JSON. */
export type JsoncParse = { ok: true; value: unknown } | { ok: false; problem: JsonSyntaxProblem };

/**
 * Parses JSON with comments (`//`, `/* *\/`) and trailing commas, as VS Code's `mcp.json` allows
 * (Claude Desktop and Cursor write plain JSON, which parses the same). Comments and trailing
 * commas are blanked out in place, so a syntax error's position still points into the text as
 * written.
 *
 * @example
 * ```ts
 * parseJsonc('{ "servers": {}, // none yet\n }'); // { ok: true, value: { servers: {} } }
 * ```
 */
export function parseJsonc(text: string): JsoncParse {
  // Plain JSON (what toolsift enrich and most clients write) parses to the same value without the
  // blanking pass, which costs about 15 times JSON.parse on a file of megabytes.
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, "")) as unknown };
  } catch {
    // Comments, trailing commas, or a syntax error whose position the pass below keeps.
  }
  const plain = blankCommentsAndTrailingCommas(text.replace(/^\uFEFF/, " "));
  try {
    return { ok: true, value: JSON.parse(plain) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      problem: { ...positionOf(plain, message), message: message.replace(/\s*\(line \d+ column \d+\)$/, "") },
    };
  }
}

/** One pass over the text that keeps strings as they are and replaces comments and trailing commas by spaces. */
function blankCommentsAndTrailingCommas(text: string): string {
  const out = text.split("");
  let index = 0;
  /** Index of the last comma seen outside strings and comments, while only white space has followed it. */
  let pendingComma = -1;
  const blank = (from: number, to: number) => {
    for (let at = from; at < to; at++) if (out[at] !== "\n" && out[at] !== "\r") out[at] = " ";
  };
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      pendingComma = -1;
      index++;
      while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
      index++;
    } else if (char === "/" && text[index + 1] === "/") {
      const end = text.indexOf("\n", index);
      const stop = end < 0 ? text.length : end;
      blank(index, stop);
      index = stop;
    } else if (char === "/" && text[index + 1] === "*") {
      const end = text.indexOf("*/", index + 2);
      const stop = end < 0 ? text.length : end + 2;
      blank(index, stop);
      index = stop;
    } else if (char === ",") {
      pendingComma = index++;
    } else if ((char === "}" || char === "]") && pendingComma >= 0) {
      out[pendingComma] = " ";
      pendingComma = -1;
      index++;
    } else {
      if (!/\s/.test(char)) pendingComma = -1;
      index++;
    }
  }
  return out.join("");
}

/** The line and column of a `JSON.parse` error, from the position V8 puts in its message. */
function positionOf(text: string, message: string): { line: number; column: number } {
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /at position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : text.length;
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}
