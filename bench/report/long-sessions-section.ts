/**
 * The "strategies over long sessions" section: per arm, what the tools cost in context and
 * what the prompt cache wrote and read over long scripted sessions (bench/strategy/measure-long-sessions.ts).
 */
import { count } from "./format.js";
import { errorCells, table } from "./markdown-table.js";

/** One request of an arm, averaged over its sessions. */
export interface LongSessionRequestMean {
  /** 1-based. */
  request: number;
  toolTokens: number;
  wireToolTokens: number;
  cacheWrite: number;
  cacheRead: number;
  /** input + cache write + cache read. */
  inputTokens: number;
  /** cacheRead / inputTokens. */
  readShare: number;
}

/** One arm (a strategy, or a variant of one) over the long sessions; totals are per session, averaged. */
export interface LongSessionRun {
  arm: string;
  sessions: number;
  requests: number;
  /** Tool definitions in context, summed over the session's requests. */
  toolTokens: number;
  cacheWrite: number;
  cacheRead: number;
  inputTokens: number;
  /** Share of all input tokens read from the cache. */
  readShare: number;
  /** Input priced in base input tokens: uncached ×1, 5-minute writes ×1.25, reads ×0.1. */
  billedInput: number;
  /** Requests that wrote to the cache. */
  requestsWriting: number;
  perRequest: LongSessionRequestMean[];
  error?: string;
}

/** What the section measured; absent in runs made before it. */
export interface LongSessionsSection {
  policy: string;
  catalogue: string;
  tools: number;
  model: string;
  maxHydratedTools: number;
  uses: number;
  /** Per session: how many distinct tools it searched for, how many uses went back to one, and its requests. */
  plans: { newTools: number; reuses: number; requests: number }[];
  runs: LongSessionRun[];
}

const SAMPLED = [1, 2, 3, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50];

export function longSessionsMarkdown(report: { longSessions?: LongSessionsSection }): string[] {
  const section = report.longSessions;
  if (!section || section.runs.length === 0) return [];
  const plans = [
    ...new Set(
      section.plans.map(
        (plan) => `${plan.newTools} tools searched for, ${plan.reuses} re-uses, ${plan.requests} requests`,
      ),
    ),
  ].join("; ");
  const summary = table(
    [
      "arm",
      "sessions",
      "requests",
      "tool tokens in context",
      "cache write",
      "cache read",
      "all input",
      "read share",
      "requests writing",
      "billed input (×base)",
    ],
    section.runs.map((run) =>
      run.error
        ? errorCells([run.arm], run.error, 10)
        : [
            run.arm,
            String(run.sessions),
            count(Math.round(run.requests)),
            count(Math.round(run.toolTokens)),
            count(Math.round(run.cacheWrite)),
            count(Math.round(run.cacheRead)),
            count(Math.round(run.inputTokens)),
            `${(run.readShare * 100).toFixed(1)}%`,
            run.requestsWriting.toFixed(1),
            count(Math.round(run.billedInput)),
          ],
    ),
    1,
  );
  const ok = section.runs.filter((run) => !run.error);
  const last = Math.max(0, ...ok.map((run) => run.perRequest.length));
  const rows = [...new Set([...SAMPLED.filter((request) => request < last), last])].filter((request) => request > 0);
  const perRequest = table(
    ["request", ...ok.map((run) => `${run.arm}: tools / write / read`)],
    rows.map((request) => [
      String(request),
      ...ok.map((run) => {
        const at = run.perRequest[request - 1];
        return at
          ? `${count(Math.round(at.toolTokens))} / ${count(Math.round(at.cacheWrite))} / ${(at.readShare * 100).toFixed(0)}%`
          : "–";
      }),
    ]),
    1,
  );
  return [
    "## Strategies over long sessions: tool tokens and the prompt cache",
    `${section.policy} Catalogue: ${section.catalogue} (${section.tools} tools), model \`${section.model}\`, ` +
      `maxHydratedTools ${section.maxHydratedTools}, ${section.uses} tool uses per session (${plans}).`,
    "Per session, averaged over sessions. tool tokens in context: the definitions the model sees, summed over requests. " +
      "billed input: uncached input ×1, cache writes ×1.25, cache reads ×0.1, in base input tokens.",
    summary,
    "Per request, averaged over sessions: tool tokens in context / cache-write tokens / share of the request's input read from the cache.",
    perRequest,
  ];
}
