/**
 * The offline demo: no API key, no network. It loads the example catalogue, shows what the
 * tool block costs with and without toolsift, runs a few searches, and plays the two turns
 * of an agent that finds a tool and calls it.
 *
 *   npm run demo                     (bm25)
 *   npm run demo -- --ranker hybrid  (any built-in ranker)
 */
import { parseArgs } from "node:util";
import {
  RANKER_NAMES,
  createToolSearch,
  estimateTokens,
  type AnthropicTool,
  type RankerName,
  type ToolSearchEvent,
} from "../src/index.js";
import { exampleCatalogue } from "./catalogue/index.js";

/** The estimated tokens of a tool block: the sum of its tools' estimates. */
const estimateBlockTokens = (block: readonly AnthropicTool[]) =>
  block.reduce((sum, tool) => sum + estimateTokens(tool), 0);

const USAGE = `Usage: npm run demo [-- --ranker <${RANKER_NAMES.join("|")}>]   (default bm25; offline, no API key)`;

/** The flags, or a usage line and exit 2 for one the demo does not know (a stack trace helps nobody here). */
function demoFlags(): { ranker: string; help?: boolean } {
  try {
    return parseArgs({ options: { ranker: { type: "string", default: "bm25" }, help: { type: "boolean" } } }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const values = demoFlags();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!RANKER_NAMES.includes(values.ranker as RankerName)) {
  console.error(`Unknown ranker "${values.ranker}". Choose one of: ${RANKER_NAMES.join(", ")}.`);
  process.exit(2);
}

const events: ToolSearchEvent[] = [];
const toolSearch = await createToolSearch({
  tools: exampleCatalogue,
  ranker: values.ranker as RankerName,
  tuning: { keepTools: [] },
  onEvent: (event) => events.push(event),
});
const session = toolSearch.session("demo");
const servers = new Set(exampleCatalogue.map((tool) => tool.server));
const view = await session.view();
const before = await session.tools();

// The ranker as you chose it (the name the docs use); the instance's own name is internal.
console.log(
  `toolsift demo — ${exampleCatalogue.length} tools from ${servers.size} servers, ranker "${values.ranker}"\n`,
);
console.log(`Every tool in full:      ~${view.fullTokens.toLocaleString("en")} tokens on every turn`);
console.log(
  `toolsift's first block:  ~${estimateBlockTokens(before).toLocaleString("en")} tokens (search_tools + ${before.length - 1} stubs)\n`,
);

for (const query of [
  "open a ticket about the checkout crash",
  "post a message in the incidents channel",
  "what meetings do I have tomorrow",
  "run a SQL query on the orders table",
  "book a table at an Italian restaurant",
]) {
  const matches = await toolSearch.search(query, { limit: 3 });
  const shown = matches.length
    ? matches.map((match) => `${match.name} (${match.score.toFixed(2)})`).join(", ")
    : "(no match: the model is told to rephrase)";
  // A weak best match is listed all the same, and the model is told it is weak.
  const weak =
    matches[0]?.confidence === "weak" ? "\n    (weak matches: the model is told the catalogue may lack this)" : "";
  console.log(`search "${query}"\n  → ${shown}${weak}`);
}

console.log("\nAn agent's turns, played without a model:");
const search = await session.execute({
  id: "toolu_1",
  name: "search_tools",
  input: { query: "create a jira issue for a bug" },
});
const found = JSON.parse(search.content as string).matches[0].name as string;
console.log(`  1. search_tools("create a jira issue for a bug") → ${found}`);
const call = await session.execute({
  id: "toolu_2",
  name: found,
  input: { project: "SHOP", summary: "Checkout button crashes on Safari", issue_type: "Bug" },
});
console.log(`  2. ${found}(…) → ${call.is_error ? "error: " : ""}${String(call.content).slice(0, 160)}`);

const after = await session.tools();
const afterTokens = estimateBlockTokens(after);
console.log(`\nHydrated: ${session.hydrated().join(", ")}`);
console.log(
  `Block after one search and one hydration: ~${afterTokens.toLocaleString("en")} tokens, ` +
    `${(100 * (1 - afterTokens / view.fullTokens)).toFixed(1)}% smaller than every tool in full.`,
);
const calls = events.filter((event) => event.type === "tool-call");
console.log(
  `Events: ${events.length} (${events.filter((e) => e.type === "search").length} searches, ${calls.length} tool call${calls.length === 1 ? "" : "s"})`,
);
await toolSearch.close();
