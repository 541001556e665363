/**
 * An agent on the real Messages API over the example catalogue, with one of the tool
 * strategies. It needs ANTHROPIC_API_KEY; without it, it says so and exits.
 *
 *   ANTHROPIC_API_KEY=... npx tsx examples/agent.ts
 *   ANTHROPIC_API_KEY=... npx tsx examples/agent.ts --strategy native --prompt "How many orders failed today?"
 *
 * Options: --strategy stubs|native|stable|changes (default stubs; changes needs a model with
 * mid-conversation tool changes, e.g. --model claude-opus-5-5), --model (default $ANTHROPIC_MODEL
 * or claude-sonnet-4-6), --prompt, --max-turns (default 8). Destructive tools ask on the
 * terminal before they run, and are refused when there is no terminal.
 */
import Anthropic from "@anthropic-ai/sdk";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { AgentError, runAgent, STRATEGIES, type StrategyName } from "../src/public/agent.js";
import { createToolSearch } from "../src/index.js";
import { exampleCatalogue } from "./catalogue/index.js";

if (!process.env.ANTHROPIC_API_KEY) {
  console.log(
    "examples/agent.ts talks to the real Anthropic Messages API, so it needs an API key.\n" +
      "Set ANTHROPIC_API_KEY and run it again, e.g.\n\n" +
      "  ANTHROPIC_API_KEY=sk-ant-... npx tsx examples/agent.ts --strategy stable\n\n" +
      "For an offline tour without a key, run: npm run demo",
  );
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    strategy: { type: "string", default: "stubs" },
    model: { type: "string", default: process.env.ANTHROPIC_MODEL ?? "claude-sonnet-4-6" },
    prompt: {
      type: "string",
      default:
        "The checkout page crashes when the cart is empty. Open a GitHub issue about it and tell the #incidents Slack channel.",
    },
    "max-turns": { type: "string", default: "8" },
  },
});
if (!Object.hasOwn(STRATEGIES, values.strategy)) {
  console.error(`Unknown strategy "${values.strategy}". Choose one of: ${Object.keys(STRATEGIES).join(", ")}.`);
  process.exit(2);
}

const toolSearch = await createToolSearch({
  tools: exampleCatalogue,
  approve: async (tool, input) => {
    if (!process.stdin.isTTY) return false;
    const terminal = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await terminal.question(`\nAllow ${tool.name}(${JSON.stringify(input)})? [y/N] `);
    terminal.close();
    return answer.trim().toLowerCase() === "y";
  },
  onEvent: (event) => {
    if (event.type === "search")
      console.log(
        `  search "${event.query}" -> ${event.results.map((result) => result.name).join(", ") || "(nothing)"}`,
      );
    if (event.type === "tool-call")
      console.log(`  call ${event.name}: ${event.outcome}${event.error ? ` (${event.error})` : ""}`);
  },
});

console.log(
  `${exampleCatalogue.length} tools, strategy "${values.strategy}", model ${values.model}\n> ${values.prompt}\n`,
);
try {
  const result = await runAgent({
    client: new Anthropic(),
    model: values.model,
    system: "You are an operations assistant. Find the tools you need with search_tools, then use them. Be brief.",
    prompt: values.prompt,
    toolSearch,
    strategy: values.strategy as StrategyName,
    maxTurns: Number(values["max-turns"]),
    onEvent: (event) => {
      if (event.type !== "turn") return;
      console.log(
        `turn ${event.turn}: ${event.toolsSent} tools sent, ${event.toolCalls} tool calls, ` +
          `input ${event.usage.input_tokens} + cache write ${event.usage.cache_creation_input_tokens} + cache read ${event.usage.cache_read_input_tokens}, ` +
          `output ${event.usage.output_tokens}`,
      );
    },
  });
  const text = result.message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
  console.log(`\n${text}\n\n(${result.turns.length} turns, stopped: ${result.stopReason})`);
} catch (error) {
  if (!(error instanceof AgentError)) throw error;
  console.error(`\n${error.message}\n(${error.messages.length} messages kept, status ${error.status ?? "none"})`);
  process.exitCode = 1;
} finally {
  await toolSearch.close();
}
