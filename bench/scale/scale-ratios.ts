import type { SessionScaleRun } from "../report/bench-report.js";
import { count } from "../report/format.js";
import { ratio } from "../report/targets.js";
import type { TargetRow } from "../sections/section.js";

/** The ratio targets are stated at 10,000 and 50,000 tools; smaller catalogues are shown without a verdict. */
export const RATIO_TARGETS_FROM = 10_000;

/** One size's ratios, with the size they were measured at. */
export interface ScaleRatios {
  size: number;
  rows: TargetRow[];
}

/**
 * The ratios at every size that has a session run, all from that run's paired measurement: the
 * `Bm25Ranker`'s search p50, `search_tools` p50 and `tools()` with nothing new p50 against the
 * reference's search p50, and the median builds. A ratio whose run failed is not measured.
 */
export function scaleRatios(sessions: readonly SessionScaleRun[]): ScaleRatios[] {
  return [...sessions]
    .sort((a, b) => a.size - b.size)
    .map((session) => {
      const ok = session.error ? undefined : session;
      const reference = ok?.reference;
      const scope = `${count(session.size)} tools`;
      return {
        size: session.size,
        rows: [
          {
            target: "scale.bm25-search-p50.ratio",
            scope,
            measured: ratio(ok?.bm25.searchMs.p50, reference?.searchMs.p50),
          },
          {
            target: "scale.search-tools-p50.ratio",
            scope,
            measured: ratio(ok?.searchToolsMs.p50, reference?.searchMs.p50),
          },
          {
            target: "scale.tools-unchanged-p50.ratio",
            scope,
            measured: ratio(ok?.toolsMs.unchanged.p50, reference?.searchMs.p50),
          },
          { target: "scale.bm25-build.ratio", scope, measured: ratio(ok?.bm25.buildMs, reference?.buildMs) },
        ],
      };
    });
}
