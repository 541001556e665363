import {
  readToolSearchCall,
  type OpenAIResponsesToolSearchCall,
  type OpenAIResponsesToolSearchOutput,
} from "../wire/index.js";
import { namespaceAliases, toolSearchOutputOf } from "./openai-native-block.js";
import type { ServerSearchOptions } from "./server-search.js";
import type { SearchToolsOutcome } from "./session-services.js";
import type { SessionView } from "./session-view.js";

/** What answering a native tool search needs of its session. */
export interface ToolSearchHost {
  view(): Promise<SessionView>;
  search(input: unknown, callId: string | undefined, options: ServerSearchOptions): Promise<SearchToolsOutcome>;
  hydrate(names: readonly string[]): Promise<string[]>;
}

/**
 * Answers a client-executed `tool_search_call` (OpenAI's native presentation) with the
 * `tool_search_output` that loads what toolsift's ranker finds for its arguments (`{ query,
 * limit? }`), with the session's permissions, and hydrates those tools, best last, so a resumed
 * session and the call reports know them. The output has no error field, so arguments that
 * cannot be searched, or a search that fails, load no tools.
 */
export async function answerToolSearch(
  call: OpenAIResponsesToolSearchCall,
  session: ToolSearchHost,
): Promise<OpenAIResponsesToolSearchOutput> {
  const read = readToolSearchCall(call);
  const nothing: OpenAIResponsesToolSearchOutput = {
    type: "tool_search_output",
    call_id: read.callId,
    execution: "client",
    status: "completed",
    tools: [],
  };
  if (read.problem !== undefined) return nothing;
  try {
    // The namespace names of this block name their servers in a `server:` term too; a query
    // about a whole server loads its namespace's first tools where the matches leave room.
    const aliases = namespaceAliases(await session.view());
    const outcome = await session.search(read.input, read.callId ?? undefined, { aliases, fillFromServers: true });
    if (!outcome.ok) return nothing;
    const names = outcome.matches.map((match) => match.name);
    await session.hydrate([...names].reverse());
    // A fresh view: the call that follows is then not reported as made from a stub.
    return toolSearchOutputOf(read.callId, await session.view(), names);
  } catch {
    return nothing;
  }
}
