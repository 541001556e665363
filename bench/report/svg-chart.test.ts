import { describe, expect, it } from "vitest";
import type { TargetCheck } from "./bench-report.js";
import { sampleReport, sampleReportWithTargets } from "./report.fixture.js";
import { renderSvg } from "../sections/render.js";
import { escapeXml, SESSION_SERIES, targetScore } from "./svg-chart.js";

const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

/** A small XML well-formedness check: balanced tags, one root, quoted unique attributes, valid entities. */
function wellFormednessProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  let i = xml.startsWith("<?xml") ? xml.indexOf("?>") + 2 : 0;
  const checkText = (segment: string, where: number) => {
    for (let j = segment.indexOf("&"); j !== -1; j = segment.indexOf("&", j + 1)) {
      if (!ENTITY.test(segment.slice(j))) problems.push(`bad entity at ${where + j}`);
    }
    if (segment.includes("<")) problems.push(`stray < at ${where}`);
  };
  while (i < xml.length) {
    const open = xml.indexOf("<", i);
    if (open === -1) {
      checkText(xml.slice(i), i);
      if (xml.slice(i).trim() !== "") problems.push("text after the root");
      break;
    }
    const between = xml.slice(i, open);
    checkText(between, i);
    if (stack.length === 0 && between.trim() !== "") problems.push(`text outside the root at ${i}`);
    if (xml.startsWith("<!--", open)) {
      const end = xml.indexOf("-->", open);
      if (end === -1) return [...problems, "unclosed comment"];
      i = end + 3;
      continue;
    }
    const close = xml.indexOf(">", open);
    if (close === -1) return [...problems, `unclosed tag at ${open}`];
    const tag = xml.slice(open + 1, close);
    if (tag.startsWith("/")) {
      const name = tag.slice(1).trim();
      const top = stack.pop();
      if (top !== name) problems.push(`</${name}> closes <${top ?? "nothing"}>`);
    } else {
      const selfClosing = tag.endsWith("/");
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const match = /^([A-Za-z_][\w:.-]*)/.exec(body);
      if (!match) {
        problems.push(`bad tag name at ${open}`);
      } else {
        let rest = body.slice(match[1]!.length);
        const seen = new Set<string>();
        const attribute = /^\s+([A-Za-z_:][\w:.-]*)="([^"<]*)"/;
        for (let found = attribute.exec(rest); found; found = attribute.exec(rest)) {
          if (seen.has(found[1]!)) problems.push(`duplicate attribute ${found[1]} at ${open}`);
          seen.add(found[1]!);
          checkText(found[2]!, open);
          rest = rest.slice(found[0].length);
        }
        if (rest.trim() !== "") problems.push(`malformed attributes at ${open}: ${rest.slice(0, 30)}`);
        if (stack.length === 0) roots++;
        if (!selfClosing) stack.push(match[1]!);
      }
    }
    i = close + 1;
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.join("> <")}>`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

function attributeOf(element: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
}

function panel(svg: string, marker: string): string {
  const start = svg.indexOf(marker);
  expect(start).toBeGreaterThan(-1);
  return svg.slice(
    start,
    svg.indexOf('<g data-panel="', start + 1) === -1 ? undefined : svg.indexOf('<g data-panel="', start + 1),
  );
}

describe("the well-formedness check itself", () => {
  it("flags broken XML", () => {
    expect(wellFormednessProblems("<a><b></a>")).not.toEqual([]);
    expect(wellFormednessProblems('<a x="1 & 2"/>')).not.toEqual([]);
    expect(wellFormednessProblems("<a/><b/>")).not.toEqual([]);
    expect(wellFormednessProblems('<a x="1" x="2"/>')).not.toEqual([]);
    expect(wellFormednessProblems('<a x="&lt;"><b>t &amp; u</b></a>')).toEqual([]);
  });
});

describe("renderSvgChart", () => {
  const svg = renderSvg(sampleReport());

  it("is well-formed XML with an svg root", () => {
    expect(wellFormednessProblems(svg)).toEqual([]);
    expect(svg).toMatch(
      /<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="\d+" viewBox="0 0 1200 \d+"/,
    );
  });

  it("escapes labels", () => {
    expect(svg).toContain("Peer &lt;A&gt; &amp; co");
    expect(escapeXml(`a<b>&"c'`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
  });

  it("draws a bar per ranker and k for each dataset, with heights proportional to recall", () => {
    const own = panel(svg, '<g data-panel="recall" data-dataset="own">');
    const bars = own.match(/<rect data-ranker="[^"]+" data-k="\d+"[^>]*>/g) ?? [];
    // peer-b failed on "own", so only two rankers have bars there.
    expect(bars).toHaveLength(2 * 3);
    const height = (ranker: string, k: number) =>
      Number(attributeOf(bars.find((bar) => bar.includes(`data-ranker="${ranker}" data-k="${k}"`)) ?? "", "height"));
    expect(height("bm25", 5)).toBeGreaterThan(0);
    expect(height("peer-a", 5) / height("bm25", 5)).toBeCloseTo(0.5, 2);
    expect(height("peer-a", 1) / height("bm25", 5)).toBeCloseTo(0.25, 2);

    const publicPanel = panel(svg, '<g data-panel="recall" data-dataset="public">');
    for (const ranker of ["bm25", "peer-a", "peer-b"]) {
      for (const k of [1, 5, 10]) expect(publicPanel).toContain(`data-ranker="${ranker}" data-k="${k}"`);
    }
  });

  it("draws p50 and p95 latency lines and build lines per ranker over the sizes", () => {
    const latency = panel(svg, '<g data-panel="latency">');
    for (const ranker of ["bm25", "peer-a", "peer-b"]) {
      for (const series of ["p50", "p95"]) {
        const group = new RegExp(
          `<g data-ranker="${ranker}" data-series="${series}">\\s*<polyline points="([^"]+)"`,
        ).exec(latency);
        expect(group, `${ranker} ${series}`).not.toBeNull();
        expect(group?.[1]?.split(" ")).toHaveLength(2);
      }
    }
    // The larger catalogue sits further right, and its tenfold latency higher up (smaller y).
    const points = (ranker: string) =>
      (new RegExp(`data-ranker="${ranker}" data-series="p50">\\s*<polyline points="([^"]+)"`).exec(latency)?.[1] ?? "")
        .split(" ")
        .map((pair) => pair.split(",").map(Number) as [number, number]);
    const [small, large] = points("bm25");
    expect(large![0]).toBeGreaterThan(small![0]);
    expect(large![1]).toBeLessThan(small![1]);
    const build = panel(svg, '<g data-panel="build">');
    for (const ranker of ["bm25", "peer-a", "peer-b"])
      expect(build).toContain(`data-ranker="${ranker}" data-series="build"`);
  });

  it("has titles, axis labels and a legend naming every ranker", () => {
    for (const label of [
      "recall@k (share of expected tools)",
      "latency, ms (log scale)",
      "catalogue size, tools (log scale)",
      "cut-off k",
    ]) {
      expect(svg).toContain(label);
    }
    const legend = svg.slice(
      svg.indexOf('<g data-legend="rankers">'),
      svg.indexOf("</g>", svg.indexOf('<g data-legend="rankers">')),
    );
    for (const ranker of ["bm25", "peer-a", "peer-b"]) expect(legend).toContain(`${ranker} —`);
  });

  it("draws one strategy panel per catalogue: a bar per strategy and request, and every tool in full as a line", () => {
    const strategy = panel(svg, '<g data-panel="strategy" data-catalogue="own">');
    const bars = [
      ...strategy.matchAll(/<rect data-strategy="([^"]+)" data-turn="(\d)" data-value="(\d+)" x="[^"]+" y="([^"]+)"/g),
    ];
    expect(bars.map((bar) => `${bar[1]}@${bar[2]}`).sort()).toEqual([
      "native@1",
      "native@2",
      "native@3",
      "stable@1",
      "stable@2",
      "stable@3",
      "stubs@1",
      "stubs@2",
      "stubs@3",
    ]);
    const bar = (name: string, turn: string) => bars.find((b) => b[1] === name && b[2] === turn)!;
    // Context tokens plus search results resent: native reads far less than stubs, so its bar is lower (larger y).
    expect(bar("native", "1")[3]).toBe("180");
    expect(bar("stubs", "2")[3]).toBe("20300");
    expect(Number(bar("native", "1")[4])).toBeGreaterThan(Number(bar("stubs", "1")[4]));
    expect(strategy).toContain("every tool in full (50,000)");
    expect(strategy).toContain("stable turns: stubs 0.500, native 1.000, stable 1.000");
  });

  it("draws toolsift's session timings and the reference against catalogue size", () => {
    const session = panel(svg, '<g data-panel="session">');
    for (const series of SESSION_SERIES) {
      const group = new RegExp(`<g data-ranker="${series.id}" data-series="p50">\\s*<polyline points="([^"]+)"`).exec(
        session,
      );
      expect(group, series.id).not.toBeNull();
      expect(group?.[1]?.split(" ")).toHaveLength(2);
    }
    expect(svg).toContain("tools() after catalogue change");
  });

  it("draws exact and HNSW search latency per size", () => {
    const vector = panel(svg, '<g data-panel="vector-index">');
    for (const kind of ["exact", "hnsw"]) {
      for (const series of ["p50", "p95"])
        expect(vector).toMatch(
          new RegExp(`<g data-ranker="${kind}" data-series="${series}">\\s*<polyline points="[^" ]+ [^" ]+"`),
        );
    }
  });

  it("draws one bar per target, coloured by verdict, longer the further past its limit", () => {
    const targets = renderSvg(sampleReportWithTargets());
    expect(wellFormednessProblems(targets)).toEqual([]);
    const bars = [
      ...targets.matchAll(
        /<rect data-target="(\d+)" data-verdict="([^"]+)" data-score="([^"]+)" x="[^"]+" y="[^"]+" width="([^"]+)"/g,
      ),
    ];
    expect(bars).toHaveLength(9);
    const byVerdict = (verdict: string) => bars.filter((bar) => bar[2] === verdict);
    expect(byVerdict("not met")).toHaveLength(3);
    const width = (index: number) => Number(bars[index]![4]);
    // The example catalogue's saving (met, score < 1) is shorter than toolsift-servers' (not met).
    expect(width(0)).toBeLessThan(width(1));
    expect(svg).not.toContain('data-panel="targets"');
  });

  it("still renders with no scale runs and no datasets", () => {
    const empty = renderSvg({
      ...sampleReport(),
      datasets: [],
      retrieval: [],
      scale: [],
      sessionScale: [],
      vectorIndex: [],
    });
    expect(wellFormednessProblems(empty)).toEqual([]);
    expect(empty).toContain("no scale runs");
    expect(empty).toContain("no retrieval datasets were run");
  });
});

describe("targetScore", () => {
  const check = (measured: number | null, limit: number, comparison: TargetCheck["comparison"]): TargetCheck => ({
    id: "scale.bm25-build.ratio",
    section: "scale",
    target: "t",
    scope: "s",
    measured,
    limit,
    comparison,
    unit: "×",
    verdict: "met",
  });

  it("is measured ÷ limit for upper limits and limit ÷ measured for lower limits", () => {
    expect(targetScore(check(6, 3, "<="))).toBe(2);
    expect(targetScore(check(1, 2, "<"))).toBe(0.5);
    expect(targetScore(check(80, 88, ">="))).toBeCloseTo(1.1, 12);
  });

  it("handles a zero limit, a zero saving and a missing value", () => {
    expect(targetScore(check(0, 0, "<="))).toBe(0);
    expect(targetScore(check(2, 0, "<="))).toBe(Number.POSITIVE_INFINITY);
    expect(targetScore(check(0, 70, ">="))).toBe(Number.POSITIVE_INFINITY);
    expect(targetScore(check(null, 3, "<="))).toBeNull();
  });
});
