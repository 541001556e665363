import type { GatewayErasRun } from "../gateway-eras/measure-gateway-eras.js";
import type { SvgPanel } from "../sections/section.js";
import { count } from "./format.js";
import { escapeXml } from "./svg-chart.js";

const X = 20;
const WIDTH = 1160;
const HEIGHT = 320;
const PLOT = { left: 70, right: 20, top: 34, bottom: 60 };
const ERAS = [
  { key: "legacy", label: "2025 era (session)", colour: "#0072B2" },
  { key: "stateless", label: "2026-07-28 (stateless)", colour: "#D55E00" },
] as const;

function label(x: number, y: number, content: string, attributes: string): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attributes}>${escapeXml(content)}</text>`;
}

/** A tick step of 1, 2 or 5 × 10ⁿ giving at most about six ticks up to `max`. */
function tickStep(max: number): number {
  const raw = max / 6;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= raw) ?? power * 10;
}

function draw(run: GatewayErasRun, top: number): string {
  const plot = {
    x: X + PLOT.left,
    y: top + PLOT.top,
    width: WIDTH - PLOT.left - PLOT.right,
    height: HEIGHT - PLOT.top - PLOT.bottom,
  };
  const totals = (era: "legacy" | "stateless") =>
    run[era].toolTokens.map((tools, index) => tools + (run[era].transcriptTokens[index] ?? 0));
  const requests = Math.max(run.legacy.toolTokens.length, run.stateless.toolTokens.length);
  const max = Math.max(1, ...totals("legacy"), ...totals("stateless"));
  const step = tickStep(max);
  const yMax = Math.ceil(max / step) * step;
  const xOf = (index: number) => plot.x + (requests <= 1 ? 0 : (index / (requests - 1)) * plot.width);
  const yOf = (value: number) => plot.y + plot.height * (1 - value / yMax);
  const out = [
    `<g data-panel="gateway-eras">`,
    `<rect x="${X}" y="${top}" width="${WIDTH}" height="${HEIGHT}" fill="#fff" stroke="#ddd"/>`,
    label(
      X + WIDTH / 2,
      top + 20,
      `${run.tasks} tasks on the example catalogue: the tools array the client holds (solid), plus the search answers in the transcript (dashed)`,
      `text-anchor="middle" font-size="14" font-weight="600"`,
    ),
  ];
  for (let tick = 0; tick <= yMax; tick += step) {
    const y = yOf(tick);
    out.push(
      `<line x1="${plot.x}" y1="${y.toFixed(1)}" x2="${plot.x + plot.width}" y2="${y.toFixed(1)}" stroke="#e5e5e5"/>`,
    );
    out.push(label(plot.x - 6, y + 4, count(tick), `text-anchor="end" font-size="11" fill="#444"`));
  }
  for (let index = 0; index < requests; index++)
    out.push(
      label(
        xOf(index),
        plot.y + plot.height + 16,
        String(index + 1),
        `text-anchor="middle" font-size="11" fill="#444"`,
      ),
    );
  out.push(
    label(
      plot.x + plot.width / 2,
      plot.y + plot.height + 34,
      "model request",
      `text-anchor="middle" font-size="12" fill="#444"`,
    ),
  );
  for (const era of ERAS) {
    for (const [values, dashed] of [
      [run[era.key].toolTokens, false],
      [totals(era.key), true],
    ] as const) {
      const points = values.map((value, index) => `${xOf(index).toFixed(1)},${yOf(value).toFixed(1)}`).join(" ");
      const dash = dashed ? ` stroke-dasharray="6 4"` : "";
      out.push(
        `<polyline data-era="${era.key}" data-series="${dashed ? "with-transcript" : "tools"}" points="${points}" fill="none" stroke="${era.colour}" stroke-width="2"${dash}><title>${escapeXml(
          `${era.label}, ${dashed ? "tools + search answers" : "tools array"}: ${values.map((value) => count(value)).join(", ")}`,
        )}</title></polyline>`,
      );
    }
  }
  let legendX = plot.x;
  for (const era of ERAS) {
    const y = top + HEIGHT - 10;
    out.push(`<rect x="${legendX}" y="${y - 10}" width="11" height="11" fill="${era.colour}"/>`);
    out.push(
      label(legendX + 15, y, `${era.label}: session total ${count(run[era.key].sessionTokens)}`, `font-size="11"`),
    );
    legendX += 320;
  }
  out.push("</g>");
  return out.join("\n");
}

/** The eras' tokens per request as lines; none when the section did not run or failed. */
export function gatewayErasPanels(run: GatewayErasRun | null | undefined): SvgPanel[] {
  if (!run || run.error) return [];
  return [
    {
      heading: "Gateway eras: tokens a model reads per request, stateless against a 2025-era client (lower is better)",
      height: HEIGHT + 10,
      draw: (top) => draw(run, top),
    },
  ];
}
