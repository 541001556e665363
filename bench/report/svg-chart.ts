import type { BenchReport, LatencySummary, RankerRun, ScaleRun, StrategyRun, TargetCheck } from "./bench-report.js";
import type { SvgPanel } from "../sections/section.js";
import { count, limitText, measuredText, ms, share } from "./format.js";

/** Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. */
const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C564B", "#7F7F7F"];
const FONT = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";
const WIDTH = 1200;
const PANEL_WIDTH = 570;
const GAP = 20;
const MARGIN_X = (WIDTH - 2 * PANEL_WIDTH - GAP) / 2;
const KS = [1, 5, 10] as const;
/** Strategy bars use the palette's last colours, so they are not read as rankers. */
const STRATEGY_COLOURS = ["#56B4E9", "#E69F00", "#009E73"];

/** Escapes text for use in SVG content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

function text(x: number, y: number, content: string, attributes = ""): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attributes}>${escapeXml(content)}</text>`;
}

function recallOf(run: RankerRun, k: (typeof KS)[number]): number {
  return k === 1 ? run.recallAt1 : k === 5 ? run.recallAt5 : run.recallAt10;
}

/** A log-scale axis spanning whole decades around [min, max]; ticks at 1, 2, 5 × 10^n when the span is short. */
function logAxis(min: number, max: number): { lo: number; hi: number; ticks: number[] } {
  const lo = Math.floor(Math.log10(min));
  let hi = Math.ceil(Math.log10(max));
  if (hi === lo) hi = lo + 1;
  const ticks: number[] = [];
  const multipliers = hi - lo <= 2 ? [1, 2, 5] : [1];
  for (let exponent = lo; exponent <= hi; exponent++) {
    for (const m of multipliers) {
      const value = m * 10 ** exponent;
      if (Math.log10(value) <= hi + 1e-9) ticks.push(value);
    }
  }
  return { lo, hi, ticks };
}

function tickLabel(value: number): string {
  return value >= 1 ? count(Math.round(value)) : String(Number(value.toPrecision(1)));
}

interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}

const PLOT = { left: 62, right: 14, top: 34, bottom: 46 };

function inner(frame: Frame): Frame {
  return {
    x: frame.x + PLOT.left,
    y: frame.y + PLOT.top,
    width: frame.width - PLOT.left - PLOT.right,
    height: frame.height - PLOT.top - PLOT.bottom,
  };
}

function panelTitle(frame: Frame, title: string): string {
  return text(frame.x + frame.width / 2, frame.y + 20, title, `text-anchor="middle" font-size="14" font-weight="600"`);
}

function yLabel(frame: Frame, label: string): string {
  const x = frame.x + 14;
  const y = frame.y + PLOT.top + (frame.height - PLOT.top - PLOT.bottom) / 2;
  return text(
    x,
    y,
    label,
    `text-anchor="middle" font-size="12" transform="rotate(-90 ${x.toFixed(1)} ${y.toFixed(1)})"`,
  );
}

