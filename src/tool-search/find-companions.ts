import type { SearchCompanion, SearchMatch } from "../session/index.js";

/** Companions per answer, at most: a hint beside the matches, not a second list of results. */
export const MAX_COMPANIONS = 2;

/** Where companions come from, for one search. */
export interface CompanionSources {
  /** Tools the scope's sessions used together with `tool` (corroborated), best first. */
  usedWith(tool: string): Promise<readonly string[]>;
  /** Per thing whose id `tool` needs, the tools that produce it. */
  producers(tool: string): readonly { thing: string; tools: readonly string[] }[];
  /** The one of `candidates` the ranker finds best for the query, if it finds any. */
  best(candidates: ReadonlySet<string>): Promise<string | undefined>;
  /** Whether this search may show the tool (permissions, a `server:` restriction). */
  allowed(name: string): boolean;
  description(name: string): string;
}

/**
 * The companions of a search's matches: for each confident match, best first, the tools used
 * together with it, then a producer of each id it needs (the one the ranker finds best for the
 * query among them, so the one the query's words point to), until {@link MAX_COMPANIONS}. A
 * weak match has none: a companion of a guess is a second guess. A tool already among the matches
 * is no companion.
 */
export async function findCompanions(
  matches: readonly SearchMatch[],
  sources: CompanionSources,
): Promise<SearchCompanion[]> {
  const taken = new Set(matches.map((match) => match.name));
  const companions: SearchCompanion[] = [];
  const offer = (name: string, of: string, reason: SearchCompanion["reason"]): boolean => {
    if (taken.has(name) || !sources.allowed(name)) return false;
    taken.add(name);
    companions.push({ name, description: sources.description(name), companionOf: of, reason });
    return companions.length >= MAX_COMPANIONS;
  };
  for (const match of matches) {
    if (match.confidence === "weak") continue;
    for (const name of await sources.usedWith(match.name))
      if (offer(name, match.name, "used_together")) return companions;
    for (const { tools } of sources.producers(match.name)) {
      const candidates = new Set(tools.filter((name) => !taken.has(name) && sources.allowed(name)));
      if (candidates.size === 0) continue;
      const best = await sources.best(candidates);
      if (best !== undefined && candidates.has(best) && offer(best, match.name, "provides_input")) return companions;
    }
  }
  return companions;
}
