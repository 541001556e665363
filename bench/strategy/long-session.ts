import Anthropic from "@anthropic-ai/sdk";
import { runAgent, type RunAgentOptions } from "../../src/agent/index.js";
import { estimateTokens, type AnthropicTool, type ToolSearch } from "../../src/index.js";
import { reply, startMessagesApiServer, type ScriptedTurn, type UsageEntry } from "../../src/testing/index.js";
import { oracleInputFor } from "./oracle-input.js";

/** One step of a scripted model: search for a tool, call one by name, or answer. */
export type ScriptedStep = { type: "search"; query: string } | { type: "call"; name: string } | { type: "answer" };

/** One tool use of a long session: a tool the script calls, found by `query` when it is new to the session. */
export interface PlannedUse {
  tool: string;
  query: string;
}

/**
 * The steps of a session of tool uses: a new tool is searched for, then called; a tool used
 * before is called by name at once (the model remembers it, whether or not the session still
 * has it hydrated). One answer ends the session.
 */
export function stepsOf(uses: readonly PlannedUse[]): ScriptedStep[] {
  const seen = new Set<string>();
  const steps: ScriptedStep[] = [];
  for (const use of uses) {
    if (!seen.has(use.tool)) steps.push({ type: "search", query: use.query });
    seen.add(use.tool);
    steps.push({ type: "call", name: use.tool });
  }
  steps.push({ type: "answer" });
  return steps;
}

/**
 * A plan of `uses` tool uses over `fresh` (tools with a query that finds each at the top, in
 * order): new tools at first, then, from use `warmUp` on, every `reuseEvery`-th use goes back
 * to the tool used least recently, which a working set capped below `warmUp` tools has evicted.
 */
export function planUses(
  fresh: readonly PlannedUse[],
  options: { uses: number; warmUp: number; reuseEvery: number },
): PlannedUse[] {
  const plan: PlannedUse[] = [];
  const lastUse = new Map<string, number>();
  let next = 0;
  for (let index = 0; index < options.uses; index++) {
    const reuse = index >= options.warmUp && (index - options.warmUp) % options.reuseEvery === 0;
    let use: PlannedUse | undefined;
    if (reuse && lastUse.size > 0) {
      const oldest = [...lastUse.entries()].sort((a, b) => a[1] - b[1])[0]![0];
      use = plan.find((planned) => planned.tool === oldest);
    } else {
      use = fresh[next++];
    }
    if (!use) throw new Error(`planUses: ${fresh.length} fresh tools are too few for ${options.uses} uses.`);
    plan.push(use);
    lastUse.set(use.tool, index);
  }
  return plan;
}

/** What one request of a long session cost, from the local server's usage log. */
export interface LongSessionRequest {
  /** Tool definitions in the model's context (the loaded part of `tools` and what additions and references bring in). */
  toolTokens: number;
  /** `tools` as sent, deferred definitions included: what the client uploads. */
  wireToolTokens: number;
  input: number;
  cacheWrite: number;
  cacheRead: number;
}

export interface LongSessionOptions {
  toolSearch: ToolSearch;
  /** Input schemas by tool name, for the script's placeholder inputs. */
  schemas: ReadonlyMap<string, unknown>;
  strategy: RunAgentOptions["strategy"];
  model: string;
  steps: readonly ScriptedStep[];
  system: string;
  /** More runAgent options (a strategy's own, say). */
  extra?: Partial<RunAgentOptions>;
}

/**
 * Plays one long session through `runAgent` and the real Anthropic SDK against the local
 * Messages API server, the scripted model taking `steps` in order, and answers the usage the
 * server reported for each request. Throws when the server refused a request or the run ended
 * before the script did.
 */
export async function runLongSession(options: LongSessionOptions): Promise<LongSessionRequest[]> {
  const schemaOf = (name: string) => options.schemas.get(name) ?? {};
  const turns: ScriptedTurn[] = options.steps.map((step) => () => {
    if (step.type === "search") return reply.toolUse({ name: "search_tools", input: { query: step.query } });
    if (step.type === "call") return reply.toolUse({ name: step.name, input: oracleInputFor(schemaOf(step.name)) });
    return reply.text("All done.");
  });
  const server = await startMessagesApiServer(turns);
  try {
    const client = new Anthropic({ apiKey: "bench", baseURL: server.url, maxRetries: 0 });
    const result = await runAgent({
      client,
      model: options.model,
      system: options.system,
      prompt: "Work through today's operations checklist, one tool at a time.",
      toolSearch: options.toolSearch,
      strategy: options.strategy,
      maxTurns: options.steps.length,
      ...options.extra,
    } as RunAgentOptions);
    if (server.usage.length !== options.steps.length)
      throw new Error(
        `the run made ${server.usage.length} answered requests of ${options.steps.length} scripted (stop reason ${result.stopReason}).`,
      );
    return server.usage.map((entry: UsageEntry) => ({
      toolTokens: entry.toolTokens,
      wireToolTokens: (server.requests[entry.request]!.body.tools ?? []).reduce(
        (sum, tool) => sum + estimateTokens(tool as unknown as AnthropicTool),
        0,
      ),
      input: entry.input_tokens,
      cacheWrite: entry.cache_creation_input_tokens,
      cacheRead: entry.cache_read_input_tokens,
    }));
  } finally {
    await server.close();
  }
}
