import { STRATEGIES } from "../../src/public/agent.js";
import type { StrategySection } from "../report/bench-report.js";
import { strategySection as strategyMarkdown } from "../report/markdown.js";
import { strategyPanels } from "../report/svg-chart.js";
import {
  exampleStrategyCatalogue,
  measureOpenAINative,
  measureStrategies,
  strategyCatalogueOf,
  type StrategyCatalogue,
} from "../strategy/index.js";
import { anyError, defineSection } from "./section.js";

const POLICY =
  "One oracle session per single-tool query and strategy, through the real tool search session and strategy code, no model, default ranker and tuning: " +
  "request 1 → the oracle calls `search_tools` with the query; request 2 → it calls the top match with placeholder input from the tool's required fields " +
  "(validation errors count as calls); request 3 → it answers. With no match it answers on request 2. " +
  "`openai-native` is OpenAI's Responses tool search (`presentation: \"native\"`, client-executed): request 1 is a `tool_search_call` answered by the session's " +
  "`tool_search_output`; its context counts each namespace by its name and description only (what the model sees before a search loads it) plus the loaded definitions.";

/**
 * The strategies an oracle session can measure: one whose tools reach the model by appended
 * tool changes needs a played conversation, which the long-sessions section runs.
 */
const ORACLE_STRATEGIES = Object.values(STRATEGIES).filter((strategy) => !strategy.toolChanges);

/** Oracle agent sessions under each strategy (stubs / native / stable) on toolsift's own dataset and the example catalogue. */
export const strategiesSection = defineSection<{ strategy: StrategySection }>({
  id: "strategies",
  title: "Agent strategies",
  enabled: (options) => !options.noStrategies,
  skipped: () => ({ strategy: { policy: POLICY, catalogues: [], runs: [] } }),
  async measure(ctx) {
    const strategy: StrategySection = { policy: POLICY, catalogues: [], runs: [] };
    const catalogues: StrategyCatalogue[] = [];
    const own = (await ctx.datasets()).find((dataset) => dataset.path === ctx.paths.ownDataset);
    const { maxQueries } = ctx.options;
    if (own) {
      const catalogue = strategyCatalogueOf(own, maxQueries);
      catalogues.push(catalogue);
      strategy.catalogues.push({
        id: catalogue.id,
        tools: catalogue.tools.length,
        queries: `${catalogue.queries.length} answerable single-tool queries${maxQueries === undefined ? "" : ` (at most ${maxQueries}, spread evenly)`}`,
      });
    }
    const example = exampleStrategyCatalogue();
    catalogues.push(example);
    strategy.catalogues.push({
      id: example.id,
      tools: example.tools.length,
      queries: `${example.queries.length} queries written for it (bench/strategy/example-queries.ts)`,
    });
    for (const catalogue of catalogues) {
      ctx.log(
        `strategies: ${catalogue.id} — ${catalogue.queries.length} oracle sessions × ${ORACLE_STRATEGIES.length + 1} strategies`,
      );
      const onStrategy = (run: StrategySection["runs"][number]) =>
        run.error && ctx.log(`  ${run.strategy} failed: ${run.error}`);
      strategy.runs.push(...(await measureStrategies(catalogue, ORACLE_STRATEGIES, { onStrategy })));
      strategy.runs.push(await measureOpenAINative(catalogue, { onStrategy }));
    }
    return { strategy };
  },
  failed: (measured) => anyError(measured.strategy.runs),
  rows: () => [],
  markdown: (measured) => ["## Agent strategies", ...strategyMarkdown(measured)].join("\n\n"),
  svg: (measured) => strategyPanels(measured),
});
