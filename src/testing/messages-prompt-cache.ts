// A model of the Messages API's prompt caching, for the local server: prefixes, breakpoints, lookback, TTL, minimum length.
import { createHash } from "node:crypto";
import type { WireBlock, WireRequest, WireTool } from "./messages-wire.js";

/** A breakpoint finds an earlier cache entry at most this many blocks before it. */
const LOOKBACK_BLOCKS = 20;
const TTL_MS = { "5m": 5 * 60_000, "1h": 60 * 60_000 } as const;
/**
 * The same ratio as toolsift's own `estimateTokens` (JSON characters / 3.5), applied to every
 * part of the prompt, so the server's counts and the session's estimates agree.
 */
const CHARACTERS_PER_TOKEN = 3.5;

/**
 * The shortest prefix each model caches, from the prompt caching documentation; a breakpoint
 * over a shorter prefix writes nothing. Checked in order, first match wins.
 */
const MINIMUM_BY_MODEL: readonly [RegExp, number][] = [
  [/^claude-(?:opus-5|fable-5|mythos-5)(?:-\d{8})?$/, 512],
  [/^claude-(?:opus-4-5|opus-4-6|haiku-4-5)/, 4096],
  [/^claude-(?:opus-4-7|3-5-haiku|3-haiku)/, 2048],
  [/^claude-(?:opus|sonnet|haiku|fable|mythos)-\d|^claude-3/, 1024],
];

/**
 * The shortest cacheable prefix of a model: the documented minimum for a real Claude model id
 * (1024 for one the table does not name), 0 for a test stand-in such as `claude-test`, so small
 * scripted prompts still cache.
 */
export function minimumCacheableTokens(model: string): number {
  return MINIMUM_BY_MODEL.find(([pattern]) => pattern.test(model))?.[1] ?? 0;
}

/** Tokens of one part of a prompt, by the estimate described on {@link CHARACTERS_PER_TOKEN}. */
export function jsonTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / CHARACTERS_PER_TOKEN);
}

/**
 * The usage one request reported, as the API reports it, with what the model saw of tools:
 * `toolTokens` counts the tool definitions in its context (the loaded tools of `tools` plus the
 * definitions that `tool_addition` blocks and `tool_reference` results bring in), which the API
 * does not report.
 */
export interface UsageRecord {
  model: string;
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  toolTokens: number;
}

export interface PromptCacheOptions {
  /** The clock, in milliseconds; `Date.now` by default. A test moves it to expire entries. */
  now?: () => number;
  /** The shortest cacheable prefix for every model, instead of {@link minimumCacheableTokens}. */
  minimumTokens?: number;
}

interface Unit {
  key: string;
  tokens: number;
  breakpoint?: "5m" | "1h";
}

/**
 * A prompt cache: give it each request (with the definitions its tool changes render, see
 * `checkToolChanges`) and it answers the request's usage. The prompt is laid out as the API
 * renders it (tools, then system, then messages; deferred tools are left out until a
 * `tool_reference` or `tool_addition` brings their definition into the conversation), one unit
 * per tool or block. Each `cache_control` block is a breakpoint, and so is the last block when
 * the request has a top-level `cache_control` (automatic caching). A breakpoint reads the
 * longest live entry found at it or up to 20 blocks before it; every breakpoint whose prefix is
 * at least the model's minimum stores an entry that lives for its TTL (5 minutes by default,
 * or 1 hour), renewed on each read. Entries are per model.
 */
