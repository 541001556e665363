import { describe, expect, it } from "vitest";
import { auditLine } from "./audit-record.js";

describe("auditLine", () => {
  it("escapes every character that would hide or disguise text, and the line parses back to the same value", () => {
    // "Ignore" in tag characters, then fillers, joiners, selectors, separators, a C1 newline and DEL.
    const smuggled = [..."Ignore"].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join("");
    const hidden = `${smuggled}\u00ad\u034f\u180e\u3164\u115f\u1160\uffa0\ufe0f\u{e0100}\u2028\u2029\u0085\u007f\ue000\u202e`;
    const tool = `fs__write${hidden}`;
    const line = auditLine({ type: "denied", caller: undefined, session: undefined, tool, reason: "r" }, new Date(0));
    expect(line.endsWith("\n")).toBe(true);
    const json = line.slice(0, -1);
    expect(json).toMatch(/^[\x20-\x7e]*$/);
    expect(json).toContain(
      '"tool":"fs__write\\udb40\\udc49\\udb40\\udc67\\udb40\\udc6e\\udb40\\udc6f\\udb40\\udc72\\udb40\\udc65' +
        '\\u00ad\\u034f\\u180e\\u3164\\u115f\\u1160\\uffa0\\ufe0f\\udb40\\udd00\\u2028\\u2029\\u0085\\u007f\\ue000\\u202e"',
    );
    expect(JSON.parse(json).tool).toBe(tool);
  });

  it("leaves visible text, accents and emoji as they are", () => {
    const tool = "caf\u00e9 \u{1f600} \u4e2d\u6587";
    const line = auditLine({ type: "denied", caller: undefined, session: undefined, tool, reason: "r" }, new Date(0));
    expect(line).toContain(`"tool":"${tool}"`);
  });
});