function recallPanel(
  frame: Frame,
  dataset: string,
  runs: RankerRun[],
  colours: ReadonlyMap<string, string>,
  subtitle: string,
): string {
  const plot = inner(frame);
  const out: string[] = [`<g data-panel="recall" data-dataset="${escapeXml(dataset)}">`];
  out.push(
    `<rect x="${frame.x}" y="${frame.y}" width="${frame.width}" height="${frame.height}" fill="#fff" stroke="#ddd"/>`,
  );
  out.push(panelTitle(frame, `${dataset} — ${subtitle}`));
  for (let tick = 0; tick <= 5; tick++) {
    const value = tick / 5;
    const y = plot.y + plot.height * (1 - value);
    out.push(
      `<line x1="${plot.x}" y1="${y.toFixed(1)}" x2="${plot.x + plot.width}" y2="${y.toFixed(1)}" stroke="${tick === 0 ? "#333" : "#e5e5e5"}"/>`,
    );
    out.push(text(plot.x - 6, y + 4, value.toFixed(1), `text-anchor="end" font-size="11" fill="#444"`));
  }
  out.push(yLabel(frame, "recall@k (share of expected tools)"));
  const groupWidth = plot.width / KS.length;
  const barWidth = Math.min(24, (groupWidth * 0.82) / Math.max(1, runs.length));
  KS.forEach((k, group) => {
    const groupCentre = plot.x + groupWidth * (group + 0.5);
    const start = groupCentre - (barWidth * runs.length) / 2;
    runs.forEach((run, index) => {
      const value = recallOf(run, k);
      const height = plot.height * Math.max(0, Math.min(1, value));
      const x = start + index * barWidth;
      out.push(
        `<rect data-ranker="${escapeXml(run.ranker)}" data-k="${k}" data-value="${share(value)}" x="${x.toFixed(1)}" y="${(plot.y + plot.height - height).toFixed(1)}" width="${(barWidth - 1).toFixed(1)}" height="${height.toFixed(1)}" fill="${colours.get(run.ranker)}">` +
          `<title>${escapeXml(`${run.ranker} on ${dataset}: recall@${k} = ${share(value)}`)}</title></rect>`,
      );
    });
    out.push(text(groupCentre, plot.y + plot.height + 18, `recall@${k}`, `text-anchor="middle" font-size="12"`));
  });
  if (runs.length === 0)
    out.push(
      text(plot.x + plot.width / 2, plot.y + plot.height / 2, "no successful runs", `text-anchor="middle" fill="#888"`),
    );
  out.push(
    text(
      plot.x + plot.width / 2,
      frame.y + frame.height - 8,
      "cut-off k",
      `text-anchor="middle" font-size="12" fill="#444"`,
    ),
  );
  out.push("</g>");
  return out.join("\n");
}

interface LineSeries {
  ranker: string;
  style: "solid" | "dashed";
  label: string;
  points: { size: number; value: number }[];
}

