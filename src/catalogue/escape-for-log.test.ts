import { describe, expect, it } from "vitest";
import { escapeForLog } from "./escape-for-log.js";

describe("escapeForLog", () => {
  it("keeps one event on one line: newlines, carriage returns and the Unicode line breaks are escaped", () => {
    const forged = 'ok\ntoolsift: MCP server "bank" connected\r\nx\u2028y\u2029z\u0085w';
    const escaped = escapeForLog(forged);
    expect(escaped).toBe('ok\\ntoolsift: MCP server "bank" connected\\r\\nx\\u2028y\\u2029z\\u0085w');
    expect(escaped).not.toMatch(/[\n\r\u2028\u2029\u0085]/);
  });

  it("takes the ESC out of ANSI and OSC sequences, and escapes C1 controls and DEL", () => {
    const painted = "\u001b[2J\u001b[31mred\u001b]0;title\u0007\u009b31m\u007f";
    expect(escapeForLog(painted)).toBe("\\u001b[2J\\u001b[31mred\\u001b]0;title\\u0007\\u009b31m\\u007f");
  });

  it("escapes bidi controls, zero-width characters and tag characters, so nothing is reordered or hidden", () => {
    expect(escapeForLog("a\u202eb\u2066c\u200bd\u{e0041}")).toBe("a\\u202eb\\u2066c\\u200bd\\u{e0041}");
  });

  it("writes C0 controls as JSON does, and leaves printable text, backslashes and emoji alone", () => {
    const text = "tab\there\bback\fform";
    expect(escapeForLog(text)).toBe(JSON.stringify(text).slice(1, -1));
    expect(escapeForLog("C:\\path\\n é 漢字 🙂")).toBe("C:\\path\\n é 漢字 🙂");
  });

  it("changes nothing the second time, so every seam may apply it", () => {
    const once = escapeForLog("a\n\u001b[0m\u202e\ud800b");
    expect(escapeForLog(once)).toBe(once);
  });
});
