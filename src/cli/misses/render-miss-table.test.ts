import { describe, expect, it } from "vitest";
import { buildMissReport } from "./build-miss-report.js";
import { miss, requestHash } from "./miss-records.fixture.js";
import { renderMissTable } from "./render-miss-table.js";

describe("renderMissTable", () => {
  it("lists the groups in aligned columns, a text in quotes or a hash with its length", () => {
    const text = renderMissTable(
      buildMissReport([
        miss("list open pull requests", { answer: "github__list_prs", server: "github" }),
        miss("list open pull requests"),
        miss("show open pull requests", { kind: "weak" }),
        miss("send an email", { withText: false, at: "2026-11-28T09:00:00.000Z" }),
      ]),
    );
    const lines = text.split("\n");
    const header = lines.find((line) => line.includes("request"))!;
    const rows = lines.filter((line) => line.includes("2026-"));
    const column = header.indexOf("request");
    expect(rows.some((row) => row.slice(column).startsWith('"list open pull requests" (+1 alike)'))).toBe(true);
    expect(
      rows.some((row) => row.slice(column).startsWith(`#${requestHash("send an email").slice(0, 12)}… (13 chars)`)),
    ).toBe(true);
    expect(header.indexOf("misses")).toBe(2);
    expect(text).toContain("4 misses from 2026-11-28 to 2026-12-01 (empty 3, weak 1).");
    expect(text).toContain("github__list_prs 1");
  });

  it("escapes control characters and cuts long requests, so a record cannot forge lines or recolour the terminal", () => {
    const hostile = `clear\u001b[2J\u001b[31mtoolsift: all clear\nforged line\u202Eevil ${"x".repeat(300)}`;
    const text = renderMissTable(
      buildMissReport([
        miss(hostile, { answer: "tool\u001b]0;title\u0007", server: "srv\r\nfake", kind: "found-late", scope: "s\tx" }),
      ]),
    );
    // Controls and format characters (ESC, CR, NUL, bidi overrides), newlines between lines aside.
    expect(text.replaceAll("\n", "")).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect(text).toContain("clear\\u001b[2J\\u001b[31mtoolsift: all clear\\nforged line\\u202eevil");
    expect(text).toContain("srv\\r\\nfake");
    expect(text).toContain("tool\\u001b]0;title\\u0007");
    expect(text).toContain("s\\tx");
    expect(text).not.toContain("x".repeat(100));
    expect(text.split("\n").some((line) => line.includes("forged line"))).toBe(true);
    expect(text.split("\n").filter((line) => line.startsWith("forged line"))).toEqual([]);
  });

  it("says when records were left out, and when there are none", () => {
    expect(renderMissTable(buildMissReport([]))).toBe("No misses recorded.\n");
    const undated = { ...miss("x"), at: "never" };
    expect(renderMissTable(buildMissReport([undated, miss("y")]))).toContain("1 record left out");
  });

  it("draws the last days as bars scaled to the busiest", () => {
    const text = renderMissTable(
      buildMissReport([
        miss("a", { at: "2026-11-01T10:00:00.000Z" }),
        miss("a", { at: "2026-11-03T10:00:00.000Z" }),
        miss("b", { at: "2026-11-03T11:00:00.000Z" }),
      ]),
    );
    expect(text).toMatch(/2026-11-01 +1 +#{20}\n/);
    expect(text).toMatch(/2026-11-02 +0\n/);
    expect(text).toMatch(/2026-11-03 +2 +#{40}\n/);
  });
});