function linePanel(
  frame: Frame,
  title: string,
  yTitle: string,
  series: LineSeries[],
  colours: ReadonlyMap<string, string>,
  panel: string,
): string {
  const plot = inner(frame);
  const out: string[] = [`<g data-panel="${panel}">`];
  out.push(
    `<rect x="${frame.x}" y="${frame.y}" width="${frame.width}" height="${frame.height}" fill="#fff" stroke="#ddd"/>`,
  );
  out.push(panelTitle(frame, title));
  const points = series.flatMap((s) => s.points).filter((p) => p.value > 0 && p.size > 0);
  if (points.length === 0) {
    out.push(
      text(plot.x + plot.width / 2, plot.y + plot.height / 2, "no scale runs", `text-anchor="middle" fill="#888"`),
    );
    out.push("</g>");
    return out.join("\n");
  }
  const sizes = [...new Set(points.map((p) => p.size))].sort((a, b) => a - b);
  const xMin = Math.log10(sizes[0] as number) - 0.25;
  const xMax = Math.log10(sizes.at(-1) as number) + 0.25;
  const yAxis = logAxis(Math.min(...points.map((p) => p.value)), Math.max(...points.map((p) => p.value)));
  const xOf = (size: number) => plot.x + ((Math.log10(size) - xMin) / (xMax - xMin)) * plot.width;
  const yOf = (value: number) => plot.y + plot.height * (1 - (Math.log10(value) - yAxis.lo) / (yAxis.hi - yAxis.lo));
  for (const tick of yAxis.ticks) {
    const y = yOf(tick);
    out.push(
      `<line x1="${plot.x}" y1="${y.toFixed(1)}" x2="${plot.x + plot.width}" y2="${y.toFixed(1)}" stroke="#e5e5e5"/>`,
    );
    out.push(text(plot.x - 6, y + 4, tickLabel(tick), `text-anchor="end" font-size="11" fill="#444"`));
  }
  for (const size of sizes) {
    const x = xOf(size);
    out.push(
      `<line x1="${x.toFixed(1)}" y1="${plot.y}" x2="${x.toFixed(1)}" y2="${plot.y + plot.height}" stroke="#f0f0f0"/>`,
    );
    out.push(text(x, plot.y + plot.height + 18, count(size), `text-anchor="middle" font-size="11" fill="#444"`));
  }
  out.push(
    `<line x1="${plot.x}" y1="${plot.y + plot.height}" x2="${plot.x + plot.width}" y2="${plot.y + plot.height}" stroke="#333"/>`,
  );
  out.push(`<line x1="${plot.x}" y1="${plot.y}" x2="${plot.x}" y2="${plot.y + plot.height}" stroke="#333"/>`);
  out.push(yLabel(frame, yTitle));
  out.push(
    text(
      plot.x + plot.width / 2,
      frame.y + frame.height - 8,
      "catalogue size, tools (log scale)",
      `text-anchor="middle" font-size="12" fill="#444"`,
    ),
  );
  for (const s of series) {
    const visible = s.points.filter((p) => p.value > 0).sort((a, b) => a.size - b.size);
    if (visible.length === 0) continue;
    const colour = colours.get(s.ranker);
    const coordinates = visible.map((p) => `${xOf(p.size).toFixed(1)},${yOf(p.value).toFixed(1)}`).join(" ");
    // p95 lines are drawn fainter so the medians stay readable when many rankers overlap.
    const dash = s.style === "dashed" ? ` stroke-dasharray="6 4" stroke-opacity="0.6"` : "";
    out.push(`<g data-ranker="${escapeXml(s.ranker)}" data-series="${s.label}">`);
    out.push(
      `<polyline points="${coordinates}" fill="none" stroke="${colour}" stroke-width="${s.style === "dashed" ? 1.5 : 2.2}"${dash}/>`,
    );
    for (const p of visible) {
      const shape =
        s.style === "dashed"
          ? `<rect x="${(xOf(p.size) - 3).toFixed(1)}" y="${(yOf(p.value) - 3).toFixed(1)}" width="6" height="6" fill="#fff" stroke="${colour}">`
          : `<circle cx="${xOf(p.size).toFixed(1)}" cy="${yOf(p.value).toFixed(1)}" r="3.5" fill="${colour}">`;
      const tag = s.style === "dashed" ? "rect" : "circle";
      out.push(
        `${shape}<title>${escapeXml(`${s.ranker}, ${count(p.size)} tools: ${s.label} ${ms(p.value)} ms`)}</title></${tag}>`,
      );
    }
    out.push("</g>");
  }
  out.push("</g>");
  return out.join("\n");
}

/**
 * One catalogue's strategies: per request, the tool material the model reads (context tool
 * tokens + search results resent) as grouped bars on a log axis, with every tool in full as
 * a dashed line; stability and success underneath.
 */
