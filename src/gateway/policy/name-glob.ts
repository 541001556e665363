import { describeValue } from "../../describe-value.js";

/** What a tool-name glob may hold: the characters of tool names, plus `*` and `?`. */
const GLOB_PATTERN = /^[a-zA-Z0-9_*?-]{1,200}$/;

/**
 * Why a glob over `server__tool` names is unusable, or `undefined` when it is fine. Tool names
 * only have letters, digits, `_` and `-`, so any other character could never match.
 */
export function globProblem(glob: unknown): string | undefined {
  if (typeof glob !== "string") return `must be a string, got ${describeValue(glob)}`;
  if (glob === "") return "is empty";
  if (!GLOB_PATTERN.test(glob)) {
    return `${JSON.stringify(glob)} can never match: tool names have only letters, digits, "_" and "-" (plus "*" for any run of characters and "?" for one), at most 200 characters`;
  }
  return undefined;
}

/**
 * A matcher for globs over tool names: `*` is any run of characters (`_` included), `?` one
 * character, anything else itself; the whole name must match, case-sensitively unless
 * `ignoreCase` (what `deny` uses, so that another letter case cannot slip past it). Matching takes
 * time linear in the name times the glob, whatever the glob (no regular expression, so a glob
 * such as `*a*a*a*a*b` cannot backtrack for long).
 *
 * @example
 * ```ts
 * const denied = nameMatcher(["github__delete_*", "*__drop_table"]);
 * denied("github__delete_repository"); // true
 * nameMatcher(["GitHub__*"], { ignoreCase: true })("github__x"); // true
 * ```
 */
export function nameMatcher(
  globs: readonly string[],
  options: { ignoreCase?: boolean } = {},
): (name: string) => boolean {
  if (options.ignoreCase) {
    const lower = globs.map((glob) => glob.toLowerCase());
    return (name) => {
      const folded = name.toLowerCase();
      return lower.some((glob) => globMatches(glob, folded));
    };
  }
  const list = [...globs];
  return (name) => list.some((glob) => globMatches(glob, name));
}

/** The classic wildcard match: on a mismatch, go back to just after the last `*` and let it eat one more character. */
function globMatches(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (g < glob.length && (glob[g] === "?" || glob[g] === name[n])) {
      g++;
      n++;
    } else if (g < glob.length && glob[g] === "*") {
      star = g++;
      resume = n;
    } else if (star >= 0) {
      g = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (glob[g] === "*") g++;
  return g === glob.length;
}

/**
 * What globs say about every name that starts with `prefix` (a server's `server__`): whether one
 * glob matches them all, and whether any glob can match one of them (a name longer than the
 * prefix). Reads each glob as a set of positions, one character at a time: linear in the prefix
 * times the glob, like {@link nameMatcher}.
 *
 * @example
 * ```ts
 * prefixCoverage(["github__*"], "github__"); // { all: true, some: true }
 * prefixCoverage(["github__get_*"], "github__"); // { all: false, some: true }
 * ```
 */
export function prefixCoverage(globs: readonly string[], prefix: string): { all: boolean; some: boolean } {
  let all = false;
  let some = false;
  for (const glob of globs) {
    const positions = positionsAfter(glob, prefix);
    // A position from which only stars remain matches any rest; an end of glob matches only the prefix itself.
    if ([...positions].some((at) => at < glob.length && /^\**$/.test(glob.slice(at)))) all = true;
    if ([...positions].some((at) => at < glob.length)) some = true;
  }
  return { all, some };
}

/** The glob positions reachable after reading `text`, each star free to match nothing. */
function positionsAfter(glob: string, text: string): Set<number> {
  let positions = withSkippedStars(glob, [0]);
  for (const char of text) {
    const next: number[] = [];
    for (const at of positions) {
      if (glob[at] === "*") next.push(at);
      else if (glob[at] === "?" || glob[at] === char) next.push(at + 1);
    }
    positions = withSkippedStars(glob, next);
    if (positions.size === 0) break;
  }
  return positions;
}

function withSkippedStars(glob: string, positions: readonly number[]): Set<number> {
  const all = new Set<number>();
  for (let at of positions) {
    all.add(at);
    while (glob[at] === "*") all.add(++at);
  }
  return all;
}
