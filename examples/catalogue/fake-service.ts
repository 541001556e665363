import { toolOutput, type ToolOutput } from "../../src/catalogue/tool-output.js";

/** The fixed "now" of every example fake, so results do not depend on the wall clock. */
export const FAKE_NOW = "2025-06-02T09:00:00Z";

/** The error result a real server gives for a missing entity: a tool result, not a throw, so the model can recover. */
export function notFound(kind: string, id: string | number): ToolOutput {
  return toolOutput({ content: [{ type: "text", text: `${kind} not found: ${id}` }], isError: true });
}

/** The error result for input that is well-formed but refused by the service. */
export function refused(reason: string): ToolOutput {
  return toolOutput({ content: [{ type: "text", text: reason }], isError: true });
}

/** One page of `items` by page number, in the shape page-numbered APIs answer with. */
export function paginate<T>(items: readonly T[], page = 1, perPage = 30) {
  const start = (page - 1) * perPage;
  return {
    items: items.slice(start, start + perPage),
    total_count: items.length,
    page,
    has_more: start + perPage < items.length,
  };
}

/** One page of `items` by opaque cursor, in the shape cursor-paginated APIs answer with. */
export function cursorPage<T>(items: readonly T[], cursor: string | undefined, limit = 100) {
  const start = cursor === undefined ? 0 : Number.parseInt(Buffer.from(cursor, "base64url").toString(), 10) || 0;
  const end = start + limit;
  return {
    items: items.slice(start, end),
    next_cursor: end < items.length ? Buffer.from(String(end)).toString("base64url") : null,
  };
}

/** Whether `haystack` contains every whitespace-separated word of `query`, ignoring case: the fakes' search. */
export function matchesQuery(query: string, ...haystack: readonly (string | undefined)[]): boolean {
  const text = haystack.join(" ").toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .every((word) => text.includes(word));
}

/** A counter for ids, so created entities get predictable ids run after run. */
export function sequence(start: number): () => number {
  let next = start;
  return () => next++;
}

/**
 * Builds the `execute` wrapper for tools that act on one entity the input names (a repository,
 * a channel, a file): it finds the entity and runs `use` on it, or answers not-found.
 *
 * @example
 * ```ts
 * const inChannel = lookup("Channel", (input: { channel: string }) => channels.get(input.channel), (input) => input.channel);
 * execute: inChannel((input, channel) => channel.messages),
 * ```
 */
export function lookup<Key, Found>(kind: string, find: (key: Key) => Found | undefined, label: (key: Key) => string) {
  return <Input extends Key>(use: (input: Input, found: Found) => unknown) =>
    (input: Input) => {
      const found = find(input);
      return found === undefined ? notFound(kind, label(input)) : use(input, found);
    };
}
