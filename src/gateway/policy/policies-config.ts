import { describeValue } from "../../describe-value.js";
import { globProblem } from "./name-glob.js";
import { BUDGET_KEYS, parseBudgetValue } from "../listing/budget-config.js";

/**
 * One entry of the config's `policies`: who it applies to (a caller matching any selector) and
 * what it adds, for them, to the top-level `allow`, `deny` and `allowDestructive`.
 */
export interface PolicyEntry {
  /** Caller ids (a token's name, a JWT's `sub`), or `via:id` keys such as `"oauth:alice"`. */
  callers: string[];
  groups: string[];
  scopes: string[];
  tenants: string[];
  allow: string[];
  deny: string[];
  allowDestructive: string[];
  /** This caller's own `maxListedTools`, over the top-level one (the smallest of the policies that apply). */
  maxListedTools?: number | undefined;
  /** This caller's own `maxListedTokens`, likewise. */
  maxListedTokens?: number | undefined;
}

/** The config's `rateLimits`: per caller, per minute; `undefined` is no limit. */
export interface RateLimits {
  /** `tools/call` of any tool but `search_tools`. */
  callsPerMinute: number | undefined;
  /** `search_tools` calls. */
  searchesPerMinute: number | undefined;
}

type Fail = (field: string, problem: string) => never;

/** Bounds, so a config cannot make every call walk a huge list. */
const MAX_POLICIES = 1_000;
const MAX_SELECTORS = 1_000;
const MAX_SELECTOR_CHARS = 256;
const SELECTOR_KEYS = ["callers", "groups", "scopes", "tenants"] as const;
const RULE_KEYS = ["allow", "deny", "allowDestructive"] as const;

/**
 * A list of globs over `server__tool` names, checked: each must be able to match a tool name, an
 * exact name must start with a server of the file, and so must a glob whose server part (before
 * the first `__`) has no wildcard (a typo there would silently match nothing). With `ignoreCase`
 * (a `deny` list, which matches in any letter case), the server may be named in any case.
 *
 * @example
 * ```ts
 * parseGlobList(["github__*"], "toolsift.deny", new Set(["github"]), fail); // ["github__*"]
 * ```
 */
export function parseGlobList(
  value: unknown,
  field: string,
  serverNames: ReadonlySet<string>,
  fail: Fail,
  ignoreCase = false,
): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    return fail(field, `must be an array of tool names or globs such as "github__*", not ${describeValue(value)}.`);
  value.forEach((glob: unknown, index) => {
    const problem = globProblem(glob);
    if (problem) fail(`${field}[${index}]`, `${problem}.`);
    checkServerOf(glob as string, `${field}[${index}]`, serverNames, fail, ignoreCase);
  });
  return [...(value as string[])];
}

/** An exact name, or a glob with a literal server part, must name a server of this file. */
function checkServerOf(
  name: string,
  field: string,
  serverNames: ReadonlySet<string>,
  fail: Fail,
  ignoreCase: boolean,
): void {
  const split = name.indexOf("__");
  const server = split > 0 ? name.slice(0, split) : undefined;
  const wild = /[*?]/.test(name);
  if (wild && (server === undefined || /[*?]/.test(server))) return;
  if (
    server !== undefined &&
    (serverNames.has(server) ||
      (ignoreCase && [...serverNames].some((known) => known.toLowerCase() === server.toLowerCase())))
  )
    return;
  const servers = [...serverNames].map((s) => JSON.stringify(s)).join(", ");
  fail(
    field,
    wild
      ? `is ${JSON.stringify(name)}, whose server ${JSON.stringify(server)} is not one of this file's servers (${servers}), so it would match nothing. ` +
          `Fix the server name, or use a glob such as "*__${name.slice(split + 2)}".`
      : `is ${JSON.stringify(name)}, but tool names here are "server__tool" with one of the servers ${servers}. ` +
          `Fix the name (toolsift inspect lists every tool), or use a glob such as "*__${split > 0 ? name.slice(split + 2) : name}".`,
  );
}

/**
 * The config's `policies`: an array of entries, each with at least one selector (`callers`,
 * `groups`, `scopes`, `tenants`) and at least one rule (`allow`, `deny`, `allowDestructive`) or
 * listing budget (`maxListedTools`, `maxListedTokens`).
 *
 * @param baseAllow - Whether the top-level `allow` is set: without it every tool is allowed
 *   already, so an entry's `allow` could add nothing and is refused rather than ignored.
 * @param keepTools - How many keep tools are configured, the fewest tools (with `search_tools`) a budget must hold.
 * @example
 * ```ts
 * parsePolicies([{ groups: ["ops"], allow: ["db__*"] }], new Set(["db"]), true, fail);
 * ```
 */
