import { escapeHtml } from "./escape-html.js";
import type { MissTimeline, ServerCount } from "./miss-report.js";
import { serverLabel } from "./visible-text.js";

/** The series colours, in the order of `timeline.series`; the total's bars are grey-blue. */
export const SERIES_COLOURS = ["#d9480f", "#2b8a3e", "#862e9c", "#1864ab", "#e67700", "#c2255c", "#087f5b", "#5c940d"];
export const BAR_COLOUR = "#4c6ef5";
const NAME_CHARS = 40;

/**
 * Misses over time as inline SVG: one bar per day for the total (`class="day-bar"`, a `<title>`
 * each for a tooltip) and one line per server series (`class="series-line"`), with a legend.
 * Nothing is fetched: the page's policy allows no source at all.
 */
export function timelineChart(timeline: MissTimeline): string {
  const width = 880;
  const height = 260;
  const left = 48;
  const top = 16;
  const plotWidth = width - left - 16;
  const plotHeight = height - top - 56;
  const days = timeline.days.length;
  const most = Math.max(1, ...timeline.total);
  const step = plotWidth / Math.max(1, days);
  const y = (count: number) => top + plotHeight - (count / most) * plotHeight;
  const bars = timeline.total.map((count, i) => {
    const barHeight = (count / most) * plotHeight;
    return `<rect class="day-bar" x="${num(left + i * step + step * 0.1)}" y="${num(top + plotHeight - barHeight)}" width="${num(Math.max(0.5, step * 0.8))}" height="${num(barHeight)}" fill="${BAR_COLOUR}"><title>${escapeHtml(timeline.days[i]!)}: ${count}</title></rect>`;
  });
  const lines = timeline.series.map((series, s) => {
    const points = series.perDay.map((count, i) => `${num(left + (i + 0.5) * step)},${num(y(count))}`).join(" ");
    return `<polyline class="series-line" fill="none" stroke="${SERIES_COLOURS[s % SERIES_COLOURS.length]}" stroke-width="2" points="${points}"><title>${escapeHtml(serverLabel(series.server, NAME_CHARS))}</title></polyline>`;
  });
  const legend = timeline.series.map((series, s) => {
    const x = left + (s % 4) * 210;
    const row = top + plotHeight + 34 + Math.floor(s / 4) * 16;
    return `<rect x="${x}" y="${row - 8}" width="10" height="10" fill="${SERIES_COLOURS[s % SERIES_COLOURS.length]}"/><text class="legend" x="${x + 14}" y="${row + 1}">${escapeHtml(serverLabel(series.server, 26))}</text>`;
  });
  const axis = [
    `<line x1="${left}" y1="${top + plotHeight}" x2="${left + plotWidth}" y2="${top + plotHeight}" stroke="#868e96"/>`,
    `<text class="axis" x="${left - 6}" y="${top + 4}" text-anchor="end">${most}</text>`,
    `<text class="axis" x="${left - 6}" y="${top + plotHeight}" text-anchor="end">0</text>`,
    days > 0
      ? `<text class="axis" x="${left}" y="${top + plotHeight + 14}">${escapeHtml(timeline.days[0]!)}</text><text class="axis" x="${left + plotWidth}" y="${top + plotHeight + 14}" text-anchor="end">${escapeHtml(timeline.days[days - 1]!)}</text>`
      : "",
  ];
  return `<svg class="chart timeline" role="img" aria-label="Misses per day" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${axis.join("")}${bars.join("")}${lines.join("")}${legend.join("")}</svg>`;
}

/**
 * Misses per server as horizontal bars (`class="server-bar"`), the server's name beside each
 * (HTML-escaped text, never markup) and its count at the bar's end.
 */
export function serverChart(servers: readonly ServerCount[], otherServers: number): string {
  const rows = [
    ...servers.map((entry) => ({ label: serverLabel(entry.server, NAME_CHARS), count: entry.count })),
    ...(otherServers > 0 ? [{ label: "(other servers)", count: otherServers }] : []),
  ];
  const width = 880;
  const labelWidth = 300;
  const rowHeight = 22;
  const barSpace = width - labelWidth - 70;
  const height = Math.max(1, rows.length) * rowHeight + 8;
  const most = Math.max(1, ...rows.map((row) => row.count));
  const bars = rows.map((row, i) => {
    const y = 4 + i * rowHeight;
    const barWidth = Math.max(1, (row.count / most) * barSpace);
    return `<text class="label" x="${labelWidth - 8}" y="${y + 14}" text-anchor="end">${escapeHtml(row.label)}</text><rect class="server-bar" x="${labelWidth}" y="${y + 2}" width="${num(barWidth)}" height="${rowHeight - 6}" fill="${BAR_COLOUR}"/><text class="count" x="${num(labelWidth + barWidth + 6)}" y="${y + 14}">${row.count}</text>`;
  });
  return `<svg class="chart servers" role="img" aria-label="Misses per server" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${bars.join("")}</svg>`;
}

/** A coordinate, short: two decimals at most. */
function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}
