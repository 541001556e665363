import { boundText } from "../catalogue/bounded-text.js";
import { isRecord } from "../util/is-record.js";

/** A server's safeguard against a cursor loop; far beyond any real catalogue. */
export const MAX_PAGES = 1000;

/**
 * Pages through an MCP list (`tools/list`, `resources/list`, …) by its `nextCursor`, to the end or
 * until `maxItems` are in (what is past that is not fetched at all). The entries are checked one
 * by one afterwards, not here.
 *
 * @param key - The result's array: `tools`, `resources`, `resourceTemplates`, `prompts`.
 * @throws `Error` for a page without the array, a cursor that is not a string or comes twice, or
 *   more than {@link MAX_PAGES} pages.
 */
export async function pageThrough(
  method: string,
  key: string,
  fetchPage: (cursor: string | undefined) => Promise<unknown>,
  maxItems = Number.POSITIVE_INFINITY,
): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    const { [key]: pageItems, nextCursor } = isRecord(result) ? result : {};
    if (!Array.isArray(pageItems)) throw new Error(`the server answered ${method} without a ${key} array`);
    items.push(...pageItems);
    if (nextCursor === undefined || nextCursor === null || items.length >= maxItems) return items;
    if (typeof nextCursor !== "string")
      throw new Error(`the server sent a nextCursor that is ${typeof nextCursor}, not a string`);
    if (seen.has(nextCursor))
      throw new Error(
        `the server sent the cursor ${JSON.stringify(boundText(nextCursor, 100))} twice while paging ${method}`,
      );
    seen.add(nextCursor);
    cursor = nextCursor;
  }
  throw new Error(`${method} did not end after ${MAX_PAGES} pages`);
}
