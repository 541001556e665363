import type { AnthropicTool } from "./anthropic-tool.js";

/** Estimates the tokens one tool definition costs in a request. */
export type TokenEstimator = (tool: AnthropicTool) => number;

/**
 * The default estimator: the length of the tool's JSON serialisation divided by 3.5.
 *
 * Claude's tokenizer is not available offline, so this approximates it from characters.
 * Schema JSON is dense in punctuation and short keys, which tokenizes at fewer characters
 * per token than prose (roughly 4); 3.5 sits between the two. Treat the result as within
 * about ±25% of what the API reports for tool definitions, and pass your own estimator
 * (for example one backed by the token-counting endpoint) where that matters.
 */
export const estimateTokens: TokenEstimator = (tool) => Math.ceil(JSON.stringify(tool).length / 3.5);
