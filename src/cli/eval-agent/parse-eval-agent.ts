import type { OptionsError } from "../../errors.js";
import type { RankerName } from "../../index.js";

/** The arms `toolsift eval --agent` runs side by side. */
export const ARM_NAMES = ["full", "toolsift", "prefetch"] as const;
export type ArmName = (typeof ARM_NAMES)[number];

/** The APIs `eval --agent` talks to. */
export const AGENT_PROVIDERS = ["anthropic", "openai-chat", "openai-responses"] as const;
export type AgentProviderName = (typeof AGENT_PROVIDERS)[number];
const STRATEGIES = ["stubs", "native", "stable", "changes"] as const;

/** `toolsift eval --agent`, understood. */
export interface EvalAgentCommand {
  command: "eval-agent";
  source: { kind: "config" | "tools"; file: string };
  tasks: string;
  provider: AgentProviderName;
  /** Empty with `--dry-run` and no `--model`. */
  model: string;
  arms: ArmName[];
  strategy: (typeof STRATEGIES)[number];
  mock: boolean;
  dryRun: boolean;
  maxCostUsd: number | undefined;
  prices: string | undefined;
  json: boolean;
  /** `--out`: results written after each task × arm, and read first to resume. */
  out: string | undefined;
  maxTurns: number;
  ranker: RankerName | undefined;
}

/** The options only `--agent` reads, and those it refuses (they belong to the search eval). */
export const AGENT_ONLY = [
  "provider",
  "model",
  "arms",
  "strategy",
  "mock",
  "dry-run",
  "max-cost",
  "prices",
  "out",
  "max-turns",
];
const SEARCH_ONLY = ["enrichment", "fail-under", "limit-tools"];

/** What parse-cli has already read, and its checker of whole numbers. */
export interface EvalAgentBase {
  source: EvalAgentCommand["source"];
  ranker: RankerName | undefined;
  wholeNumber(option: string, value: string, min: number, max: number): number;
  usage(message: string): OptionsError;
}

/** `toolsift eval --agent …` from its parsed options. */
export function evalAgentOf(
  values: Record<string, string | boolean | undefined>,
  base: EvalAgentBase,
): EvalAgentCommand {
  const text = (name: string) => values[name] as string | undefined;
  const fail = (what: string): never => {
    throw base.usage(`toolsift eval --agent: ${what}. Run toolsift eval --help.`);
  };
  const other = SEARCH_ONLY.find((name) => values[name] !== undefined);
  if (other !== undefined) fail(`--${other} belongs to the search eval (without --agent)`);
  const dryRun = values["dry-run"] === true;
  const tasks = text("tasks");
  if (tasks === undefined || tasks === "") fail("needs --tasks <file.jsonl>, one task a line");
  const provider = text("provider") ?? (dryRun ? "anthropic" : undefined);
  if (provider === undefined) fail(`needs --provider ${AGENT_PROVIDERS.join("|")} and --model <id>`);
  if (!(AGENT_PROVIDERS as readonly string[]).includes(provider!))
    fail(`--provider takes ${AGENT_PROVIDERS.join(", ")}, not ${JSON.stringify(provider)}`);
  const model = text("model")?.trim() ?? "";
  if (model === "" && !dryRun) fail("needs --model <id>, e.g. --model claude-sonnet-4-5");
  const strategy = text("strategy") ?? "stubs";
  if (!(STRATEGIES as readonly string[]).includes(strategy))
    fail(`--strategy takes ${STRATEGIES.join(", ")}, not ${JSON.stringify(strategy)}`);
  if (strategy === "native" && provider === "openai-chat")
    fail(
      "--strategy native has no counterpart on Chat Completions; use stubs or stable, or --provider openai-responses",
    );
  // Tool changes are a Messages API beta: no OpenAI API takes them, so runAgent would refuse each task.
  if (strategy === "changes" && provider !== "anthropic")
    fail("--strategy changes needs the Messages API's mid-conversation tool changes; use --provider anthropic");
  const arms = (text("arms") ?? ARM_NAMES.join(",")).split(",").map((arm) => arm.trim());
  const unknown = arms.find((arm) => !(ARM_NAMES as readonly string[]).includes(arm));
  if (unknown !== undefined || arms.length === 0)
    fail(`--arms takes a comma-separated list of ${ARM_NAMES.join(", ")}, not ${JSON.stringify(text("arms"))}`);
  const maxCost = text("max-cost");
  const maxCostUsd = maxCost === undefined ? undefined : /^\d+(\.\d+)?$/.test(maxCost) ? Number(maxCost) : Number.NaN;
  if (maxCostUsd !== undefined && !(maxCostUsd > 0))
    fail(`--max-cost takes an amount of US dollars above 0, e.g. 2.50, not ${JSON.stringify(maxCost)}`);
  if (text("out") === "") fail("--out needs a file name");
  if (text("prices") === "") fail("--prices needs a file's path");
  const turns = text("max-turns");
  return {
    command: "eval-agent",
    source: base.source,
    tasks: tasks!,
    provider: provider as AgentProviderName,
    model,
    arms: [...new Set(arms)] as ArmName[],
    strategy: strategy as EvalAgentCommand["strategy"],
    mock: values.mock === true,
    dryRun,
    maxCostUsd,
    prices: text("prices"),
    json: values.json === true,
    out: text("out"),
    maxTurns: turns === undefined ? 8 : base.wholeNumber("--max-turns", turns, 1, 50),
    ranker: base.ranker,
  };
}
