import { STRATEGIES } from "../../src/public/agent.js";
import type { PrefetchSection } from "../report/bench-report.js";
import { prefetchSection as prefetchMarkdown } from "../report/prefetch-section.js";
import { measurePrefetch } from "../strategy/measure-prefetch.js";
import { strategyCatalogueOf, usableCatalogue } from "../strategy/strategy-catalogues.js";
import { anyError, defineSection } from "./section.js";

/** Queries per dataset when `--max-queries` is not given: the intent sets hold over 10,000 each. */
const DEFAULT_MAX_QUERIES = 500;

const POLICY =
  "Two oracle sessions per single-tool query and strategy, through the real tool search session and strategy code, no model, default ranker and tuning: " +
  "prefetch off, and on (`session.prefetch(query)` before the first request). On request 1 the oracle, which knows the expected tool, calls it " +
  "if its full definition is in the block (a prefetch hydrated it, or the catalogue is under the threshold); otherwise it searches, calls the top " +
  "match and answers, as in the strategies section.";

/** Oracle sessions with prefetch off and on, on every dataset of the run. */
export const prefetchSection = defineSection<{ prefetch: PrefetchSection }>({
  id: "prefetch",
  title: "Prefetch",
  // The same oracle sessions as the strategies section, so the same switch turns both off.
  enabled: (options) => !options.noStrategies,
  skipped: () => ({ prefetch: { policy: POLICY, catalogues: [], runs: [] } }),
  async measure(ctx) {
    const prefetch: PrefetchSection = { policy: POLICY, catalogues: [], runs: [] };
    const maxQueries = ctx.options.maxQueries ?? DEFAULT_MAX_QUERIES;
    // stubs is runAgent's default and the strategy whose block carries hydrated tools; native's
    // block ignores hydration (as stable's does), so it shows what prefetch costs and gives there
    // as the strategies stand. Limit 1 (the default: the top strong match alone) against 3, the
    // limit the issue first proposed, which this section showed to cost tokens on most sets.
    const variants = [
      { strategy: STRATEGIES.stubs, limit: 3 },
      { strategy: STRATEGIES.stubs, limit: 1 },
      { strategy: STRATEGIES.native, limit: 3 },
    ];
    for (const dataset of await ctx.datasets()) {
      const { catalogue, dropped } = usableCatalogue(strategyCatalogueOf(dataset, maxQueries));
      if (dropped.length > 0)
        ctx.note(
          `prefetch: ${dataset.id} — ${dropped.length} tool(s) left out, toolsift refuses their input schema (e.g. ${dropped[0]}), with the queries that expect them.`,
        );
      prefetch.catalogues.push({
        id: catalogue.id,
        tools: catalogue.tools.length,
        queries: `${catalogue.queries.length} answerable single-tool queries (at most ${maxQueries}, spread evenly)`,
      });
      ctx.log(`prefetch: ${catalogue.id} — ${catalogue.queries.length} tasks × ${variants.length} variants × 2 arms`);
      const onRun = (run: PrefetchSection["runs"][number]) =>
        run.error && ctx.log(`  ${run.strategy} failed: ${run.error}`);
      prefetch.runs.push(...(await measurePrefetch(catalogue, variants, { onRun })));
    }
    return { prefetch };
  },
  failed: (measured) => anyError(measured.prefetch.runs),
  rows: () => [],
  markdown: (measured) => prefetchMarkdown(measured).join("\n\n"),
});
