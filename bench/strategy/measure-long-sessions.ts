import type { RunAgentOptions } from "../../src/agent/index.js";
import { createToolSearch, type ToolSearch } from "../../src/index.js";
import type { LongSessionRun, LongSessionsSection } from "../report/long-sessions-section.js";
import { planUses, runLongSession, stepsOf, type LongSessionRequest, type PlannedUse } from "./long-session.js";
import type { StrategyCatalogue } from "./measure-strategies.js";

/** One arm of the comparison: a strategy by name, with any options of its own. */
export interface LongSessionArm {
  label: string;
  strategy: RunAgentOptions["strategy"];
  extra?: Partial<RunAgentOptions>;
}

export interface LongSessionsOptions {
  arms: readonly LongSessionArm[];
  /** Sessions per arm, each on its own slice of the catalogue's queries. @defaultValue 3 */
  sessions?: number;
  /** Tool uses per session. @defaultValue 30 */
  uses?: number;
  /** @defaultValue 8 */
  maxHydratedTools?: number;
  /** A model the mid-conversation tool changes page lists, so every arm runs on the same one. @defaultValue "claude-opus-4-8" */
  model?: string;
  onArm?(run: LongSessionRun): void;
}

/** The price of a 5-minute cache write and of a cache read, per input token (the prompt caching page's multipliers). */
const WRITE_PRICE = 1.25;
const READ_PRICE = 0.1;
const SYSTEM = "You are an operations assistant. Use the tools to do each task; search for a tool you do not have yet.";

/**
 * Long agent sessions per arm: the scripted model makes `uses` tool calls, searching for each
 * new tool and calling a tool it used before by name, every third use from the tenth on going
 * back to the tool used least recently (evicted by then under a cap of `maxHydratedTools`).
 * Each session runs through `runAgent` and the real Anthropic SDK against the local Messages
 * API server, whose prompt cache reports usage per request.
 */
export async function measureLongSessions(
  catalogue: StrategyCatalogue,
  options: LongSessionsOptions,
): Promise<LongSessionsSection> {
  const sessions = options.sessions ?? 3;
  const uses = options.uses ?? 30;
  const maxHydratedTools = options.maxHydratedTools ?? 8;
  const model = options.model ?? "claude-opus-4-8";
  const warmUp = maxHydratedTools + 2;
  const shape = { uses, warmUp, reuseEvery: 3 };
  const toolSearch = await createToolSearch({ tools: catalogue.tools, tuning: { maxHydratedTools } });
  const section: LongSessionsSection = {
    policy: "",
    catalogue: catalogue.id,
    tools: catalogue.tools.length,
    model,
    maxHydratedTools,
    uses,
    plans: [],
    runs: [],
  };
  try {
    const fresh = await toolsFoundFirst(toolSearch, catalogue);
    const perSession = planUses(fresh, shape).filter((use, index, all) => all.indexOf(use) === index).length;
    const plans: PlannedUse[][] = [];
    for (let index = 0; index < sessions && (index + 1) * perSession <= fresh.length; index++)
      plans.push(planUses(fresh.slice(index * perSession), shape));
    section.plans = plans.map((plan) => ({
      newTools: new Set(plan.map((use) => use.tool)).size,
      reuses: plan.length - new Set(plan.map((use) => use.tool)).size,
      requests: stepsOf(plan).length,
    }));
    const schemas = new Map(catalogue.tools.map((tool) => [tool.name, tool.inputSchema as unknown]));
    for (const arm of options.arms) {
      let run: LongSessionRun;
      try {
        const played: LongSessionRequest[][] = [];
        for (const plan of plans)
          played.push(
            await runLongSession({
              toolSearch,
              schemas,
              strategy: arm.strategy,
              model,
              steps: stepsOf(plan),
              system: SYSTEM,
              ...(arm.extra ? { extra: arm.extra } : {}),
            }),
          );
        run = summarise(arm.label, played);
      } catch (error) {
        run = { ...summarise(arm.label, []), error: error instanceof Error ? error.message : String(error) };
      }
      options.onArm?.(run);
      section.runs.push(run);
    }
  } finally {
    await toolSearch.close();
  }
  return section;
}

/** The catalogue's single-tool queries whose expected tool a fresh session's search ranks first, one per tool. */
async function toolsFoundFirst(toolSearch: ToolSearch, catalogue: StrategyCatalogue): Promise<PlannedUse[]> {
  const found: PlannedUse[] = [];
  const taken = new Set<string>();
  for (const [index, { query, expected }] of catalogue.queries.entries()) {
    if (taken.has(expected)) continue;
    const id = `long-session-probe-${index}`;
    const outcome = await toolSearch.session(id).searchTools({ query }, "toolu_probe");
    toolSearch.endSession(id);
    if (outcome.ok && outcome.matches[0]?.name === expected) {
      taken.add(expected);
      found.push({ tool: expected, query });
    }
  }
  return found;
}

function summarise(label: string, played: readonly LongSessionRequest[][]): LongSessionRun {
  const mean = (values: readonly number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  const length = Math.max(0, ...played.map((session) => session.length));
  const perRequest: LongSessionRun["perRequest"] = [];
  for (let index = 0; index < length; index++) {
    const at = played.filter((session) => session.length > index).map((session) => session[index]!);
    const input = mean(at.map((request) => request.input + request.cacheWrite + request.cacheRead));
    const read = mean(at.map((request) => request.cacheRead));
    perRequest.push({
      request: index + 1,
      toolTokens: mean(at.map((request) => request.toolTokens)),
      wireToolTokens: mean(at.map((request) => request.wireToolTokens)),
      cacheWrite: mean(at.map((request) => request.cacheWrite)),
      cacheRead: read,
      inputTokens: input,
      readShare: input === 0 ? 0 : read / input,
    });
  }
  const totals = played.map((session) => {
    const sum = (pick: (request: LongSessionRequest) => number) =>
      session.reduce((total, request) => total + pick(request), 0);
    const input = sum((request) => request.input);
    const write = sum((request) => request.cacheWrite);
    const read = sum((request) => request.cacheRead);
    return {
      toolTokens: sum((request) => request.toolTokens),
      cacheWrite: write,
      cacheRead: read,
      inputTokens: input + write + read,
      billedInput: input + WRITE_PRICE * write + READ_PRICE * read,
      writes: session.filter((request) => request.cacheWrite > 0).length,
    };
  });
  const inputTokens = mean(totals.map((total) => total.inputTokens));
  const cacheRead = mean(totals.map((total) => total.cacheRead));
  return {
    arm: label,
    sessions: played.length,
    requests: mean(played.map((session) => session.length)),
    toolTokens: mean(totals.map((total) => total.toolTokens)),
    cacheWrite: mean(totals.map((total) => total.cacheWrite)),
    cacheRead,
    inputTokens,
    readShare: inputTokens === 0 ? 0 : cacheRead / inputTokens,
    billedInput: mean(totals.map((total) => total.billedInput)),
    requestsWriting: mean(totals.map((total) => total.writes)),
    perRequest,
  };
}