function strategyPanel(frame: Frame, catalogue: string, runs: StrategyRun[]): string {
  // One extra row under the x labels, for the legend.
  const plot = { ...inner(frame), height: inner(frame).height - 18 };
  const out: string[] = [`<g data-panel="strategy" data-catalogue="${escapeXml(catalogue)}">`];
  out.push(
    `<rect x="${frame.x}" y="${frame.y}" width="${frame.width}" height="${frame.height}" fill="#fff" stroke="#ddd"/>`,
  );
  out.push(panelTitle(frame, `${catalogue} — ${count(runs[0]?.sessions ?? 0)} oracle sessions`));
  const turns = Math.max(0, ...runs.map((run) => run.turns.length));
  const full = runs[0]?.turns[0]?.fullTokens ?? 0;
  const tokensAt = (run: StrategyRun, index: number) => {
    const turn = run.turns[index];
    return turn ? turn.contextTokens + turn.searchResultTokens : 0;
  };
  const values = runs
    .flatMap((run) => run.turns.map((_, index) => tokensAt(run, index)))
    .concat(full)
    .filter((value) => value > 0);
  if (values.length === 0 || turns === 0) {
    out.push(
      text(plot.x + plot.width / 2, plot.y + plot.height / 2, "no strategy runs", `text-anchor="middle" fill="#888"`),
    );
    out.push("</g>");
    return out.join("\n");
  }
  const axis = logAxis(Math.min(...values), Math.max(...values));
  const yOf = (value: number) =>
    plot.y + plot.height * (1 - (Math.log10(Math.max(value, 10 ** axis.lo)) - axis.lo) / (axis.hi - axis.lo));
  for (const tick of axis.ticks) {
    const y = yOf(tick);
    out.push(
      `<line x1="${plot.x}" y1="${y.toFixed(1)}" x2="${plot.x + plot.width}" y2="${y.toFixed(1)}" stroke="#e5e5e5"/>`,
    );
    out.push(text(plot.x - 6, y + 4, tickLabel(tick), `text-anchor="end" font-size="11" fill="#444"`));
  }
  out.push(
    `<line x1="${plot.x}" y1="${plot.y + plot.height}" x2="${plot.x + plot.width}" y2="${plot.y + plot.height}" stroke="#333"/>`,
  );
  out.push(yLabel(frame, "tool + search-result tokens (log scale)"));
  const groupWidth = plot.width / turns;
  const barWidth = Math.min(36, (groupWidth * 0.7) / Math.max(1, runs.length));
  for (let index = 0; index < turns; index++) {
    const centre = plot.x + groupWidth * (index + 0.5);
    const start = centre - (barWidth * runs.length) / 2;
    runs.forEach((run, position) => {
      const value = tokensAt(run, index);
      if (value <= 0) return;
      const y = yOf(value);
      out.push(
        `<rect data-strategy="${escapeXml(run.strategy)}" data-turn="${index + 1}" data-value="${Math.round(value)}" x="${(start + position * barWidth).toFixed(1)}" y="${y.toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${(plot.y + plot.height - y).toFixed(1)}" fill="${STRATEGY_COLOURS[position % STRATEGY_COLOURS.length]}">` +
          `<title>${escapeXml(`${run.strategy}, request ${index + 1}: ${count(Math.round(value))} tokens (tools in context + search results)`)}</title></rect>`,
      );
    });
    out.push(text(centre, plot.y + plot.height + 18, `request ${index + 1}`, `text-anchor="middle" font-size="12"`));
  }
  const fullY = yOf(full);
  out.push(
    `<line data-series="full" x1="${plot.x}" y1="${fullY.toFixed(1)}" x2="${plot.x + plot.width}" y2="${fullY.toFixed(1)}" stroke="#000" stroke-dasharray="6 4"><title>${escapeXml(`every tool in full: ${count(Math.round(full))} tokens per request`)}</title></line>`,
  );
  out.push(
    text(
      plot.x + plot.width - 4,
      fullY - 5,
      `every tool in full (${count(Math.round(full))})`,
      `text-anchor="end" font-size="11"`,
    ),
  );
  const legendY = frame.y + frame.height - 26;
  const legendX = plot.x + plot.width / 2 - (runs.length * 70) / 2;
  runs.forEach((run, position) => {
    const x = legendX + position * 70;
    out.push(
      `<rect x="${x.toFixed(1)}" y="${legendY - 10}" width="11" height="11" fill="${STRATEGY_COLOURS[position % STRATEGY_COLOURS.length]}"/>`,
    );
    out.push(text(x + 15, legendY, run.strategy, `font-size="11"`));
  });
  const summary = runs.map((run) => `${run.strategy} ${share(run.prefixStability)}`).join(", ");
  out.push(
    text(
      plot.x + plot.width / 2,
      frame.y + frame.height - 8,
      `stable turns: ${summary} · oracle success ${share(runs[0]?.successRate)}`,
      `text-anchor="middle" font-size="11" fill="#444"`,
    ),
  );
  out.push("</g>");
  return out.join("\n");
}

/** A row of coloured keys under a panel, for series that are not rankers. */
function seriesLegend(x: number, y: number, entries: readonly (readonly [label: string, colour: string])[]): string {
  const out: string[] = [`<g data-legend="series">`];
  let offset = x;
  for (const [label, colour] of entries) {
    out.push(`<rect x="${offset.toFixed(1)}" y="${y - 10}" width="11" height="11" fill="${colour}"/>`);
    out.push(text(offset + 15, y, label, `font-size="11"`));
    offset += 22 + label.length * 6;
  }
  out.push("</g>");
  return out.join("\n");
}

