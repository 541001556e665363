import type { MissKind } from "../../public/learning.js";

/**
 * What `toolsift misses` found in a store's miss records: `--json` prints it as it is; the
 * terminal table and the HTML page read it. Built by `buildMissReport`, a pure function: the same
 * records give the same report.
 */
export interface MissReport {
  /** The records read (at most {@link MAX_REPORT_RECORDS}). */
  records: number;
  /**
   * Records left out: those past {@link MAX_REPORT_RECORDS} (the oldest, as the caller listed
   * them first) and any whose `at` is not a date. Renderers say so when it is not 0.
   */
  skipped: number;
  /** The earliest and latest `at` read, ISO 8601; absent when no record was read. */
  span?: { first: string; last: string };
  /** The records read, per kind; every kind is present, 0 when none. */
  kinds: Record<MissKind, number>;
  /** The requests missed most, most records first, at most `options.groups`. */
  groups: MissGroup[];
  /** How many groups there were in all, of which `groups` holds the largest. */
  groupsTotal: number;
  /** The tools used after a `found-late` miss: the search had missed them at first. */
  foundLate: {
    /** Per server the answer came from, most records first; `server` absent for tools no server names. */
    byServer: ServerTools[];
    /** Per learning scope, most records first. */
    byScope: ScopeTools[];
  };
  /** The tools sessions used after a miss of any kind, most records first, at most {@link MAX_LISTED}. */
  answers: AnswerCount[];
  /** Misses per server, most first, at most {@link MAX_LISTED}: the per-server bar chart. */
  servers: ServerCount[];
  /** Misses of servers past the {@link MAX_LISTED} in `servers`. */
  otherServers: number;
  /** Misses per UTC day: the chart over time. */
  timeline: MissTimeline;
}

/**
 * Requests alike enough to be one gap in the catalogue: texts whose term sets (the lexical
 * ranker's analysis: words, stop words dropped, stemmed) have a Jaccard similarity of at least
 * {@link SIMILARITY}, or, for requests recorded without text, one request hash.
 */
export interface MissGroup {
  /** The text of the group's most asked request, which the others were compared with; absent when recorded without text. */
  text?: string;
  /** The HMAC of that representative request (hex): what stands for it when there is no text. */
  hash: string;
  /** The representative request's length in characters. */
  length: number;
  /** Distinct requests (by hash) in the group. */
  requests: number;
  /** Records in the group. */
  count: number;
  /** The group's records per kind; only kinds that occur. */
  kinds: Partial<Record<MissKind, number>>;
  /** The earliest `at` in the group, ISO 8601, as the record wrote it. */
  firstSeen: string;
  /** The latest `at` in the group, ISO 8601, as the record wrote it. */
  lastSeen: string;
  /** The tools sessions used after these misses, most first, at most {@link MAX_GROUP_ANSWERS}. */
  answers: ToolCount[];
}

/** A tool and how many records name it. */
export interface ToolCount {
  /** The tool's name as the record holds it: untrusted text, escaped by every renderer. */
  name: string;
  /** The records that name it. */
  count: number;
}

/** A tool used after a miss, with the server the catalogue says it came from (the first one seen). */
export interface AnswerCount extends ToolCount {
  /** The server of the first record naming the tool with one; absent when none did. */
  server?: string;
}

/** One server's misses; `server` absent stands for misses whose record names no server (no answer, or none named). */
export interface ServerCount {
  /** The server's name as records hold it; absent for the misses that name none. */
  server?: string;
  /** Its misses, of every kind. */
  count: number;
}

/** The tools found late for one server. */
export interface ServerTools {
  /** Absent for tools the catalogue names no server for. */
  server?: string;
  /** `found-late` records of this server. */
  count: number;
  /** Most first, at most {@link MAX_GROUP_ANSWERS}. */
  tools: ToolCount[];
}

/** The tools found late in one learning scope. */
export interface ScopeTools {
  /** The learning scope's name as records hold it. */
  scope: string;
  /** `found-late` records of this scope. */
  count: number;
  /** Most first, at most {@link MAX_GROUP_ANSWERS}. */
  tools: ToolCount[];
}

/**
 * Misses per UTC day, as columns for a chart: `days[i]`, `total[i]` and each series' `perDay[i]`
 * are one day. Every day of the window is present, 0 when it had no miss.
 */
export interface MissTimeline {
  /** `YYYY-MM-DD`, oldest first: from the first record's day to the last's, at most {@link MAX_DAYS}. */
  days: string[];
  /** Misses per day. */
  total: number[];
  /** The servers with most misses in the window, at most {@link MAX_SERIES}, most first. */
  series: ServerSeries[];
  /** Misses before the window's first day (a span longer than {@link MAX_DAYS}): in no day. */
  earlier: number;
}

/** One server's misses per day; `server` absent stands for misses that name no server. */
export interface ServerSeries {
  /** The server's name as records hold it; absent for the misses that name none. */
  server?: string;
  /** Its misses in the window. */
  count: number;
  /** Its misses per day, aligned with `days`. */
  perDay: number[];
}

/** How `buildMissReport` may be tuned. */
export interface MissReportOptions {
  /** The groups to keep, largest first: 20 unless given, at most {@link MAX_GROUPS}. */
  groups?: number;
}

/**
 * The most records a report reads. The work is O(records) plus, for grouping, at most
 * {@link MAX_COMPARED} texts × {@link MAX_SEEDS} seeds.
 */
export const MAX_REPORT_RECORDS = 100_000;
/** The most groups a report keeps. */
export const MAX_GROUPS = 100;
/** The groups a report keeps unless told. */
export const DEFAULT_GROUPS = 20;
/**
 * The least Jaccard similarity of two requests' term sets for one group: half their distinct
 * terms shared. One fixed value, not a knob: "open pull requests" and "list open pull requests"
 * group, "create issue" and "close issue" do not.
 */
export const SIMILARITY = 0.5;
/**
 * The most distinct texts analysed and compared, the most asked first: analysing a text (its
 * words stemmed) is the costly part. The rarer ones past them are groups of their own.
 */
export const MAX_COMPARED = 20_000;
/** The most texts other requests are compared with; a text past them forms a group of its own. */
export const MAX_SEEDS = 500;
/** The most distinct terms of a request compared: a long request is compared on its first ones. */
export const MAX_TERMS = 32;
/** Answers listed per group, and tools per server or scope. */
export const MAX_GROUP_ANSWERS = 10;
/** Answers, servers and scopes listed in the report. */
export const MAX_LISTED = 20;
/** Server series over time. */
export const MAX_SERIES = 8;
/** Days in the timeline: a year and a day. */
export const MAX_DAYS = 366;
