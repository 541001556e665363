import type { MissRecord } from "../../public/learning.js";
import { MAX_DAYS, MAX_SERIES, type MissTimeline } from "./miss-report.js";
import { Tally } from "./tally.js";

/** A record and its `at` in milliseconds, parsed once. */
export interface DatedRecord {
  record: MissRecord;
  time: number;
}

const DAY = 86_400_000;

/**
 * Misses per UTC day from the first record's day to the last's, every day present. The window
 * ends on the last record's day and spans at most {@link MAX_DAYS}, so a record dated decades
 * early cannot make the chart a million days wide: what falls before it is only counted.
 */
export function buildTimeline(dated: readonly DatedRecord[]): MissTimeline {
  if (dated.length === 0) return { days: [], total: [], series: [], earlier: 0 };
  let firstDay = Number.POSITIVE_INFINITY;
  let lastDay = Number.NEGATIVE_INFINITY;
  for (const { time } of dated) {
    const day = Math.floor(time / DAY);
    if (day < firstDay) firstDay = day;
    if (day > lastDay) lastDay = day;
  }
  firstDay = Math.max(firstDay, lastDay - MAX_DAYS + 1);
  const width = lastDay - firstDay + 1;
  const total = new Array<number>(width).fill(0);
  const servers = new Tally<string | undefined>();
  let earlier = 0;
  for (const { record, time } of dated) {
    const index = Math.floor(time / DAY) - firstDay;
    if (index < 0) {
      earlier++;
      continue;
    }
    total[index]!++;
    servers.add(record.server);
  }
  const series = servers.top(MAX_SERIES).map(({ key, count }) => ({
    ...(key === undefined ? {} : { server: key }),
    count,
    perDay: new Array<number>(width).fill(0),
  }));
  const seriesOf = new Map(series.map((entry) => [entry.server, entry.perDay]));
  for (const { record, time } of dated) {
    const index = Math.floor(time / DAY) - firstDay;
    const perDay = seriesOf.get(record.server);
    if (index >= 0 && perDay) perDay[index]!++;
  }
  const days = Array.from({ length: width }, (_, i) => dayName(firstDay + i));
  return { days, total, series, earlier };
}

/** `YYYY-MM-DD` (a year past 9999 is written as toISOString writes it, `+010000-01-01`). */
function dayName(day: number): string {
  return new Date(day * DAY).toISOString().split("T")[0]!;
}