/** The session timings and the reference's search p50 against catalogue size. */
export const SESSION_SERIES: readonly {
  id: string;
  label: string;
  colour: string;
  pick: (report: Pick<BenchReport, "sessionScale">, size: number) => LatencySummary | undefined;
}[] = [
  {
    id: "reference-bm25",
    label: "reference search",
    colour: "#000000",
    pick: (report, size) => okSession(report, size)?.reference.searchMs,
  },
  {
    id: "bm25",
    label: "bm25 search",
    colour: "#0072B2",
    pick: (report, size) => okSession(report, size)?.bm25.searchMs,
  },
  {
    id: "search_tools",
    label: "search_tools",
    colour: "#D55E00",
    pick: (report, size) => okSession(report, size)?.searchToolsMs,
  },
  {
    id: "tools-unchanged",
    label: "tools(), nothing new",
    colour: "#009E73",
    pick: (report, size) => okSession(report, size)?.toolsMs.unchanged,
  },
  {
    id: "tools-hydration",
    label: "tools() after hydration",
    colour: "#CC79A7",
    pick: (report, size) => okSession(report, size)?.toolsMs.afterHydration,
  },
  {
    id: "tools-change",
    label: "tools() after catalogue change",
    colour: "#E69F00",
    pick: (report, size) => okSession(report, size)?.toolsMs.afterCatalogueChange,
  },
];

function okSession(report: Pick<BenchReport, "sessionScale">, size: number) {
  return report.sessionScale.find((run) => run.size === size && !run.error);
}

/** How far a measure is from its limit: ≤ 1 means within it (measured ÷ limit, or limit ÷ measured for "at least" targets). */
export function targetScore(check: TargetCheck): number | null {
  if (check.measured === null || !Number.isFinite(check.measured)) return null;
  if (check.comparison === ">=" || check.comparison === ">") {
    // "More than 0": any positive value is fully met, none is infinitely far.
    if (check.limit === 0) return check.measured > 0 ? 0 : Number.POSITIVE_INFINITY;
    return check.measured <= 0 ? Number.POSITIVE_INFINITY : check.limit / check.measured;
  }
  if (check.limit === 0) return check.measured === 0 ? 0 : Number.POSITIVE_INFINITY;
  return check.measured / check.limit;
}

const VERDICT_COLOURS: Record<TargetCheck["verdict"], string> = {
  met: "#009E73",
  "not met": "#D55E00",
  "not measured": "#BBBBBB",
};
const TARGET_ROW = 22;
const TARGET_SCALE_MAX = 3;

function formatMeasured(check: TargetCheck): string {
  return `${measuredText(check.measured, check.unit)} (${limitText(check)})`;
}

/**
 * One row per target: a bar of measured ÷ limit (limit ÷ measured for "at least" targets) on a
 * linear axis to 3, the limit as a line at 1, green when met and orange when not.
 */