export function parsePolicies(
  value: unknown,
  serverNames: ReadonlySet<string>,
  baseAllow: boolean,
  fail: Fail,
  keepTools = 0,
): PolicyEntry[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_POLICIES)
    return fail(
      "toolsift.policies",
      `must be an array of at most ${MAX_POLICIES} entries like {"groups": ["ops"], "allow": ["db__*"]}, not ${describeValue(value)}.`,
    );
  return value.map((raw: unknown, index) => {
    const where = `toolsift.policies[${index}]`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw))
      return fail(where, `must be an object like {"groups": ["ops"], "allow": ["db__*"]}, not ${describeValue(raw)}.`);
    const entry = raw as Record<string, unknown>;
    const known: readonly string[] = [...SELECTOR_KEYS, ...RULE_KEYS, ...BUDGET_KEYS];
    const stray = Object.keys(entry).find((key) => !known.includes(key));
    if (stray !== undefined) fail(`${where}.${stray}`, `is not a policy field. The fields are: ${known.join(", ")}.`);
    const selector = (key: (typeof SELECTOR_KEYS)[number]) => selectors(entry[key], `${where}.${key}`, fail);
    const rule = (key: (typeof RULE_KEYS)[number]) =>
      parseGlobList(entry[key], `${where}.${key}`, serverNames, fail, key === "deny");
    const parsed: PolicyEntry = {
      callers: selector("callers"),
      groups: selector("groups"),
      scopes: selector("scopes"),
      tenants: selector("tenants"),
      allow: rule("allow") ?? [],
      deny: rule("deny") ?? [],
      allowDestructive: rule("allowDestructive") ?? [],
    };
    for (const key of BUDGET_KEYS) {
      const budget = parseBudgetValue(entry[key], key, `${where}.${key}`, keepTools, fail);
      if (budget !== undefined) parsed[key] = budget;
    }
    if (SELECTOR_KEYS.every((key) => parsed[key].length === 0))
      fail(
        where,
        'names no "callers", "groups", "scopes" or "tenants", so it would apply to nobody. Rules for everyone go in the top-level allow, deny and allowDestructive.',
      );
    if ([...RULE_KEYS, ...BUDGET_KEYS].every((key) => entry[key] === undefined))
      fail(
        where,
        'has no "allow", "deny", "allowDestructive", "maxListedTools" or "maxListedTokens", so it changes nothing.',
      );
    if (!baseAllow && entry.allow !== undefined)
      fail(
        `${where}.allow`,
        'adds to the top-level allow, which is not set, so every tool is allowed to everyone already and this allows nothing more. Set toolsift.allow (e.g. [] to allow nothing by default), or use "deny" here to take tools away.',
      );
    return parsed;
  });
}

function selectors(value: unknown, field: string, fail: Fail): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_SELECTORS)
    return fail(field, `must be an array of at most ${MAX_SELECTORS} strings, not ${describeValue(value)}.`);
  value.forEach((item: unknown, index) => {
    if (typeof item !== "string" || item === "" || item.length > MAX_SELECTOR_CHARS)
      fail(
        `${field}[${index}]`,
        `must be a string of 1 to ${MAX_SELECTOR_CHARS} characters, not ${describeValue(item)}.`,
      );
  });
  return [...(value as string[])];
}

/**
 * The config's `rateLimits`: `{ "callsPerMinute": 120, "searchesPerMinute": 60 }`, each optional,
 * a whole number from 1 to 1,000,000, per caller.
 *
 * @example
 * ```ts
 * parseRateLimits({ callsPerMinute: 60 }, fail); // { callsPerMinute: 60, searchesPerMinute: undefined }
 * ```
 */
export function parseRateLimits(value: unknown, fail: Fail): RateLimits {
  if (value === undefined) return { callsPerMinute: undefined, searchesPerMinute: undefined };
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return fail(
      "toolsift.rateLimits",
      `must be an object like {"callsPerMinute": 120, "searchesPerMinute": 60}, not ${describeValue(value)}.`,
    );
  const limits = value as Record<string, unknown>;
  const stray = Object.keys(limits).find((key) => key !== "callsPerMinute" && key !== "searchesPerMinute");
  if (stray !== undefined)
    fail(`toolsift.rateLimits.${stray}`, "is not a rate limit; they are callsPerMinute and searchesPerMinute.");
  const perMinute = (key: "callsPerMinute" | "searchesPerMinute"): number | undefined => {
    const limit = limits[key];
    if (limit === undefined) return undefined;
    if (!isWholeNumber(limit) || limit < 1 || limit > 1_000_000)
      fail(`toolsift.rateLimits.${key}`, `must be a whole number from 1 to 1000000, not ${describeValue(limit)}.`);
    return limit;
  };
  return { callsPerMinute: perMinute("callsPerMinute"), searchesPerMinute: perMinute("searchesPerMinute") };
}

/** Number.isInteger, as a type guard: false for anything that is not a number. */
function isWholeNumber(value: unknown): value is number {
  return Number.isInteger(value);
}
