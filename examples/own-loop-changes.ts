/**
 * A loop of one's own over the Messages API with mid-conversation tool changes: the `tools`
 * array is the same bytes on every request, and the tools the model uses come and go as
 * `tool_addition` and `tool_removal` blocks, at most `maxHydratedTools` at a time.
 *
 *   npx tsx examples/own-loop-changes.ts                          # offline, a scripted model
 *   ANTHROPIC_API_KEY=... npx tsx examples/own-loop-changes.ts    # the real API
 *
 * Offline it runs against toolsift's local Messages API stand-in (`toolsift/testing`) with a
 * model that searches for and calls four tools in turn under a cap of four (a search loads its
 * best two matches), then prints what each turn added and removed. `--model` picks the real model (default $ANTHROPIC_MODEL or claude-opus-5-5).
 */
import Anthropic from "@anthropic-ai/sdk";
import { parseArgs } from "node:util";
import { createToolSearch } from "../src/index.js";
import { reply, startMessagesApiServer, type ScriptedTurn } from "../src/testing/index.js";
import { exampleCatalogue } from "./catalogue/index.js";

const { values } = parseArgs({
  options: {
    model: { type: "string", default: process.env.ANTHROPIC_MODEL ?? "claude-opus-5-5" },
    prompt: {
      type: "string",
      default:
        "Open a GitHub issue about the failed deploy, tell #ops on Slack, count the orders in Postgres, " +
        "and read the deploy log from the filesystem.",
    },
  },
});

// Offline: each pair of turns searches for one tool and calls it, then the model is done.
const WANTED = [
  ["create a github issue", "github__create_issue", { owner: "acme", repo: "shop", title: "Deploy failed" }],
  ["post a slack message", "slack__post_message", { channel: "#ops", text: "The deploy failed." }],
  ["run a sql query", "postgres__execute_query", { sql: "select count(*) from orders" }],
  ["read a file", "filesystem__read_file", { path: "/var/log/deploy.log" }],
] as const;
const script: ScriptedTurn[] = [
  ...WANTED.flatMap(([query, name, input]): ScriptedTurn[] => [
    () => reply.toolUse({ name: "search_tools", input: { query } }),
    () => reply.toolUse({ name, input }),
  ]),
  () => reply.text("Done: issue opened, #ops told, orders counted, log read."),
];

const offline = !process.env.ANTHROPIC_API_KEY;
const server = offline ? await startMessagesApiServer(script) : undefined;
const client = server ? new Anthropic({ apiKey: "offline", baseURL: server.url, maxRetries: 0 }) : new Anthropic();

try {
  const toolSearch = await createToolSearch({ tools: exampleCatalogue, tuning: { maxHydratedTools: 4 } });
  const session = toolSearch.session("own-loop");
  // One array for the whole conversation: search_tools, then every other tool deferred.
  const tools = await session.tools({ presentation: "changes" });
  const messages: Anthropic.Beta.BetaMessageParam[] = [{ role: "user", content: values.prompt }];

  for (let turn = 1; turn <= 12; turn++) {
    // What to add and remove so the model is offered the session's working set; nothing when it already is.
    const { message, added, removed, betas } = await session.toolChanges(messages);
    if (message) messages.push(message);
    if (message) console.log(`turn ${turn}: +[${added.join(", ")}] -[${removed.join(", ")}]`);
    const response = await client.beta.messages.create({
      model: values.model,
      max_tokens: 2048,
      tools,
      messages,
      betas,
    });
    messages.push({ role: "assistant", content: response.content });
    const calls = response.content.filter((block) => block.type === "tool_use");
    if (calls.length === 0) {
      console.log(response.content.map((block) => (block.type === "text" ? block.text : "")).join(""));
      break;
    }
    // A search loads its best matches into the working set; the next turn's changes add them.
    const results = await Promise.all(calls.map((call) => session.execute(call, { presentation: "changes" })));
    messages.push({ role: "user", content: results });
  }

  if (server) {
    const arrays = new Set(server.requests.map((request) => JSON.stringify(request.body.tools)));
    console.log(
      `${server.requests.length} requests, ${arrays.size} distinct tools array; hydrated now: ${session.hydrated().join(", ")}`,
    );
  }
} finally {
  await server?.close();
}
