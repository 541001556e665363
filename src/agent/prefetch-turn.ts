import { readPrefetch, type PrefetchOptions, type PrefetchOutcome, type ToolSearchSession } from "../session/index.js";
import { OptionsError, errorText } from "../errors.js";
import { blocksOf, textOfBlocks } from "./providers/canonical-blocks.js";
import type { ModelProvider } from "./providers/model-provider.js";
import type { AgentStrategy } from "./strategies/index.js";

/**
 * `runAgent`'s `prefetch` option, checked once: `false` (off), or the options each prefetch
 * takes (`true` is the defaults).
 *
 * @throws {@link OptionsError} `invalid_prefetch` for anything but a boolean or `{ limit }`.
 */
export function readPrefetchOption(option: unknown): PrefetchOptions | false {
  if (option === undefined || option === false) return false;
  if (option === true) return {};
  if (typeof option !== "object" || option === null || Array.isArray(option))
    throw new OptionsError("invalid_prefetch", "prefetch must be true, false or { limit }, e.g. { limit: 1 }.");
  try {
    // The session's own check, on a stand-in text, so both refuse the same options.
    readPrefetch("check", option);
  } catch (error) {
    throw new OptionsError("invalid_prefetch", `The prefetch option is not valid: ${errorText(error)}`);
  }
  return { ...(option as PrefetchOptions) };
}

/**
 * Prefetches for the newest user message, when the transcript ends with one (the model call
 * follows a user turn, not tool results), under `stubs` and the strategies of tool changes
 * (`changes`, and `native` with `toolChanges`), whose next message adds a prefetched tool without
 * touching the tools array. Plain `native` loads a deferred tool only through a `tool_reference`
 * in a tool result, and `stable` sends one fixed array, so a prefetched tool could reach them
 * only by changing the tools array, which both keep byte-identical for the whole session (the
 * cached prefix). Best effort: a failure leaves the run as it would be without prefetch.
 */
export async function prefetchForTurn(
  session: ToolSearchSession,
  strategy: AgentStrategy,
  provider: ModelProvider<unknown, unknown>,
  messages: readonly unknown[],
  options: PrefetchOptions,
): Promise<PrefetchOutcome | undefined> {
  if ((strategy.name !== "stubs" && !strategy.toolChanges) || messages.length === 0) return undefined;
  const text = newestUserText(provider, messages.at(-1));
  if (text === undefined) return undefined;
  try {
    return await session.prefetch(text, options);
  } catch {
    return undefined;
  }
}

/** The text of a message when it is the user's own turn: not a tool result, not empty. */
function newestUserText(provider: ModelProvider<unknown, unknown>, message: unknown): string | undefined {
  const [canonical] = provider.toCanonical([message]);
  if (canonical?.role !== "user") return undefined;
  const blocks = blocksOf(canonical);
  if (blocks.some((block) => block.type === "tool_result")) return undefined;
  const text = textOfBlocks(blocks).trim();
  return text === "" ? undefined : text;
}
