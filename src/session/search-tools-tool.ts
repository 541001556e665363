import type { AnthropicTool } from "../wire/index.js";
import { STUB_HINT } from "./stub.js";
import { describeValue } from "../describe-value.js";

export const SEARCH_TOOLS_NAME = "search_tools";
/**
 * The most characters of a query a lesson keeps: the usage stores bound each lesson by it. A
 * model writes a few key words; a longer `search_tools` query is answered but teaches nothing.
 */
export const MAX_TAUGHT_QUERY_LENGTH = 500;
/**
 * The most characters of a query or request ranked: a model's `search_tools` query, and what the
 * host ranks itself (`toolSearch.search`, a prefetch, an eval task). A model may pass on the
 * user's own words, and a chained request can take them well past 500 characters (the shared
 * sets' longest answerable requests run to 1,300): refusing or cutting them loses the tools the
 * later requests need. This bound only keeps a hostile string's cost flat.
 */
export const MAX_REQUEST_LENGTH = 2_000;
export const MAX_SEARCH_LIMIT = 50;

/** How the block presents the tools that are neither kept nor hydrated. */
export type StubPresentation = "stubs" | "search-only";

/**
 * The query's description, with the one piece of syntax the model cannot guess: a `server:` term
 * (see `parseServerScope`). In the schema, so OpenAI's native `tool_search`, which shares it, teaches it too.
 */
const QUERY_DESCRIPTION = 'What you want to do, in a few words. "server:github <task>" searches one server only.';

const EXAMPLE_QUERIES = 'Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").';

/**
 * The `search_tools` definition injected into progressive tool blocks. Its description tells
 * the model how the rest of the block works: what a stub is, or that most tools are unlisted.
 */
export function searchToolsDefinition(defaultLimit: number, presentation: StubPresentation = "stubs"): AnthropicTool {
  const howToUse =
    presentation === "stubs"
      ? `A tool whose description ends in "${STUB_HINT}" is listed by its first sentence only and accepts any input here: ` +
        "call it with your best guess (a wrong input is refused, with the tool's full schema) or search first to read more. " +
        "Search also finds tools that are not listed."
      : "Most tools are not listed at all: search finds them, with their names and descriptions, and you can then call any of them by name " +
        "(a wrong input is refused, with the tool's full schema).";
  return {
    name: SEARCH_TOOLS_NAME,
    description: `Search the full catalogue of available tools by what you want to do. ${howToUse} ${EXAMPLE_QUERIES}`,
    input_schema: {
      type: "object",
      properties: {
        query: { type: "string", description: QUERY_DESCRIPTION, maxLength: MAX_REQUEST_LENGTH },
        limit: {
          type: "integer",
          description: `How many matches to return (default ${defaultLimit}).`,
          minimum: 1,
          maximum: MAX_SEARCH_LIMIT,
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
  };
}

export type ParsedSearchInput = { ok: true; query: string; limit: number | undefined } | { ok: false; error: string };

/** Checks the model's `search_tools` input, with messages that tell the model how to call it again. */
export function parseSearchInput(input: unknown): ParsedSearchInput {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, error: 'search_tools takes an object like {"query": "send a slack message"}.' };
  }
  const { query, limit } = input as { query?: unknown; limit?: unknown };
  const queryError = checkQuery(query);
  if (queryError) return { ok: false, error: queryError };
  let parsedLimit: number | undefined;
  if (limit !== undefined) {
    parsedLimit = typeof limit === "string" ? Number(limit) : (limit as number);
    if (!Number.isInteger(parsedLimit) || parsedLimit < 1 || parsedLimit > MAX_SEARCH_LIMIT) {
      return {
        ok: false,
        error: `search_tools: "limit" must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${describeValue(limit)}.`,
      };
    }
  }
  return { ok: true, query: (query as string).trim(), limit: parsedLimit };
}

/** Why a query is unusable, or `undefined` when it is fine. */
export function checkQuery(query: unknown, maxLength = MAX_REQUEST_LENGTH): string | undefined {
  if (typeof query !== "string")
    return `search_tools: "query" must be a string describing the task, got ${describeValue(query)}.`;
  if (query.trim() === "")
    return 'search_tools: "query" is empty. Describe what you want to do, e.g. "create a calendar event".';
  if (query.length > maxLength) {
    return `search_tools: "query" is ${query.length} characters; the limit is ${maxLength}. Use a few key words for the task instead.`;
  }
  return undefined;
}
