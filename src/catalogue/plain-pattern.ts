/**
 * Whether a schema's `pattern` is plainly one the linear-time engine compiles (see
 * `safeRegExp`), read without compiling it: printable ASCII made of literals, `.`, the escapes
 * `\d \w \s` (and their capitals) or of a syntax character, character classes of such items and
 * ranges, groups (plain or `(?:…)`), alternation, `^` and `$`, and quantifiers of at most 1,000
 * repeats. Those are the patterns of real catalogues (ids, dates, emails, versions).
 *
 * `false` means "not sure", never "unsafe": the pattern is then compiled to know. Compiling one
 * costs about two milliseconds in a fresh process (the engine is loaded and warmed up for it),
 * and a catalogue's first listing pays that for each distinct pattern before its first search.
 * The input validator still compiles a pattern when a tool is first called, and refuses the
 * call if that fails, so a wrong `true` here could only move a refusal from listing to call.
 *
 * @example
 * compilesPlainly("^[A-Z][A-Z0-9]+-\\d+$") // true
 * compilesPlainly("^(?=.*\\d)\\w+$")        // false: lookahead, which RE2 refuses
 */
export function compilesPlainly(pattern: string): boolean {
  if (pattern.length > MAX_PLAIN_CHARS || !PRINTABLE_ASCII.test(pattern)) return false;
  const reader = new PatternReader(pattern);
  const size = reader.alternation(0);
  return size !== FAIL && reader.at === pattern.length && size <= MAX_PLAIN_SIZE;
}

/** Longer patterns are compiled: rare, and the reading below is meant for the common ones. */
const MAX_PLAIN_CHARS = 1_000;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** RE2 refuses a repeat count over 1,000. */
const MAX_REPEAT = 1_000;
/**
 * A bound on the pattern's size with repeats expanded, well inside what RE2 compiles: a
 * repeat of a repeat (`(a{1000}){1000}`) is refused by RE2 as too large, and is compiled here
 * to hear so.
 */
const MAX_PLAIN_SIZE = 10_000;
/** Groups nested deeper than this are compiled. */
const MAX_DEPTH = 8;
const FAIL = -1;
/** Characters with a meaning of their own in a pattern (outside a class). */
const SYNTAX = "^$\\.*+?()[]{}|/";
const CLASS_ESCAPES = "dDwWsS";

/** A recursive reading of the plain subset, each step returning the size it read or {@link FAIL}. */
class PatternReader {
  at = 0;

  constructor(private readonly text: string) {}

  private peek(): string | undefined {
    return this.text[this.at];
  }

  /** `alternative ("|" alternative)*`, up to a `)` or the end. */
  alternation(depth: number): number {
    let size = this.alternative(depth);
    while (size !== FAIL && this.peek() === "|") {
      this.at++;
      const next = this.alternative(depth);
      size = next === FAIL ? FAIL : size + next;
    }
    return size;
  }

  private alternative(depth: number): number {
    let size = 0;
    for (let char = this.peek(); char !== undefined && char !== "|" && char !== ")"; char = this.peek()) {
      const term = this.term(depth);
      if (term === FAIL) return FAIL;
      size += term;
    }
    return size;
  }

  private term(depth: number): number {
    const char = this.peek()!;
    if (char === "^" || char === "$") {
      this.at++;
      // A quantifier after an assertion is an error in a Unicode pattern.
      return this.isQuantifier() ? FAIL : 1;
    }
    const atom = this.atom(depth);
    return atom === FAIL ? FAIL : this.quantified(atom);
  }

  private atom(depth: number): number {
    const char = this.peek()!;
    this.at++;
    if (char === "(") {
      if (depth >= MAX_DEPTH) return FAIL;
      if (this.peek() === "?") {
        if (this.text[this.at + 1] !== ":") return FAIL;
        this.at += 2;
      }
      const inner = this.alternation(depth + 1);
      if (inner === FAIL || this.peek() !== ")") return FAIL;
      this.at++;
      return inner + 1;
    }
    if (char === "[") return this.characterClass();
    if (char === "\\") return this.escape(false) ? 1 : FAIL;
    if (char === ".") return 1;
    return SYNTAX.includes(char) ? FAIL : 1;
  }

  /** An escape after `\`: a class escape or a syntax character (`-` too, inside a class). */
  private escape(inClass: boolean): boolean {
    const char = this.peek();
    if (char === undefined) return false;
    this.at++;
    return CLASS_ESCAPES.includes(char) || SYNTAX.includes(char) || (inClass && char === "-");
  }

  /** After `[`: `^`? then literals, escapes and literal ranges up to `]`; never empty. */
  private characterClass(): number {
    if (this.peek() === "^") this.at++;
    let items = 0;
    while (this.peek() !== "]") {
      const char = this.peek();
      // A class within a class is read differently by RE2 (`[[:alpha:]]`) than by ECMAScript.
      if (char === undefined || char === "[") return FAIL;
      this.at++;
      if (char === "\\") {
        if (!this.escape(true)) return FAIL;
      } else if (char === "-") {
        // A lone "-" only first or last: engines disagree on one after a range ("[a-c-e]").
        if (items > 0 && this.peek() !== "]") return FAIL;
      } else if (this.peek() === "-" && this.text[this.at + 1] !== "]") {
        const end = this.text[this.at + 1];
        if (end === undefined || "\\[-".includes(end) || end < char) return FAIL;
        this.at += 2;
      }
      items++;
    }
    this.at++;
    return items === 0 ? FAIL : 1;
  }

  private isQuantifier(): boolean {
    const char = this.peek();
    return char === "*" || char === "+" || char === "?" || char === "{";
  }

  /** The atom's size times its repeats, after an optional quantifier (and its lazy `?`). */
  private quantified(size: number): number {
    const char = this.peek();
    let repeats = 1;
    if (char === "*" || char === "+" || char === "?") this.at++;
    else if (char === "{") {
      const bounds = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(this.text.slice(this.at));
      if (!bounds) return FAIL;
      const low = Number(bounds[1]);
      const high = bounds[3] ? Number(bounds[3]) : low;
      if (low > MAX_REPEAT || high > MAX_REPEAT || high < low) return FAIL;
      repeats = Math.max(high, 1);
      this.at += bounds[0].length;
    } else return size;
    if (this.peek() === "?") this.at++;
    // Two quantifiers in a row ("a**") is an error in ECMAScript.
    return this.isQuantifier() ? FAIL : size * repeats;
  }
}
