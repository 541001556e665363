import type { AbortSignalLike, ToolDefinition } from "../catalogue/index.js";
import { errorText, OptionsError } from "../errors.js";
import { ENRICHMENT_FORMAT, type EnrichmentFile, type ToolEnrichment } from "./enrichment-file.js";
import { maxAnswerTokens, promptOf } from "./enrichment-prompt.js";
import {
  askModel,
  providerOf,
  type EnrichmentClient,
  type EnrichmentProvider,
  type ModelTurn,
} from "./model-client.js";
import { EnrichmentError } from "./parse-enrichment.js";
import { parseModelAnswer } from "./parse-model-answer.js";
import { planEnrichment, type PendingTool, type SkippedTool } from "./plan-enrichment.js";
import { ModelCallFailed, withRetries, type RetryPolicy } from "./retry-model-call.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";

/**
 * Options of {@link enrichCatalogue}.
 *
 * @example
 * ```ts
 * const { file } = await enrichCatalogue({ tools, client: new Anthropic({ maxRetries: 0 }), model: "claude-sonnet-4-5" });
 * ```
 */
export interface EnrichCatalogueOptions {
  /** The catalogue: every tool is checked as `createToolSearch` checks it, then enriched once. */
  tools: readonly ToolDefinition[];
  /**
   * The user's own model client: `new Anthropic()` or `new OpenAI()` (or anything shaped like
   * either). Give it `maxRetries: 0`: enrichCatalogue retries itself, and the two would multiply.
   * @example `new Anthropic({ maxRetries: 0 })`
   */
  client: EnrichmentClient;
  /** The model, as its provider names it. @example `"claude-sonnet-4-5"`, `"gpt-5-mini"` */
  model: string;
  /**
   * Which API the client speaks; read from its shape when left out.
   * @example `"openai"`
   */
  provider?: EnrichmentProvider;
  /**
   * Requests asked for per tool (at most 32).
   * @defaultValue 8
   * @example `4`
   */
  requestsPerTool?: number;
  /**
   * Model calls in flight at once (1 to 32).
   * @defaultValue 4
   * @example `8`
   */
  concurrency?: number;
  /**
   * What an earlier run wrote: a tool whose definition hash is unchanged is not asked again, and
   * entries of tools absent from `tools` are kept. A changed tool is asked again; its old entry
   * is kept only if that fails.
   * @example `parseEnrichment(JSON.parse(readFileSync("toolsift.enrichment.json", "utf8")), "toolsift.enrichment.json").file`
   */
  previous?: EnrichmentFile;
  /**
   * Requests users typed that the search missed, by the tool they needed in the end (what
   * `toolsift misses` lists): when given, only the tools it names are asked, each with its
   * missed requests in the prompt, as data; the other tools' entries in `previous` are kept as
   * they are. Bound them: every request goes into the prompt.
   * @example `new Map([["jira__create_issue", ["log the checkout crash for the team"]]])`
   */
  missedRequests?: ReadonlyMap<string, readonly string[]>;
  /**
   * Ask for a clearer description for every tool asked, not only those whose own is vague.
   * @defaultValue false
   */
  descriptions?: boolean;
  /**
   * Called after each tool is enriched, with the whole file so far: save it here, and a run that
   * is killed resumes from it (as `previous`). Calls come one at a time, in the order tools
   * finish; the run waits for each. A throw stops the run.
   * @example `(name, entry, file) => writeFileSync(path, formatEnrichment(file))`
   */
  onTool?: (name: string, entry: ToolEnrichment, file: EnrichmentFile) => void | Promise<void>;
  /**
   * Told about each tool that is done (enriched or skipped) and each retry. Must not throw.
   * @example `(event) => event.type === "tool" && console.error(`${event.done}/${event.total}`)`
   */
  onProgress?: (event: EnrichmentProgress) => void;
  /** Stops the run: calls in flight are aborted, and the run rejects with an {@link EnrichmentError} (`aborted`). */
  signal?: AbortSignalLike;
  /**
   * Retries of one call after a 429, 529, other 5xx, a timeout or a network error, with
   * exponential back-off and jitter (or the wait `retry-after` asks, up to 2 minutes).
   * @defaultValue 4
   * @example `8`
   */
  maxRetries?: number;
  /**
   * The longest one call may take before it is aborted and retried.
   * @defaultValue 120000
   * @example `60_000`
   */
  timeoutMs?: number;
  /**
   * The back-off: the first wait, and the most any wait grows to.
   * @defaultValue `{ baseMs: 1000, maxMs: 30000 }`
   * @example `{ baseMs: 2000, maxMs: 60_000 }`
   */
  backoff?: { baseMs?: number; maxMs?: number };
}

