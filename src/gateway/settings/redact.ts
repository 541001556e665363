/** `util.inspect.custom`, by its registered name, so the public types need no `@types/node`. */
const INSPECT: unique symbol = Symbol.for("nodejs.util.inspect.custom") as never;

/**
 * Secrets shorter than this are not redacted: a 1- to 3-character value (`${DEBUG}` = `1`,
 * `${PORT}` = `80`) would turn every digit or short word of every line into a variable name, and
 * is no secret anyway.
 */
export const MIN_REDACTED_LENGTH = 4;

/** What a value the config file holds itself (a password in a URL) is shown as. */
export const REDACTED = "[redacted]";

/** The ellipsis toolsift's bounded text ends a cut with: a secret cut there must not leave its start. */
const CUT = "…";

/**
 * How many prefixes of secrets one {@link Redactor.redact} call compares with the text before a
 * `…`. A message of toolsift's has a few cuts and uses a handful; a line an upstream server
 * filled with `…` would otherwise cost every `…` times every form of every secret (seconds a
 * line, with hundreds of secrets that share their start). Past it, fail closed: the text before
 * each later `…`, back to the one before it, up to the length of the longest secret, is redacted
 * unchecked.
 */
const MAX_CUT_CHECKS = 4_096;

/**
 * Blanks out the secrets a config brought in: each value `${NAME}` expanded from the environment
 * (shown as `${NAME}` again, as the file has it) and each password the file itself holds (shown as
 * `[redacted]`). It knows the forms a value takes on its way into a message: as is, URL-encoded,
 * JSON-escaped (once or twice, for a JSON string inside a JSON report), whitespace-collapsed, line
 * by line (a value of several lines), and cut short by a bounded message (`…`).
 *
 * The secrets live in private fields: `JSON.stringify`, `console.log` and `util.inspect` of a
 * config show no more than how many there are.
 *
 * @example
 * ```ts
 * const redactor = new Redactor([{ label: "${API_TOKEN}", value: process.env.API_TOKEN! }]);
 * log(redactor.redact(error.message)); // "… --token ${API_TOKEN} …"
 * ```
 */
export class Redactor {
  /** Each form of each secret, longest first, with what replaces it. */
  readonly #forms: readonly (readonly [form: string, label: string])[];
  /** The length of the longest form: no cut prefix of a secret is longer. */
  readonly #longest: number;
  readonly #pattern: RegExp | undefined;
  readonly #secrets: readonly { readonly label: string; readonly value: string }[];

  /** Values under {@link MIN_REDACTED_LENGTH} characters are left out. */
  constructor(secrets: Iterable<{ readonly label: string; readonly value: string }> = []) {
    const forms = new Map<string, string>();
    this.#secrets = [...secrets].filter(({ value }) => value.length >= MIN_REDACTED_LENGTH);
    for (const { label, value } of this.#secrets) {
      for (const form of formsOf(value))
        if (form.length >= MIN_REDACTED_LENGTH && !forms.has(form)) forms.set(form, label);
    }
    this.#forms = [...forms].sort(([a], [b]) => b.length - a.length);
    this.#longest = this.#forms[0]?.[0].length ?? 0;
    this.#pattern =
      this.#forms.length === 0 ? undefined : new RegExp(this.#forms.map(([form]) => escapeRegExp(form)).join("|"), "g");
  }

  /** How many secrets it redacts. */
  get size(): number {
    return this.#secrets.length;
  }

  /** A redactor of this one's secrets and `secrets`. */
  with(secrets: Iterable<{ readonly label: string; readonly value: string }>): Redactor {
    return new Redactor([...this.#secrets, ...secrets]);
  }

  /**
   * `text` with every secret replaced by its label. The labels hold no quote or backslash, so JSON
   * text stays JSON (unless a secret is a number, `true`, `false` or `null` and matches such a
   * token outside a string: it then reads as the label, the safe side to err on).
   */
  redact(text: string): string {
    if (this.#pattern === undefined) return text;
    const labels = new Map(this.#forms);
    const replaced = text.replace(this.#pattern, (form) => labels.get(form) ?? REDACTED);
    return replaced.includes(CUT) ? this.#redactCuts(replaced) : replaced;
  }

  /** Shown instead of the secrets by `JSON.stringify`. */
  toJSON(): string {
    return `[Redactor: ${this.size} secret${this.size === 1 ? "" : "s"}]`;
  }

  /** Shown instead of the secrets by `console.log` and `util.inspect`. */
  [INSPECT](): string {
    return this.toJSON();
  }

  /** A secret cut by a bounded message (`--token ghp_abc…`): its start goes too. */
  #redactCuts(text: string): string {
    let result = "";
    let from = 0;
    let checks = MAX_CUT_CHECKS;
    for (let at = text.indexOf(CUT); at >= 0; at = text.indexOf(CUT, at + 1)) {
      let cut = 0;
      let label = "";
      // Only where the last few characters before the cut occur in a form can a prefix of it end there.
      const tail = at - from >= MIN_REDACTED_LENGTH ? text.slice(at - MIN_REDACTED_LENGTH, at) : undefined;
      if (tail !== undefined && checks <= 0) {
        cut = Math.min(at - from, this.#longest - 1);
        label = REDACTED;
      }
      for (const [form, formLabel] of tail === undefined || checks <= 0 ? [] : this.#forms) {
        checks -= 1;
        for (let p = form.indexOf(tail as string); p >= 0; p = form.indexOf(tail as string, p + 1)) {
          checks -= 1;
          const length = p + MIN_REDACTED_LENGTH;
          // The whole form was replaced already; a prefix must also fit after the last replacement.
          if (length >= form.length || length > at - from) break;
          if (length > cut && text.startsWith(form.slice(0, p), at - length)) {
            cut = length;
            label = formLabel;
          }
        }
      }
      if (cut === 0) continue;
      result += `${text.slice(from, at - cut)}${label}`;
      from = at;
    }
    return result + text.slice(from);
  }
}

/** The forms a value takes in messages. */
function formsOf(value: string): Set<string> {
  const json = JSON.stringify(value).slice(1, -1);
  return new Set([
    value,
    encodeURIComponent(value),
    encodeURI(value),
    ...urlForms(value),
    json,
    JSON.stringify(json).slice(1, -1),
    value.replace(/[\s\p{Cc}]+/gu, " ").trim(),
    // A key of several lines (PEM) reaches a log one line at a time, through a server's stderr.
    ...value.split(/\r?\n/).map((line) => line.trim()),
  ]);
}

/**
 * How WHATWG URL parsing prints a value put in a path, a query or a host: each part escapes its
 * own set of characters (`|` stays in a path, `'` is escaped only in a query) and a host is
 * lower-cased, so a secret in a server's URL reaches a connect error in none of the forms above.
 */
function urlForms(value: string): string[] {
  const forms: string[] = [];
  try {
    forms.push(new URL(`http://h/${value}`).pathname.slice(1));
    forms.push(new URL(`http://h/?${value}`).search.slice(1));
  } catch {
    // A value no URL can hold is not printed as part of one.
  }
  if (/^[A-Za-z0-9.-]+$/.test(value)) forms.push(value.toLowerCase());
  return forms;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A redactor with nothing to redact. */
export const NO_SECRETS = new Redactor();
