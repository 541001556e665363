import { describe, expect, it } from "vitest";
import { buildMissReport } from "./build-miss-report.js";
import { escapeHtml } from "./escape-html.js";
import { HOSTILE, hostileRecords } from "./hostile-records.fixture.js";
import { MISS_PAGE_POLICY, renderMissHtml } from "./render-miss-html.js";

/** Every tag the page may hold, and the attributes each may carry: anything else came from a record. */
const TAGS = new Set(
  "html head meta title style body h1 h2 p figure svg rect line text polyline table thead tbody tr th td span".split(
    " ",
  ),
);
const ATTRIBUTES = new Set(
  "lang charset http-equiv content name class role aria-label xmlns width height viewBox x y x1 y1 x2 y2 fill stroke stroke-width points text-anchor".split(
    " ",
  ),
);

/** The page's tags with their attributes, as a parser would read them (escaped text holds no `<`). */
function tagsOf(html: string): { tag: string; attributes: string[] }[] {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)].map(([, tag, rest]) => ({
    tag: tag!,
    attributes: [...rest!.matchAll(/([^\s=/]+)(?:="[^"]*")?/g)].map(([, name]) => name!),
  }));
}

describe("renderMissHtml", () => {
  const html = renderMissHtml(buildMissReport(hostileRecords()));

  it("holds only the page's own tags and attributes, whatever the records hold", () => {
    const tags = tagsOf(html.replace(/^<!doctype html>/, ""));
    expect(tags.filter(({ tag }) => !TAGS.has(tag))).toEqual([]);
    expect(tags.flatMap(({ attributes }) => attributes.filter((name) => !ATTRIBUTES.has(name)))).toEqual([]);
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html.match(/<\/svg>/g)).toHaveLength(2);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script|<img|url\(/i);
  });

  it("shows hostile requests, tools, servers and scopes as text", () => {
    for (const payload of Object.values(HOSTILE)) expect(html).toContain(escapeHtml(payload));
    expect(html).toContain("&amp;lt;script&amp;gt;");
  });

  it("forbids every source and every script in a policy of its own", () => {
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(MISS_PAGE_POLICY)}">`);
    expect(MISS_PAGE_POLICY).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    expect(MISS_PAGE_POLICY).not.toMatch(/script-src|https?:/);
  });

  it("draws a bar per day and a line per server series, and a bar per server", () => {
    const report = buildMissReport(hostileRecords());
    expect(report.timeline.days).toHaveLength(5);
    expect(html.match(/class="day-bar"/g)).toHaveLength(5);
    expect(html.match(/class="series-line"/g)).toHaveLength(report.timeline.series.length);
    expect(html.match(/class="server-bar"/g)).toHaveLength(report.servers.length);
    expect(report.servers.length).toBe(4);
  });

  it("makes hidden characters visible on the page too", () => {
    const page = renderMissHtml(buildMissReport(hostileRecords().map((r) => ({ ...r, scope: "a\u202Eb\u0000c" }))));
    expect(page).toContain("a\\u202eb\\u0000c");
    // Controls and format characters (ESC, CR, NUL, bidi overrides), newlines between lines aside.
    expect(page.replaceAll("\n", "")).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});