/** What {@link EnrichCatalogueOptions.onProgress} is told. */
export type EnrichmentProgress =
  | {
      type: "tool";
      tool: string;
      outcome: "enriched" | "skipped";
      /** Tools done so far, and how many this run asks about (tools `previous` covers are not counted). */
      done: number;
      total: number;
    }
  | { type: "retry"; tool: string; attempt: number; waitMs: number; reason: string }
  | { type: "warning"; tool: string; message: string };

/** What {@link enrichCatalogue} returns. */
export interface EnrichmentResult {
  /** The file to write: `previous`'s kept entries and this run's, tool names in order. */
  file: EnrichmentFile;
  /** Model calls made, retries and second tries included. */
  calls: number;
  /** Tools asked about this run, and tools taken from `previous` unchanged. */
  enriched: number;
  reused: number;
  /** Tools left without a new entry, and why: an answer malformed twice, a refused request, a definition toolsift cannot use. */
  skipped: SkippedTool[];
  /** Tokens the provider reported, over every call. */
  usage: { inputTokens: number; outputTokens: number };
  /** What was cut from answers on the way (too many requests, a request naming the tool). */
  warnings: string[];
}

/** Every option of `enrichCatalogue`; the compiler holds the list to {@link EnrichCatalogueOptions}. */
const ENRICH_CATALOGUE_KEYS = optionKeys<keyof EnrichCatalogueOptions>({
  tools: true,
  client: true,
  model: true,
  provider: true,
  requestsPerTool: true,
  concurrency: true,
  previous: true,
  missedRequests: true,
  descriptions: true,
  onTool: true,
  onProgress: true,
  signal: true,
  maxRetries: true,
  timeoutMs: true,
  backoff: true,
});

/**
 * Asks the user's own model, once per tool, for requests a user would make that need exactly
 * that tool, a few synonyms, and optionally a clearer first sentence; the tools near it are in
 * the prompt so the requests tell it apart from look-alikes. Answers are checked as they arrive:
 * a malformed one is asked again once, with what was wrong, then the tool is skipped.
 *
 * @throws {@link EnrichmentError} `enrichment_failed` when a call fails in a way every call
 *   would (a bad key or model name, retries used up): the tools done before it went to `onTool`,
 *   so a run from the saved file resumes. `aborted` when `signal` aborts.
 * @throws {@link OptionsError} for a bad option.
 * @example
 * ```ts
 * const previous = existsSync(path) ? parseEnrichment(JSON.parse(readFileSync(path, "utf8")), path).file : undefined;
 * const { file, skipped } = await enrichCatalogue({
 *   tools, client: new Anthropic({ maxRetries: 0 }), model: "claude-sonnet-4-5", previous,
 *   onTool: (_name, _entry, file) => writeFileSync(path, formatEnrichment(file)),
 * });
 * ```
 */
