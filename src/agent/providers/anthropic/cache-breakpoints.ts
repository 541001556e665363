import type { AnthropicTool } from "../../../wire/index.js";
import type { CacheControl, ContentBlockParam, MessageParam, SystemTextBlock } from "../../../wire/index.js";

/** The Messages API takes at most this many `cache_control` blocks per request. */
export const MAX_CACHE_BREAKPOINTS = 4;

/**
 * The parts of a request that can carry breakpoints. Generic in the message type, so messages
 * typed by the Anthropic SDK come back typed the same way and go straight into `messages.create`.
 */
export interface CacheableRequest<Message extends MessageParam = MessageParam> {
  tools: AnthropicTool[];
  system?: string | SystemTextBlock[] | undefined;
  messages: Message[];
}

export interface CacheBreakpointOptions {
  /**
   * Index of the message that ended the previous request. A breakpoint there guarantees the
   * previous turn's cache entry is found, however many blocks this turn added after it.
   */
  previousLastMessage?: number;
  /**
   * How many leading tools stay as they are when tools are added later (the stubs strategy's
   * `search_tools`, keep and hydrated tools, see `AgentStrategy.stableToolCount`). When it ends
   * before the last loaded tool and a breakpoint is left over, one goes on its last tool: that
   * prefix is then stored, and the next request after a new hydration, whose tools differ from
   * there on, can still read it.
   */
  stableToolCount?: number;
  cacheControl?: CacheControl;
}

/**
 * A copy of the request with `cache_control` breakpoints where the stable prefix ends. In
 * order of priority: the last tool that is not deferred, the system prompt's last block (a
 * string becomes one text block), the last message, the end of the previous turn, and last
 * the end of the tools that stay put when tools are added (`stableToolCount`). Breakpoints the
 * caller already set count towards {@link MAX_CACHE_BREAKPOINTS}; when the budget runs out,
 * the lower-priority ones are skipped. The input is not modified.
 *
 * The stable-tools breakpoint comes last: it pays off only on the request after a stubs
 * hydration, and only if the request before it had one too, while the others serve every
 * request. The API looks for a stored prefix up to about 20 blocks before a breakpoint, so the
 * breakpoint after newly hydrated tools finds the one stored just before them. It fits on every
 * request of a `runAgent` run without a system prompt (last tool, stable tools, last message,
 * previous turn). With a system prompt it fits on a run's first request only, which stores the
 * tools before any hydration; after a later hydration only the last tool's breakpoint can find
 * that, by lookback, when fewer than about 20 tools follow it. Otherwise the hydration rewrites
 * the whole cached prefix.
 *
 * @example
 * ```ts
 * const { tools, system, messages } = placeCacheBreakpoints({ tools: strategy.tools(view), system: "Be brief.", messages });
 * ```
 */
export function placeCacheBreakpoints<Message extends MessageParam>(
  request: CacheableRequest<Message>,
  options: CacheBreakpointOptions = {},
): CacheableRequest<Message> {
  const cacheControl = options.cacheControl ?? { type: "ephemeral" };
  let budget = MAX_CACHE_BREAKPOINTS - countBreakpoints(request);
  const tools = [...request.tools];
  let system = request.system;
  const messages = [...request.messages];

  const toolIndex = findLastIndex(tools, (tool) => tool.defer_loading !== true);
  if (budget > 0 && toolIndex >= 0 && !tools[toolIndex]!.cache_control) {
    tools[toolIndex] = { ...tools[toolIndex]!, cache_control: cacheControl };
    budget--;
  }

  const systemBlocks =
    typeof system === "string" ? (system === "" ? [] : [{ type: "text" as const, text: system }]) : system;
  if (systemBlocks && systemBlocks.length > 0) {
    const last = systemBlocks.length - 1;
    if (budget > 0 && !systemBlocks[last]!.cache_control && systemBlocks[last]!.text !== "") {
      system = [...systemBlocks.slice(0, last), { ...systemBlocks[last]!, cache_control: cacheControl }];
      budget--;
    }
  }

  const targets = [messages.length - 1];
  const previous = options.previousLastMessage;
  if (previous !== undefined && previous >= 0 && previous < messages.length - 1) targets.push(previous);
  for (const index of targets) {
    if (budget <= 0) break;
    const marked = markMessage(messages[index]!, cacheControl);
    if (marked) {
      messages[index] = marked;
      budget--;
    }
  }

  // Only when it ends before the last loaded tool: otherwise that breakpoint already covers it.
  const stableIndex = (options.stableToolCount ?? 0) - 1;
  const stableEnd = stableIndex >= 0 && stableIndex < toolIndex ? tools[stableIndex]! : undefined;
  if (budget > 0 && stableEnd && stableEnd.defer_loading !== true && !stableEnd.cache_control) {
    tools[stableIndex] = { ...stableEnd, cache_control: cacheControl };
    budget--;
  }
  return system === undefined ? { tools, messages } : { tools, system, messages };
}

/** How many `cache_control` markers a request already has, nested tool_result content included. */
export function countBreakpoints(request: CacheableRequest<MessageParam>): number {
  let count = request.tools.filter((tool) => tool.cache_control).length;
  if (Array.isArray(request.system)) count += request.system.filter((block) => block.cache_control).length;
  for (const message of request.messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (hasCacheControl(block)) count++;
      const nested = block.type === "tool_result" ? (block as { content?: unknown }).content : undefined;
      if (Array.isArray(nested)) count += nested.filter(hasCacheControl).length;
    }
  }
  return count;
}

/** The message with a breakpoint on its last block that can take one, or `undefined` if none can (or one is there). */
function markMessage<Message extends MessageParam>(message: Message, cacheControl: CacheControl): Message | undefined {
  if (typeof message.content === "string") {
    if (message.content === "") return undefined;
    return { ...message, content: [{ type: "text", text: message.content, cache_control: cacheControl }] };
  }
  const index = findLastIndex(message.content, isCacheable);
  if (index < 0 || hasCacheControl(message.content[index]!)) return undefined;
  const content = [...message.content];
  // Every block type that can be cached takes cache_control, so the block keeps its type.
  const marked: ContentBlockParam = { ...content[index]!, ...{ cache_control: cacheControl } };
  content[index] = marked;
  return { ...message, content };
}

/** The API refuses cache_control on thinking blocks and on empty text. */
function isCacheable(block: ContentBlockParam): boolean {
  if (block.type === "thinking" || block.type === "redacted_thinking") return false;
  return block.type !== "text" || (block as { text?: unknown }).text !== "";
}

function hasCacheControl(block: unknown): boolean {
  return typeof block === "object" && block !== null && Boolean((block as { cache_control?: unknown }).cache_control);
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (predicate(items[index]!)) return index;
  return -1;
}