function targetsPanel(frame: Frame, checks: readonly TargetCheck[]): string {
  const labelWidth = 610;
  const valueWidth = 200;
  const barX = frame.x + labelWidth;
  const barWidth = frame.width - labelWidth - valueWidth;
  const out: string[] = [`<g data-panel="targets">`];
  out.push(
    `<rect x="${frame.x}" y="${frame.y}" width="${frame.width}" height="${frame.height}" fill="#fff" stroke="#ddd"/>`,
  );
  const top = frame.y + 30;
  const xOf = (score: number) => barX + (Math.min(score, TARGET_SCALE_MAX) / TARGET_SCALE_MAX) * barWidth;
  out.push(text(xOf(1), frame.y + 20, "target", `text-anchor="middle" font-size="11" fill="#444"`));
  checks.forEach((check, index) => {
    const y = top + index * TARGET_ROW;
    const score = targetScore(check);
    out.push(text(frame.x + 10, y + 14, `${check.id} — ${check.scope}`, `font-size="11"`));
    if (score !== null) {
      const width = Math.max(1, xOf(score) - barX);
      out.push(
        `<rect data-target="${index}" data-verdict="${check.verdict}" data-score="${Number.isFinite(score) ? score.toFixed(3) : "inf"}" x="${barX}" y="${y + 3}" width="${width.toFixed(1)}" height="${TARGET_ROW - 8}" fill="${VERDICT_COLOURS[check.verdict]}">` +
          `<title>${escapeXml(`${check.target}, ${check.scope}: ${formatMeasured(check)}, ${check.verdict}`)}</title></rect>`,
      );
    }
    out.push(
      text(
        barX + barWidth + 8,
        y + 14,
        `${formatMeasured(check)} ${check.verdict}`,
        `font-size="11" fill="${VERDICT_COLOURS[check.verdict]}"`,
      ),
    );
  });
  out.push(
    `<line x1="${xOf(1).toFixed(1)}" y1="${top - 4}" x2="${xOf(1).toFixed(1)}" y2="${top + checks.length * TARGET_ROW}" stroke="#000" stroke-dasharray="4 3"/>`,
  );
  out.push("</g>");
  return out.join("\n");
}

function legend(
  y: number,
  rankers: BenchReport["rankers"],
  colours: Map<string, string>,
): { svg: string; height: number } {
  const perRow = 2;
  const columnWidth = (WIDTH - 2 * MARGIN_X) / perRow;
  const out: string[] = [`<g data-legend="rankers">`];
  rankers.forEach((ranker, index) => {
    const x = MARGIN_X + (index % perRow) * columnWidth;
    const rowY = y + Math.floor(index / perRow) * 20;
    out.push(`<rect x="${x}" y="${rowY - 10}" width="12" height="12" fill="${colours.get(ranker.id)}"/>`);
    out.push(text(x + 18, rowY, `${ranker.id} — ${ranker.label}`, `font-size="12"`));
  });
  out.push("</g>");
  return { svg: out.join("\n"), height: Math.ceil(rankers.length / perRow) * 20 };
}

const PANEL_HEIGHT = 290;
const SCALE_HEIGHT = 340;
const STRATEGY_HEIGHT = 300;

/** Half-width panels in rows of two from `top`. */
function grid(top: number, height: number, index: number): Frame {
  return {
    x: MARGIN_X + (index % 2) * (PANEL_WIDTH + GAP),
    y: top + Math.floor(index / 2) * (height + GAP),
    width: PANEL_WIDTH,
    height,
  };
}

/** Recall@1/5/10 per ranker, one panel per dataset (grouped bars). */
export function retrievalPanel(report: Pick<BenchReport, "datasets" | "retrieval">): SvgPanel {
  const datasets = report.datasets;
  return {
    heading: "Retrieval quality: recall@k per ranker and dataset (higher is better)",
    height: Math.max(1, Math.ceil(datasets.length / 2)) * (PANEL_HEIGHT + GAP) + 18,
    draw(top, colours) {
      if (datasets.length === 0)
        return text(WIDTH / 2, top + 40, "no retrieval datasets were run", `text-anchor="middle" fill="#888"`);
      return datasets
        .map((dataset, index) => {
          const runs = report.retrieval.filter((run) => run.dataset === dataset.id && !run.error);
          return recallPanel(
            grid(top, PANEL_HEIGHT, index),
            dataset.id,
            runs,
            colours,
            `${count(dataset.tools)} tools, ${count(dataset.queriesRun)} queries`,
          );
        })
        .join("\n");
    },
  };
}

