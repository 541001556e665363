import { describeValue } from "../../describe-value.js";
import { HIDDEN_CHARACTERS } from "../hidden-characters.js";

/** One tool's `describe` override: a description of its own, or a sentence after the server's. */
export type DescribeOverride = { kind: "replace"; text: string } | { kind: "append"; text: string };

/** The `describe` setting, checked: by catalogue name (`server__tool`). */
export type DescribeOverrides = ReadonlyMap<string, DescribeOverride>;

/** Bounds on `toolsift.describe`: the config is read by people, and every text goes to a model. */
export const DESCRIBE_LIMITS = {
  /** Tools one config describes. */
  maxTools: 2_000,
  /** Characters of a description that replaces the server's. */
  maxDescriptionChars: 4_000,
  /** Characters of an appended sentence. */
  maxAppendChars: 1_000,
} as const;

const FIELD = "toolsift.describe";
const EXAMPLE =
  '{"jira__create_issue": "Create a Jira issue (a ticket).", "jira__search": {"append": "Also finds epics."}}';

/**
 * Checks `toolsift.describe`: per tool, by its catalogue name, either a string (the description
 * clients see and search indexes, in place of the server's) or `{"append": "…"}` (a sentence
 * after the server's). Each name's server must be one of the file's (a typo there could never
 * match); a tool the server does not list is told at start, as a warning. A text holding a
 * character that hides text from a person (controls other than newline and tab, bidi and
 * zero-width characters, tag characters) is refused: it goes to a model with the config's trust,
 * and a suggested description pasted from an enrichment file is a model's output.
 *
 * @param serverNames - The servers of the file (disabled ones included).
 * @param fail - Throws the config error.
 * @example
 * ```ts
 * parseDescribe({ jira__create_issue: { append: "Use it for bugs too." } }, new Set(["jira"]), fail);
 * ```
 */
export function parseDescribe(
  value: unknown,
  serverNames: ReadonlySet<string>,
  fail: (field: string, problem: string) => never,
): DescribeOverrides {
  const overrides = new Map<string, DescribeOverride>();
  if (value === undefined) return overrides;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return fail(
      FIELD,
      `must be an object of tool names to descriptions, e.g. ${EXAMPLE}, not ${describeValue(value)}.`,
    );
  const names = Object.keys(value);
  if (names.length > DESCRIBE_LIMITS.maxTools)
    fail(FIELD, `describes ${names.length} tools, more than ${DESCRIBE_LIMITS.maxTools}. Describe fewer tools here.`);
  for (const name of names) {
    const field = `${FIELD}[${JSON.stringify(name.slice(0, 100))}]`;
    const split = name.indexOf("__");
    const server = split > 0 ? name.slice(0, split) : "";
    if (/[*?]/.test(name)) fail(field, 'names tools by a glob; describe takes exact tool names ("server__tool").');
    if (!serverNames.has(server) || name.length <= split + 2)
      fail(
        field,
        `is not a tool of this file's servers: names here are "server__tool" with one of ${[...serverNames].map((s) => JSON.stringify(s)).join(", ")}. Fix the name (toolsift inspect lists every tool).`,
      );
    overrides.set(name, overrideOf((value as Record<string, unknown>)[name], field, fail));
  }
  return overrides;
}

function overrideOf(entry: unknown, field: string, fail: (field: string, problem: string) => never): DescribeOverride {
  if (typeof entry === "string")
    return { kind: "replace", text: checkedText(entry, field, DESCRIBE_LIMITS.maxDescriptionChars, fail) };
  if (typeof entry === "object" && entry !== null && !Array.isArray(entry)) {
    const { append, ...rest } = entry as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined)
      fail(`${field}.${unknown}`, 'is not a describe setting: give a string (a new description) or {"append": "…"}.');
    if (typeof append !== "string")
      fail(
        `${field}.append`,
        `must be the sentence to add after the server's description, not ${describeValue(append)}.`,
      );
    return {
      kind: "append",
      text: checkedText(append as string, `${field}.append`, DESCRIBE_LIMITS.maxAppendChars, fail),
    };
  }
  return fail(
    field,
    `must be a new description (a string) or {"append": "a sentence after the server's"}, not ${describeValue(entry)}.`,
  );
}

function checkedText(
  text: string,
  field: string,
  max: number,
  fail: (field: string, problem: string) => never,
): string {
  const trimmed = text.trim();
  if (trimmed === "") fail(field, "is empty: give the text, or remove the entry.");
  if (trimmed.length > max) fail(field, `holds ${trimmed.length} characters, more than ${max}. Shorten it.`);
  for (const match of trimmed.matchAll(HIDDEN_CHARACTERS)) {
    if (match[0] === "\n" || match[0] === "\t") continue;
    const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    fail(
      field,
      `holds the character U+${code} at ${match.index}, which hides or disguises text from a person reading it. Remove it.`,
    );
  }
  return trimmed;
}

/**
 * A tool's description with its override applied. An appended sentence follows the server's
 * description after a space, and after a full stop when the description ends without one, so
 * the first sentence (what a stub shows) stays the server's own.
 *
 * @example
 * ```ts
 * describedAs("Create an issue", { kind: "append", text: "Also called a ticket." }); // "Create an issue. Also called a ticket."
 * ```
 */
export function describedAs(description: string, override: DescribeOverride): string {
  if (override.kind === "replace") return override.text;
  const own = description.trimEnd();
  if (own === "") return override.text;
  return `${own}${/[.!?:;。]$/.test(own) ? "" : "."} ${override.text}`;
}
