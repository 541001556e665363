import type { RankedTool } from "../../src/ranking/index.js";

export {
  answerFamilies,
  FAMILY_CAP,
  FAMILY_HELD,
  protectedTools,
  searchFamilies,
} from "../../src/ranking/query/family-search.js";

/**
 * The text to rank within `family`: the request whose best match is of the family (the request
 * that is about it), else the whole query.
 */
export function familyRequest(
  family: string,
  query: string,
  requests: readonly string[],
  parts: readonly (readonly RankedTool[])[],
  familyOf: (name: string) => string | undefined,
): string {
  const index = parts.findIndex((part) => part[0] !== undefined && familyOf(part[0].name) === family);
  return requests[index] ?? query;
}