export async function enrichCatalogue(options: EnrichCatalogueOptions): Promise<EnrichmentResult> {
  checkKeys("enrichCatalogue", "", options, ENRICH_CATALOGUE_KEYS, '{ tools, client, model: "claude-sonnet-4-5" }');
  const requests = options.requestsPerTool ?? 8;
  const concurrency = whole(options.concurrency ?? 4, "concurrency", 1, 32);
  const policy: RetryPolicy = {
    maxRetries: whole(options.maxRetries ?? 4, "maxRetries", 0, 20),
    timeoutMs: whole(options.timeoutMs ?? 120_000, "timeoutMs", 1, 3_600_000),
    baseDelayMs: whole(options.backoff?.baseMs ?? 1_000, "backoff.baseMs", 0, 600_000),
    maxDelayMs: whole(options.backoff?.maxMs ?? 30_000, "backoff.maxMs", 0, 600_000),
  };
  if (typeof options.model !== "string" || !options.model.trim() || options.model.length > 200)
    throw new OptionsError("invalid_options", "enrichCatalogue: model must name the model, e.g. claude-sonnet-4-5.");
  let provider: EnrichmentProvider;
  try {
    provider = providerOf(options.client, options.provider);
  } catch (error) {
    throw new OptionsError("invalid_options", errorText(error));
  }
  const plan = planEnrichment(options.tools, requests, options.previous, options.missedRequests);
  const entries = new Map<string, ToolEnrichment>(Object.entries(plan.kept));
  const skipped = [...plan.skipped];
  const warnings: string[] = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  let calls = 0;
  let enriched = 0;
  let done = 0;
  const progress = (event: EnrichmentProgress) => {
    try {
      options.onProgress?.(event);
    } catch {
      // A progress display that breaks must not cost the run.
    }
  };
  const fileOf = (): EnrichmentFile => {
    const tools: Record<string, ToolEnrichment> = Object.create(null);
    for (const name of [...entries.keys()].sort()) tools[name] = entries.get(name)!;
    return {
      format: ENRICHMENT_FORMAT,
      model: options.model,
      provider,
      createdAt: new Date().toISOString(),
      tools,
    };
  };

  // One controller for the run: the caller's signal, or the first failure that dooms every call.
  const run = new AbortController();
  const onAbort = () => run.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  let failure: Error | undefined;
  let saving: Promise<void> = Promise.resolve();

  const ask = async (pending: PendingTool, system: string, turns: readonly ModelTurn[]) => {
    const answer = await withRetries(
      (signal) => {
        calls++;
        return askModel(
          options.client,
          provider,
          { model: options.model, system, turns, maxTokens: maxAnswerTokens(requests) },
          signal,
        );
      },
      policy,
      run.signal,
      Math.random,
      (attempt, waitMs, reason) => progress({ type: "retry", tool: pending.tool.name, attempt, waitMs, reason }),
    );
    usage.inputTokens += answer.inputTokens;
    usage.outputTokens += answer.outputTokens;
    return answer;
  };

  const enrichOne = async (pending: PendingTool) => {
    const { tool } = pending;
    const prompt = promptOf(pending, requests, options.descriptions === true);
    const turns: ModelTurn[] = [{ role: "user", content: prompt.user }];
    let outcome: "enriched" | "skipped" = "skipped";
    try {
      for (let attempt = 1; attempt <= 2; attempt++) {
        const answer = await ask(pending, prompt.system, turns);
        const parsed =
          answer.stopReason === "max_tokens" || answer.stopReason === "length"
            ? ({ ok: false, problem: "the answer was cut off at the token limit; keep it shorter" } as const)
            : parseModelAnswer(answer.text, tool, pending.hash, requests);
        if (parsed.ok) {
          for (const message of parsed.warnings) {
            warnings.push(`${tool.name}: ${message}`);
            progress({ type: "warning", tool: tool.name, message });
          }
          entries.set(tool.name, parsed.entry);
          enriched++;
          outcome = "enriched";
          const file = fileOf();
          const save = saving.then(() => options.onTool?.(tool.name, parsed.entry, file));
          saving = save.catch(() => undefined);
          await save;
          break;
        }
        if (attempt === 2) {
          skipped.push({ tool: tool.name, reason: `the model's answer was malformed twice: ${parsed.problem}` });
          progress({ type: "warning", tool: tool.name, message: `skipped: ${parsed.problem}` });
          break;
        }
        turns.push(
          { role: "assistant", content: answer.text.slice(0, 8_000) || "(no text)" },
          {
            role: "user",
            content: `That answer could not be used: ${parsed.problem}. Answer again with only the JSON object, {"requests": [...], "synonyms": [...], "description": "..."}, with exactly ${requests} requests.`,
          },
        );
      }
    } catch (error) {
      if (error instanceof ModelCallFailed && error.failure.kind === "tool") {
        skipped.push({ tool: tool.name, reason: `the API refused the request: ${error.failure.message}` });
        progress({ type: "warning", tool: tool.name, message: `skipped: ${error.failure.message}` });
      } else {
        failure ??= runFailure(error, tool.name, options.signal);
        run.abort(failure);
        return;
      }
    }
    // A changed tool whose new answer failed keeps its old entry, for `keepStale` users.
    if (outcome === "skipped" && pending.stale && !entries.has(tool.name)) entries.set(tool.name, pending.stale);
    progress({ type: "tool", tool: tool.name, outcome, done: ++done, total: plan.pending.length });
  };

  let next = 0;
  const worker = async () => {
    while (!run.signal.aborted && next < plan.pending.length) await enrichOne(plan.pending[next++]!);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, plan.pending.length) }, worker));
    await saving;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
  }
  if (failure === undefined && options.signal?.aborted) failure = runFailure(undefined, undefined, options.signal);
  if (failure) throw failure;
  return { file: fileOf(), calls, enriched, reused: plan.reused, skipped, usage, warnings };
}

function runFailure(error: unknown, tool: string | undefined, signal: AbortSignalLike | undefined): EnrichmentError {
  const resume =
    "The tools enriched before it were passed to onTool (toolsift enrich saved them); run again to resume.";
  if (signal?.aborted)
    return new EnrichmentError(
      "aborted",
      `Enrichment was aborted${tool ? ` while ${tool} was asked` : ""}. ${resume}`,
      {
        cause: error,
      },
    );
  if (error instanceof ModelCallFailed)
    return new EnrichmentError(
      "enrichment_failed",
      `Enrichment stopped at ${tool}: the model call failed after ${error.attempts} attempt${error.attempts === 1 ? "" : "s"} (${error.failure.message}). ${resume}`,
      { cause: error },
    );
  return new EnrichmentError("enrichment_failed", `Enrichment stopped at ${tool}: ${errorText(error)}. ${resume}`, {
    cause: error,
  });
}

function whole(value: number, name: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new OptionsError(
      "invalid_options",
      `enrichCatalogue: ${name} must be a whole number from ${min} to ${max}, not ${String(value)}.`,
    );
  return value;
}
