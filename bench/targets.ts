/**
 * Every target the bench checks, as data: what is measured, in what unit, and the limit it must
 * meet. A target is named by its section and what it measures (`package.import.ms`), so
 * a reader of a report, a README or a test sees what a number is without looking up where the
 * limit came from. Sections emit rows naming these ids; `bench/report/targets.ts` turns a row
 * into a verdict. Changing a limit is an edit here and nowhere else.
 */

/** How a measured value must compare with its limit. */
export type TargetComparison = "<=" | "<" | ">=" | ">";

/** The units a target is stated in; they decide how the Markdown and SVG write its values. */
export type TargetUnit = "×" | "ms" | "MB" | "%" | "scripts" | "points";

export interface TargetSpec {
  /** The id of the section whose rows measure it (`bench/sections/<id>.ts`). */
  section: string;
  /** What is compared, in words, as the report's targets table shows it. */
  what: string;
  comparison: TargetComparison;
  limit: number;
  unit: TargetUnit;
}

export const TARGETS = {
  // The session against the flat typed-array reference BM25, timed alongside, from 10,000 tools.
  "scale.bm25-search-p50.ratio": {
    section: "scale",
    what: "bm25 search p50 ÷ reference p50",
    comparison: "<=",
    limit: 3,
    unit: "×",
  },
  "scale.search-tools-p50.ratio": {
    section: "scale",
    what: "search_tools p50 ÷ reference p50",
    comparison: "<=",
    limit: 4,
    unit: "×",
  },
  "scale.tools-unchanged-p50.ratio": {
    section: "scale",
    what: "tools() with nothing new, p50 ÷ reference p50",
    comparison: "<",
    limit: 2,
    unit: "×",
  },
  "scale.bm25-build.ratio": {
    section: "scale",
    what: "bm25 index build ÷ reference build",
    comparison: "<=",
    limit: 4,
    unit: "×",
  },

  // The stub diet: the tool block after one search and one hydration against every tool in full.
  "block-saving.example-catalogue.pct": {
    section: "block-saving",
    what: "tool-block saving after one search and one hydration",
    comparison: ">=",
    limit: 88,
    unit: "%",
  },
  "block-saving.light-catalogue.pct": {
    section: "block-saving",
    what: "tool-block saving after one search and one hydration",
    comparison: ">=",
    limit: 70,
    unit: "%",
  },

  // The packed package in a fresh project, fresh processes.
  "package.node-modules.mb": {
    section: "package",
    what: "default install node_modules",
    comparison: "<=",
    limit: 40,
    unit: "MB",
  },
  "package.install-scripts.count": {
    section: "package",
    what: "packages with an install script",
    comparison: "<=",
    limit: 0,
    unit: "scripts",
  },
  "package.import.ms": {
    section: "package",
    what: 'import("toolsift"), median',
    comparison: "<=",
    limit: 100,
    unit: "ms",
  },
  "package.hybrid-1000-tiny.ms": {
    section: "package",
    what: "hybrid, 1,000 tools: created + first search, median",
    comparison: "<=",
    limit: 300,
    unit: "ms",
  },
  "package.hybrid-1000-tiny.rss-mb": {
    section: "package",
    what: "hybrid, 1,000 tools: process RSS after it, median",
    comparison: "<=",
    limit: 90,
    unit: "MB",
  },
  "package.hybrid-10000.build.ms": {
    section: "package",
    what: "hybrid, 10,000 tools: index build",
    comparison: "<=",
    limit: 800,
    unit: "ms",
  },
  "package.hybrid-10000.search-p50.ms": {
    section: "package",
    what: "hybrid, 10,000 tools: search p50",
    comparison: "<=",
    limit: 1,
    unit: "ms",
  },

  // Cold start on realistic schemas: the example catalogue's tools, renamed to 1,000, empty cache.
  "cold-start.hybrid-1000.ms": {
    section: "cold-start",
    what: 'createToolSearch({ ranker: "hybrid" }) over 1,000 realistic tools + first search, median',
    comparison: "<=",
    limit: 500,
    unit: "ms",
  },
  "cold-start.hybrid-1000.peak-rss-mb": {
    section: "cold-start",
    what: "hybrid over 1,000 realistic tools: the same processes' peak RSS, median",
    comparison: "<=",
    limit: 100,
    unit: "MB",
  },

  // serve --http after 20,000 refused initializes (406, 415, a batch), after a settle (issue 19).
  "gateway-memory.refused-initializes.rss-growth-mb": {
    section: "gateway-memory",
    what: "toolsift serve --http: RSS growth after 20,000 refused initializes",
    comparison: "<=",
    limit: 20,
    unit: "MB",
  },

  // Learning from use, on CLINC150.
  "learning.recall@5-10pct-taught.pct": {
    section: "learning",
    what: "recall@5 on held-back queries with 10% of the queries taught",
    comparison: ">=",
    limit: 90,
    unit: "%",
  },
  "learning.recall@5-gain-1pct-taught.points": {
    section: "learning",
    what: "recall@5 gain with 1% taught, in points",
    comparison: ">=",
    limit: 1,
    unit: "%",
  },

  // Simulated enrichment (the dataset's own requests as examples): indexing examples must never cost recall.
  "enrichment.recall@5-loss.max.points": {
    section: "enrichment",
    what: "recall@5 lost against no examples at any N, most of toolsift's rankers",
    comparison: "<=",
    limit: 0.5,
    unit: "points",
  },

  // Exact names, multi-part requests and abstention, over toolsift's rankers.
  "relevance.exact-name-hit-rate.min.pct": {
    section: "relevance",
    what: "exact-name hit rate, lowest of toolsift's rankers",
    comparison: ">=",
    limit: 100,
    unit: "%",
  },
  "relevance.multi-part-gain.min.points": {
    section: "relevance",
    what: "multi-tool recall@5 gained by multi-part ranking, least of toolsift's rankers",
    comparison: ">",
    limit: 0,
    unit: "points",
  },
  "relevance.abstention-cost.bm25.points": {
    section: "relevance",
    what: "recall@5 lost by bm25 to abstention",
    comparison: "<=",
    limit: 0.5,
    unit: "points",
  },
  "relevance.plain-cost.max.points": {
    section: "relevance",
    what: "recall@5 lost against the plain ranker, most of toolsift's rankers",
    comparison: "<=",
    limit: 0.5,
    unit: "points",
  },

  // The default rankers through toolSearch.search: no silent misses, not below plain BM25.
  "search-holds.empty-answers.max.pct": {
    section: "search-holds",
    what: "answerable queries answered with nothing (bm25 and hybrid, default options)",
    comparison: "<=",
    limit: 1,
    unit: "%",
  },
  "search-holds.bm25-minus-plain.points": {
    section: "search-holds",
    what: "bm25 recall@5 minus the plain reference BM25's",
    comparison: ">=",
    limit: -0.5,
    unit: "points",
  },
} as const satisfies Record<string, TargetSpec>;

export type TargetId = keyof typeof TARGETS;
