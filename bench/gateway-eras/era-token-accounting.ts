/**
 * Token accounting of a scripted agent session through `toolsift serve`, per model request:
 * the tools the client offers its model at that point (its last `tools/list`, laid out as
 * Anthropic tool definitions and counted with toolsift's `estimateTokens`) and the
 * `search_tools` answers already in the transcript (each a `tool_result` block, counted by the
 * same rule). Pure, so a hand-counted session checks it.
 */
import { estimateBlockTokens } from "../../src/session/estimate-tokens.js";
import type { AnthropicTool } from "../../src/wire/index.js";
import { estimateResultTokens } from "../strategy/estimate-json-tokens.js";

/** A tool as a `tools/list` answer carries it. */
export interface ListedTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

/** One model request of a session: the tool list it holds, and what its tool call adds to the transcript. */
export interface ModelRequest {
  tools: readonly ListedTool[];
  /** The text of the `search_tools` answer this request's call got, if it searched. */
  searchAnswer?: string;
}

/** Tokens of one era's session. */
export interface EraTokens {
  requests: number;
  /** The tools array of each request. */
  toolTokens: number[];
  /** Search answers already in the transcript, at each request. */
  transcriptTokens: number[];
  /** The tools array of the first request, the median over requests and the last. */
  toolsFirst: number;
  toolsMedian: number;
  toolsLast: number;
  /** Everything the session's searches added to the transcript. */
  searchAnswerTokens: number;
  /** Σ over requests of (tools array + search answers resent with it). */
  sessionTokens: number;
}

/** The definition a client hands its model for a listed tool (what Anthropic's Messages API takes). */
export function modelToolOf(tool: ListedTool): AnthropicTool {
  return {
    name: tool.name,
    description: tool.description ?? "",
    input_schema: (tool.inputSchema ?? { type: "object" }) as AnthropicTool["input_schema"],
  };
}

/** Estimated tokens of a search answer as it sits in the conversation. */
export function searchAnswerTokens(text: string): number {
  return estimateResultTokens({ type: "tool_result", tool_use_id: "toolu_1", content: text });
}

/** The median of whole numbers, the lower middle one for an even count (a count of tokens stays whole). */
function lowerMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** Accounts one session, request by request. */
export function accountSession(requests: readonly ModelRequest[]): EraTokens {
  const toolTokens: number[] = [];
  const transcriptTokens: number[] = [];
  let transcript = 0;
  for (const request of requests) {
    toolTokens.push(estimateBlockTokens(request.tools.map(modelToolOf)));
    transcriptTokens.push(transcript);
    if (request.searchAnswer !== undefined) transcript += searchAnswerTokens(request.searchAnswer);
  }
  return {
    requests: requests.length,
    toolTokens,
    transcriptTokens,
    toolsFirst: toolTokens[0] ?? 0,
    toolsMedian: lowerMedian(toolTokens),
    toolsLast: toolTokens.at(-1) ?? 0,
    searchAnswerTokens: transcript,
    sessionTokens: toolTokens.reduce((sum, tokens, index) => sum + tokens + transcriptTokens[index]!, 0),
  };
}