/** Search latency and index build time against catalogue size (log–log lines, one per ranker). */
export function scalePanel(report: Pick<BenchReport, "scale">): SvgPanel {
  return {
    heading: "Scale: generated catalogues (lower is better)",
    height: SCALE_HEIGHT + 30,
    draw(top, colours) {
      const rankerIds = [...colours.keys()];
      const scaleRuns = report.scale.filter((run) => !run.error);
      const seriesOf = (ranker: string, pick: (run: ScaleRun) => number) =>
        scaleRuns.filter((run) => run.ranker === ranker).map((run) => ({ size: run.size, value: pick(run) }));
      const latency: LineSeries[] = rankerIds.flatMap((ranker) => [
        { ranker, style: "solid" as const, label: "p50", points: seriesOf(ranker, (run) => run.latencyMs.p50) },
        { ranker, style: "dashed" as const, label: "p95", points: seriesOf(ranker, (run) => run.latencyMs.p95) },
      ]);
      const build: LineSeries[] = rankerIds.map((ranker) => ({
        ranker,
        style: "solid" as const,
        label: "build",
        points: seriesOf(ranker, (run) => run.buildMs),
      }));
      return [
        linePanel(
          { x: MARGIN_X, y: top, width: PANEL_WIDTH, height: SCALE_HEIGHT },
          "Search latency per query (solid p50, dashed p95)",
          "latency, ms (log scale)",
          latency,
          colours,
          "latency",
        ),
        linePanel(
          { x: MARGIN_X + PANEL_WIDTH + GAP, y: top, width: PANEL_WIDTH, height: SCALE_HEIGHT },
          "Index build time (update call)",
          "build time, ms (log scale)",
          build,
          colours,
          "build",
        ),
      ].join("\n");
    },
  };
}

/** toolsift's session timings and the reference's search p50 against catalogue size; none without session runs. */
export function sessionScalePanel(report: Pick<BenchReport, "sessionScale">): SvgPanel[] {
  if (report.sessionScale.length === 0) return [];
  return [
    {
      heading: "Scale through a session (lower is better)",
      height: SCALE_HEIGHT + 60,
      draw(top) {
        const sizes = [...new Set(report.sessionScale.map((run) => run.size))].sort((a, b) => a - b);
        const sessionColours = new Map(SESSION_SERIES.map((series) => [series.id, series.colour]));
        const sessionSeries: LineSeries[] = SESSION_SERIES.map((series) => ({
          ranker: series.id,
          style: "solid" as const,
          label: "p50",
          points: sizes.flatMap((size) => {
            const latency = series.pick(report, size);
            return latency ? [{ size, value: latency.p50 }] : [];
          }),
        }));
        return [
          linePanel(
            { x: MARGIN_X, y: top, width: PANEL_WIDTH, height: SCALE_HEIGHT },
            "toolsift bm25 through a session, p50",
            "latency, ms (log scale)",
            sessionSeries,
            sessionColours,
            "session",
          ),
          seriesLegend(
            MARGIN_X + 10,
            top + SCALE_HEIGHT + 18,
            SESSION_SERIES.slice(0, 3).map((series) => [series.label, series.colour] as const),
          ),
          seriesLegend(
            MARGIN_X + 10,
            top + SCALE_HEIGHT + 36,
            SESSION_SERIES.slice(3).map((series) => [series.label, series.colour] as const),
          ),
        ].join("\n");
      },
    },
  ];
}

/** Exact and HNSW search latency per size; none when the comparison did not run. */
export function vectorIndexPanel(report: Pick<BenchReport, "vectorIndex">): SvgPanel[] {
  if (report.vectorIndex.length === 0) return [];
  return [
    {
      heading: "Exact vs HNSW embedding search (lower is better)",
      height: SCALE_HEIGHT + 60,
      draw(top) {
        const vectorColours = new Map([
          ["exact", "#0072B2"],
          ["hnsw", "#D55E00"],
        ]);
        const vectorRuns = report.vectorIndex.filter((run) => !run.error);
        const vectorSeries: LineSeries[] = (["exact", "hnsw"] as const).flatMap((kind) => [
          {
            ranker: kind,
            style: "solid" as const,
            label: "p50",
            points: vectorRuns.map((run) => ({ size: run.size, value: run[kind].searchMs.p50 })),
          },
          {
            ranker: kind,
            style: "dashed" as const,
            label: "p95",
            points: vectorRuns.map((run) => ({ size: run.size, value: run[kind].searchMs.p95 })),
          },
        ]);
        return [
          linePanel(
            { x: MARGIN_X, y: top, width: PANEL_WIDTH, height: SCALE_HEIGHT },
            "Embedding search: exact vs HNSW (solid p50, dashed p95)",
            "latency, ms (log scale)",
            vectorSeries,
            vectorColours,
            "vector-index",
          ),
          seriesLegend(MARGIN_X + 10, top + SCALE_HEIGHT + 18, [
            ["exact (WebAssembly SIMD)", "#0072B2"],
            ["HNSW (hnswlib-node)", "#D55E00"],
          ]),
        ].join("\n");
      },
    },
  ];
}

