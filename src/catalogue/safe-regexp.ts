import { createRequire } from "node:module";
import type { RE2JS } from "re2js";
import { CATALOGUE_LIMITS } from "./limits.js";

const require = createRequire(import.meta.url);
let re2: typeof RE2JS | undefined;

/** What ajv needs of a compiled pattern. */
export interface SafeRegExp {
  test(text: string): boolean;
  toString(): string;
}

/**
 * ECMAScript's `\s` (and so `\S`) includes Unicode spaces that RE2's ASCII `\s` does not; a
 * schema author writes ECMAScript, so outside a character class they mean this set.
 */
const ECMA_SPACE =
  "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
/**
 * ECMAScript's `.` stops at every line terminator; RE2's stops at "\n" only, so `^.+$` (meant as
 * "one line") would accept "a\rb". Outside a character class, `.` means this set.
 */
const ECMA_DOT = "[^\\n\\r\\x{2028}\\x{2029}]";

/**
 * Compiles a JSON Schema `pattern` (ECMAScript syntax) for a linear-time engine: RE2, in the
 * pure-JS port `re2js`. Matching takes time linear in the input whatever the pattern, so a
 * `pattern` such as `^(a+)+$` cannot hang the process the way a backtracking engine does.
 *
 * RE2 does not support lookaround or backreferences (they are what makes backtracking
 * necessary); such a pattern throws here, and the tool is refused like any schema that
 * cannot be checked: toolsift never runs a tool with a `pattern` left unchecked.
 *
 * @throws Error saying why the pattern cannot be compiled.
 */
export function safeRegExp(pattern: string): SafeRegExp {
  if (pattern.length > CATALOGUE_LIMITS.patternChars) {
    throw new Error(`the pattern is ${pattern.length} characters long; the limit is ${CATALOGUE_LIMITS.patternChars}`);
  }
  // Loaded on the first pattern, not at import: most catalogues have few patterns or none.
  re2 ??= (require("re2js") as { RE2JS: typeof RE2JS }).RE2JS;
  let compiled: RE2JS;
  try {
    compiled = re2.compile(withEcmaMeanings(re2.translateRegExp(pattern)));
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : String(error);
    throw new Error(
      `the pattern ${JSON.stringify(pattern)} cannot be matched in linear time (${reason}); lookahead, lookbehind and ` +
        "backreferences are not supported. Rewrite it without them, or check that part inside execute",
    );
  }
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/u` };
}

/** ajv's hook for its `code.regExp` option; `code` names it in generated standalone code. */
export const safeRegExpEngine = Object.assign((pattern: string) => safeRegExp(pattern), {
  code: "toolsift.safeRegExp",
});

/** Rewrites `\s`, `\S` and `.` outside character classes to ECMAScript's meaning. */
function withEcmaMeanings(source: string): string {
  let out = "";
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (char === "\\") {
      const next = source[index + 1] ?? "";
      index++;
      if (!inClass && next === "s") out += `[${ECMA_SPACE}]`;
      else if (!inClass && next === "S") out += `[^${ECMA_SPACE}]`;
      else out += char + next;
      continue;
    }
    if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
    out += !inClass && char === "." ? ECMA_DOT : char;
  }
  return out;
}