export function promptCache(options: PromptCacheOptions = {}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expires: number; ttl: number }>();
  return (body: WireRequest, rendered: ReadonlyMap<string, readonly WireTool[]>): UsageRecord => {
    const units = unitsOf(body, rendered);
    const automatic = ttlOf((body as { cache_control?: unknown }).cache_control);
    const last = units.at(-1);
    if (automatic && last && !last.breakpoint) last.breakpoint = automatic;
    const minimum = options.minimumTokens ?? minimumCacheableTokens(body.model);
    const time = now();
    const hash = createHash("sha256").update(`model:${body.model}\n`);
    const hashes: string[] = [];
    const upTo: number[] = [];
    let total = 0;
    for (const unit of units) {
      hash.update(unit.key);
      hashes.push(hash.copy().digest("hex"));
      total += unit.tokens;
      upTo.push(total);
    }
    const live = (key: string) => {
      const entry = entries.get(key);
      if (!entry || entry.expires <= time) return false;
      entry.expires = time + entry.ttl;
      return true;
    };
    let read = 0;
    for (const [index, unit] of units.entries()) {
      if (!unit.breakpoint) continue;
      for (let back = index; back >= 0 && back >= index - LOOKBACK_BLOCKS; back--) {
        if (live(hashes[back]!)) {
          read = Math.max(read, upTo[back]!);
          break;
        }
      }
    }
    const written = { "5m": 0, "1h": 0 };
    let covered = read;
    for (const [index, unit] of units.entries()) {
      if (!unit.breakpoint || upTo[index]! < minimum) continue;
      const ttl = TTL_MS[unit.breakpoint];
      const existing = entries.get(hashes[index]!);
      entries.set(hashes[index]!, { expires: time + Math.max(ttl, existing?.ttl ?? 0), ttl });
      if (upTo[index]! > covered) {
        written[unit.breakpoint] += upTo[index]! - covered;
        covered = upTo[index]!;
      }
    }
    const creation = written["5m"] + written["1h"];
    return {
      model: body.model,
      input_tokens: total - read - creation,
      cache_creation_input_tokens: creation,
      cache_read_input_tokens: read,
      cache_creation: { ephemeral_5m_input_tokens: written["5m"], ephemeral_1h_input_tokens: written["1h"] },
      toolTokens: toolTokensOf(body, rendered),
    };
  };
}

function unitsOf(body: WireRequest, rendered: ReadonlyMap<string, readonly WireTool[]>): Unit[] {
  const units: Unit[] = [];
  const add = (part: string, item: object, extra: readonly WireTool[] = []) => {
    const { cache_control: cacheControl, ...rest } = item as Record<string, unknown>;
    const shown = extra.length === 0 ? rest : { ...rest, rendered: extra.map(withoutCacheControl) };
    const breakpoint = ttlOf(cacheControl);
    units.push({
      key: `${part}:${JSON.stringify(shown)}\n`,
      tokens: jsonTokens(shown),
      ...(breakpoint ? { breakpoint } : {}),
    });
  };
  for (const tool of body.tools ?? []) if (tool.defer_loading !== true) add("tool", tool);
  const system = typeof body.system === "string" ? [{ type: "text", text: body.system }] : (body.system ?? []);
  for (const block of system) add("system", block);
  for (const [index, message] of body.messages.entries()) {
    const blocks: WireBlock[] =
      typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
    // An inline definition is in the block already; a reference brings its definition in.
    for (const [at, block] of blocks.entries())
      add(message.role, block, inlineDefinition(block) ? [] : rendered.get(`messages.${index}.content.${at}`));
  }
  return units;
}

function inlineDefinition(block: WireBlock): boolean {
  const tool = block.tool as { type?: unknown } | undefined;
  return block.type === "tool_addition" && tool?.type === "tool_definition";
}

function toolTokensOf(body: WireRequest, rendered: ReadonlyMap<string, readonly WireTool[]>): number {
  let tokens = 0;
  for (const tool of body.tools ?? []) if (tool.defer_loading !== true) tokens += jsonTokens(withoutCacheControl(tool));
  for (const tools of rendered.values()) for (const tool of tools) tokens += jsonTokens(withoutCacheControl(tool));
  return tokens;
}

function withoutCacheControl(tool: WireTool): Omit<WireTool, "cache_control"> {
  const { cache_control: _, ...rest } = tool;
  return rest;
}

function ttlOf(cacheControl: unknown): "5m" | "1h" | undefined {
  if (!cacheControl || typeof cacheControl !== "object") return undefined;
  return (cacheControl as { ttl?: unknown }).ttl === "1h" ? "1h" : "5m";
}
