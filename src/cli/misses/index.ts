/**
 * The miss report: what `toolsift misses` prints (a terminal table, an HTML page, or `--json`,
 * the report itself), from the records a miss store lists. Pure functions, no I/O: the command
 * reads the store and writes the output.
 */
export { buildMissReport } from "./build-miss-report.js";
export {
  DEFAULT_GROUPS,
  MAX_DAYS,
  MAX_GROUP_ANSWERS,
  MAX_GROUPS,
  MAX_LISTED,
  MAX_REPORT_RECORDS,
  MAX_SERIES,
  SIMILARITY,
  type AnswerCount,
  type MissGroup,
  type MissReport,
  type MissReportOptions,
  type MissTimeline,
  type ScopeTools,
  type ServerCount,
  type ServerSeries,
  type ServerTools,
  type ToolCount,
} from "./miss-report.js";
export { MISS_PAGE_POLICY, renderMissHtml } from "./render-miss-html.js";
export { renderMissTable } from "./render-miss-table.js";
