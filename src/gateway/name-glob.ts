/** What a tool-name glob may hold: the characters of tool names, plus `*` and `?`. */
const GLOB_PATTERN = /^[a-zA-Z0-9_*?-]{1,200}$/;

/**
 * Why a glob over `server__tool` names is unusable, or `undefined` when it is fine. Tool names
 * only have letters, digits, `_` and `-`, so any other character could never match.
 */
export function globProblem(glob: unknown): string | undefined {
  if (typeof glob !== "string") return `must be a string, got ${glob === null ? "null" : Array.isArray(glob) ? "an array" : typeof glob}`;
  if (glob === "") return "is empty";
  if (!GLOB_PATTERN.test(glob)) {
    return `${JSON.stringify(glob)} can never match: tool names have only letters, digits, "_" and "-" (plus "*" for any run of characters and "?" for one), at most 200 characters`;
  }
  return undefined;
}

/**
 * A matcher for globs over tool names: `*` is any run of characters (`_` included), `?` one
 * character, anything else itself; the whole name must match, case-sensitively. Matching takes
 * time linear in the name times the glob, whatever the glob (no regular expression, so a glob
 * such as `*a*a*a*a*b` cannot backtrack for long).
 *
 * @example
 * ```ts
 * const denied = nameMatcher(["github__delete_*", "*__drop_table"]);
 * denied("github__delete_repository"); // true
 * ```
 */
export function nameMatcher(globs: readonly string[]): (name: string) => boolean {
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
