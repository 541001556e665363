import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, dumpDom, screenshot } from "../../../test/support/chromium.js";
import { countColour, decodePng, distinctColours } from "../../../test/support/png.js";
import { buildMissReport } from "./build-miss-report.js";
import { hostileRecords } from "./hostile-records.fixture.js";
import type { MissReport } from "./miss-report.js";
import { renderMissHtml } from "./render-miss-html.js";
import { BAR_COLOUR, SERIES_COLOURS } from "./svg-charts.js";

/**
 * The miss page as a browser reads and draws it: headless Chromium parses the page written for
 * hostile records and draws it, and the charts must be there, in the parsed DOM and in pixels,
 * with every hostile string still text.
 */

const NAME = "the miss page in headless Chromium";
const missing = CHROMIUM ? undefined : "Chromium is not installed (Debian: apt-get install chromium)";
if (missing && process.env.CI) throw new Error(`${NAME}: ${missing} on CI; .ci/run installs chromium.`);
if (missing) console.warn(`[toolsift] SKIPPED "${NAME}": ${missing}`);

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe.skipIf(missing !== undefined)(NAME, () => {
  let dir: string;
  let page: string;
  let report: MissReport;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "toolsift-miss-page-"));
    page = join(dir, "misses.html");
    report = buildMissReport(hostileRecords());
    writeFileSync(page, renderMissHtml(report));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("parses both charts whole, a bar per day and per server and a line per series, and the payloads as text", async () => {
    const dom = await dumpDom(page);
    expect(report.timeline.days).toHaveLength(5);
    expect(report.timeline.series).toHaveLength(4);
    expect(count(dom, /<svg\b/g)).toBe(2);
    expect(count(dom, /<\/svg><\/figure>/g)).toBe(2);
    expect(count(dom, /<rect class="day-bar"/g)).toBe(5);
    expect(count(dom, /<polyline class="series-line"/g)).toBe(4);
    expect(count(dom, /<rect class="server-bar"/g)).toBe(report.servers.length);
    // No payload became an element, and none ran (each would have renamed the page).
    expect(dom).not.toMatch(/<script|<img/i);
    expect(dom).toContain("<title>toolsift misses</title>");
    expect(dom).toContain(`&lt;script&gt;document.title="pwned"&lt;/script&gt;`);
    expect(dom).toContain(`&lt;/svg&gt;&lt;img src=x onerror="document.title='pwned'"&gt;`);
  }, 120_000);

  it("draws them: the screenshot holds the bars' colour and each series line's", async () => {
    const png = join(dir, "misses.png");
    await screenshot(page, png, 1000, 900);
    const image = decodePng(readFileSync(png));
    expect([image.width, image.height]).toEqual([1000, 900]);
    expect(distinctColours(image)).toBeGreaterThan(50);
    // Five day bars about 140 pixels wide and 90 to 190 tall (about 90,000 pixels), and four
    // server bars (about 19,000): the day bars alone pass.
    expect(countColour(image, BAR_COLOUR)).toBeGreaterThan(60_000);
    for (const colour of SERIES_COLOURS.slice(0, report.timeline.series.length))
      expect(countColour(image, colour), colour).toBeGreaterThan(200);
  }, 120_000);
});
