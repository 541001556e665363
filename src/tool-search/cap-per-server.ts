/** Who a result belongs to, and which servers a query lifts the cap of: see {@link capPerServer}. */
export interface ServerCap {
  /** The most results one server may hold ahead of other servers' results. */
  max: number;
  /** The server of a result's tool; `undefined` for a tool without one, which is never capped. */
  serverOf(name: string): string | undefined;
  /** Whether a server is exempt from the cap for this query (the query names it). */
  exempt(server: string): boolean;
  /**
   * Whether one result keeps its place whatever its server's count, and counts for nothing
   * (the query says its name); none when left out.
   */
  keeps?(name: string): boolean;
}

/**
 * How many of a search's `limit` results one server may take: `option` when it is a number
 * (`false`: no cap), else half of `limit` rounded up. `undefined` when the cap cannot bite
 * (it allows all `limit` results), so the search runs as if there were none.
 *
 * @example
 * ```ts
 * resultsPerServer(undefined, 5); // 3
 * resultsPerServer(2, 5); // 2
 * resultsPerServer(false, 5); // undefined
 * ```
 */
export function resultsPerServer(option: number | false | undefined, limit: number): number | undefined {
  if (option === false) return undefined;
  const max = option ?? Math.ceil(limit / 2);
  return max < limit ? max : undefined;
}

/**
 * The servers that hold more than `cap.max` of the first `limit` results: those whose excess
 * {@link capPerServer} will demote, and whose tools a second retrieval leaves out to find what
 * can take their places.
 */
export function saturatedServers<T extends { name: string }>(
  ranked: readonly T[],
  limit: number,
  cap: ServerCap,
): Set<string> {
  const counts = new Map<string, number>();
  const saturated = new Set<string>();
  for (const hit of ranked.slice(0, limit)) {
    const server = cap.serverOf(hit.name);
    if (server === undefined || cap.keeps?.(hit.name)) continue;
    const count = (counts.get(server) ?? 0) + 1;
    counts.set(server, count);
    if (count > cap.max && !cap.exempt(server)) saturated.add(server);
  }
  return saturated;
}

/**
 * A ranked list with no server holding more than `cap.max` places ahead of another server's
 * result: a server's results past its `max` move below every result that is within its own
 * server's cap, in their order, and fill the places nothing else takes. So the list is exactly
 * as long as before (`limit`, or all of `ranked` when shorter): the cap reorders, it never
 * drops a result, and the first result never moves (so neither does the verdict on it).
 * Tools without a server, servers the query names (`cap.exempt`) and results `cap.keeps` are
 * not capped.
 *
 * `ranked` must be best first; a server's demoted results keep their order among themselves.
 *
 * @example
 * ```ts
 * const cap = { max: 2, serverOf: (name: string) => name.split("__")[0], exempt: () => false };
 * capPerServer([{ name: "a__1" }, { name: "a__2" }, { name: "a__3" }, { name: "b__1" }], 3, cap);
 * // [{ name: "a__1" }, { name: "a__2" }, { name: "b__1" }]
 * ```
 */
export function capPerServer<T extends { name: string }>(ranked: readonly T[], limit: number, cap: ServerCap): T[] {
  const counts = new Map<string, number>();
  const kept: T[] = [];
  const excess: T[] = [];
  for (const hit of ranked) {
    if (kept.length >= limit) break;
    const server = cap.serverOf(hit.name);
    if (server === undefined || cap.exempt(server) || cap.keeps?.(hit.name)) {
      kept.push(hit);
      continue;
    }
    const count = (counts.get(server) ?? 0) + 1;
    counts.set(server, count);
    (count > cap.max ? excess : kept).push(hit);
  }
  return [...kept, ...excess].slice(0, Math.min(limit, ranked.length));
}
