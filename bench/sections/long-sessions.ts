import { longSessionsMarkdown, type LongSessionsSection } from "../report/long-sessions-section.js";
import { measureLongSessions, type LongSessionArm } from "../strategy/measure-long-sessions.js";
import { strategyCatalogueOf } from "../strategy/strategy-catalogues.js";
import { defineSection } from "./section.js";

const POLICY =
  "A scripted model (no LLM) drives `runAgent` through the real Anthropic SDK against toolsift/testing's Messages API server, " +
  "whose prompt cache model (prefix by tools, system, messages; breakpoints, 20-block lookback, TTL, minimum length) reports usage per request. " +
  "Each session makes 30 tool uses: a new tool is searched for and then called; from the tenth use on, every third use calls " +
  "the tool used least recently by name, which a cap of 8 hydrated tools has evicted. Queries are the dataset's single-tool queries " +
  "whose tool the search ranks first. Tool tokens count definitions only: `stable`'s schemas reach the model inside search results, " +
  "which count as input but not as tool tokens.";

/** The arms this branch runs: the strategies `runAgent` has. */
export const LONG_SESSION_ARMS: readonly LongSessionArm[] = [
  { label: "stubs", strategy: "stubs" },
  { label: "native", strategy: "native" },
  { label: "stable", strategy: "stable" },
  { label: "changes", strategy: "changes" },
  { label: "changes inline", strategy: "changes", extra: { toolChanges: "inline" } },
  { label: "native capped", strategy: "native", extra: { toolChanges: "reference" } },
];

/** Long scripted sessions per strategy on toolsift's own tool set: tool tokens, cache writes and reads per request. */
export const longSessionsSection = defineSection<{ longSessions?: LongSessionsSection }>({
  id: "long-sessions",
  title: "Strategies over long sessions",
  enabled: (options) => !options.noStrategies,
  skipped: () => ({}),
  async measure(ctx) {
    const own = (await ctx.datasets()).find((dataset) => dataset.path === ctx.paths.ownDataset);
    if (!own) {
      ctx.note("long sessions: toolsift's own dataset is absent; the section did not run.");
      return {};
    }
    const catalogue = strategyCatalogueOf(own);
    const sessions = ctx.options.quick ? 1 : 3;
    ctx.log(`long sessions: ${catalogue.id} — ${LONG_SESSION_ARMS.length} arms × ${sessions} sessions of 30 tool uses`);
    const longSessions = await measureLongSessions(catalogue, {
      arms: LONG_SESSION_ARMS,
      sessions,
      onArm: (run) =>
        ctx.log(`  ${run.arm}: ${run.error ? `failed: ${run.error}` : `${Math.round(run.billedInput)} billed input`}`),
    });
    longSessions.policy = POLICY;
    return { longSessions };
  },
  failed: (measured) => Boolean(measured.longSessions?.runs.some((run) => run.error)),
  rows: () => [],
  markdown: (measured) => longSessionsMarkdown(measured).join("\n\n"),
});