/** The agent strategies' tool tokens per request, one panel per catalogue; none without runs. */
export function strategyPanels(report: Pick<BenchReport, "strategy">): SvgPanel[] {
  const strategyRuns = report.strategy.runs.filter((run) => !run.error);
  const catalogues = [...new Set(strategyRuns.map((run) => run.catalogue))];
  if (catalogues.length === 0) return [];
  return [
    {
      heading: "Agent strategies: tool tokens the model reads per request of an oracle session (lower is better)",
      height: Math.ceil(catalogues.length / 2) * (STRATEGY_HEIGHT + GAP) + 10,
      draw: (top) =>
        catalogues
          .map((catalogue, index) =>
            strategyPanel(
              grid(top, STRATEGY_HEIGHT, index),
              catalogue,
              strategyRuns.filter((run) => run.catalogue === catalogue),
            ),
          )
          .join("\n"),
    },
  ];
}

/** Every target as a bar of measured ÷ limit; none when no target was measured. */
export function targetsPanels(targets: readonly TargetCheck[]): SvgPanel[] {
  if (targets.length === 0) return [];
  const height = 40 + targets.length * TARGET_ROW;
  return [
    {
      heading:
        "Targets (bench/targets.ts): measured ÷ limit (limit ÷ measured for savings); within the dashed line is met",
      height: height + 20,
      draw: (top) => targetsPanel({ x: MARGIN_X, y: top, width: WIDTH - 2 * MARGIN_X, height }, targets),
    },
  ];
}

/**
 * A self-contained SVG of one bench run: a title, the ranker legend, then each panel under its
 * heading in the order given (the sections' charts, then the targets). Hovering a bar or point
 * shows its value.
 */
export function renderSvgChart(
  report: Pick<BenchReport, "startedAt" | "environment" | "durationMs" | "rankers">,
  panels: readonly SvgPanel[],
): string {
  const colours = new Map(
    report.rankers.map((ranker, index) => [ranker.id, PALETTE[index % PALETTE.length] as string]),
  );
  const body: string[] = [];
  let y = 34;
  body.push(
    text(
      WIDTH / 2,
      y,
      `toolsift bench — ${report.startedAt.replace("T", " ").replace(/:\d\d(\.\d+)?Z$/, " UTC")}`,
      `text-anchor="middle" font-size="20" font-weight="700"`,
    ),
  );
  y += 20;
  body.push(
    text(
      WIDTH / 2,
      y,
      `${report.environment.cpus} × ${report.environment.cpuModel}, Node ${report.environment.node}; run took ${(report.durationMs / 1000).toFixed(0)} s`,
      `text-anchor="middle" font-size="12" fill="#555"`,
    ),
  );
  y += 28;
  const key = legend(y, report.rankers, colours);
  body.push(key.svg);
  y += key.height + 14;
  for (const panel of panels) {
    body.push(text(MARGIN_X, y, panel.heading, `font-size="16" font-weight="600"`));
    y += 12;
    body.push(panel.draw(y, colours));
    y += panel.height;
  }
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${y}" viewBox="0 0 ${WIDTH} ${y}" font-family="${escapeXml(FONT)}">`,
    `<title>${escapeXml(`toolsift bench ${report.startedAt}`)}</title>`,
    `<rect width="${WIDTH}" height="${y}" fill="#fafafa"/>`,
    ...body,
    `</svg>`,
    "",
  ].join("\n");
}
