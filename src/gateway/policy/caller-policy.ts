import type { ToolDefinition } from "../../index.js";
import { callerKey, type Caller } from "../auth/caller.js";
import type { PolicyEntry } from "./policies-config.js";
import type { ListingBudget } from "../listing/listing-budget.js";
import { DENY_EVERYTHING, toolPolicy, type PolicyRules, type ToolPolicy } from "./tool-policy.js";

/** How many distinct sets of matching policies keep a built policy; past it the cache starts over. */
const MAX_CACHED_POLICIES = 256;

/**
 * Whether a value is a {@link Caller}, checked field by field: `permit` gets the application's
 * context as `unknown`, and anything that is not a caller is denied.
 */
export function isCaller(value: unknown): value is Caller {
  if (typeof value !== "object" || value === null) return false;
  const caller = value as Record<string, unknown>;
  return (
    typeof caller.id === "string" &&
    (caller.via === "token" || caller.via === "oauth" || caller.via === "none") &&
    isStrings(caller.groups) &&
    isStrings(caller.scopes) &&
    (caller.tenant === undefined || typeof caller.tenant === "string")
  );
}

function isStrings(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/**
 * Whether a `policies` entry applies to a caller: it does when the caller matches **any** of its
 * selectors, each compared exactly (case-sensitively): `callers` holds the caller's `id` (a
 * token's name, a JWT's `sub`) or, for an entry with a colon, its `via:id` key (`"token:ci"`,
 * `"oauth:alice"`, to tell a token from an OAuth subject of the same name); `groups` one of its
 * groups; `scopes` one of its OAuth scopes; `tenants` its tenant. An entry with a colon is only
 * ever a key: an OAuth subject that happens to read `"token:ci"` does not get the token's policy.
 *
 * @example
 * ```ts
 * policyApplies({ groups: ["ops"], callers: [], scopes: [], tenants: [], allow: [], deny: [], allowDestructive: [] }, caller);
 * ```
 */
export function policyApplies(entry: PolicyEntry, caller: Caller): boolean {
  return (
    entry.callers.some((name) => (name.includes(":") ? name === callerKey(caller) : name === caller.id)) ||
    caller.groups.some((group) => entry.groups.includes(group)) ||
    caller.scopes.some((scope) => entry.scopes.includes(scope)) ||
    (caller.tenant !== undefined && entry.tenants.includes(caller.tenant))
  );
}

/**
 * The rules one caller gets: the top-level `allow`, `deny` and `allowDestructive` apply to
 * everyone, and each policy that applies adds its own to them (`allow` lists are joined, so does
 * `deny`, so does `allowDestructive`); `deny` always wins over `allow`. A caller no policy
 * applies to gets the top-level rules alone.
 */
export function rulesFor(base: PolicyRules, entries: readonly PolicyEntry[]): PolicyRules {
  return {
    allow: base.allow === undefined ? undefined : [...base.allow, ...entries.flatMap((entry) => entry.allow)],
    deny: [...base.deny, ...entries.flatMap((entry) => entry.deny)],
    allowDestructive: [...base.allowDestructive, ...entries.flatMap((entry) => entry.allowDestructive)],
  };
}

/**
 * Each caller's policy, from the config's settings and `policies`. One instance serves the tool
 * search's `permit` and every connection, so a listing, a search and a call judge alike.
 *
 * @example
 * ```ts
 * const policies = new CallerPolicies(settings, (name) => host.sourceOf(name)?.tool);
 * policies.for(caller).permits("github__create_issue");
 * ```
 */
export class CallerPolicies {
  private readonly byCaller = new WeakMap<object, ToolPolicy>();
  /** By the indexes of the policies that apply: callers with the same ones share a policy. */
  private readonly built = new Map<string, ToolPolicy>();

  constructor(
    private readonly settings: PolicyRules & { policies: readonly PolicyEntry[] },
    /** The original MCP name behind a catalogue name, when toolsift renamed the tool. */
    private readonly originalName: (name: string) => string | undefined = () => undefined,
  ) {}

  /** The policy of a caller; {@link DENY_EVERYTHING} for anything that is not a {@link Caller}. */
  for(context: unknown): ToolPolicy {
    if (!isCaller(context)) return DENY_EVERYTHING;
    const known = this.byCaller.get(context);
    if (known) return known;
    const applying = this.settings.policies.flatMap((entry, index) => (policyApplies(entry, context) ? [index] : []));
    const key = applying.join(",");
    let policy = this.built.get(key);
    if (!policy) {
      if (this.built.size >= MAX_CACHED_POLICIES) this.built.clear();
      policy = toolPolicy(
        rulesFor(
          this.settings,
          applying.map((index) => this.settings.policies[index]!),
        ),
      );
      this.built.set(key, policy);
    }
    this.byCaller.set(context, policy);
    return policy;
  }

  /** The tool search's `permit`: whether this caller may see and call this tool. */
  permits(tool: Pick<ToolDefinition, "name">, context: unknown): boolean {
    return this.for(context).permits(tool.name, this.originalName(tool.name));
  }
}

/**
 * The listing budget of a caller: a key set by a policy that applies wins over the top-level
 * one, and of several such policies the smallest wins (the cap protects the client). Anything
 * that is not a {@link Caller} gets the top-level budget.
 *
 * @example
 * ```ts
 * budgetFor({ maxListedTools: 128, maxListedTokens: undefined, policies: [{ groups: ["cursor"], maxListedTools: 40, ... }] }, caller);
 * ```
 */
export function budgetFor(
  settings: ListingBudget & { policies: readonly PolicyEntry[] },
  context: unknown,
): ListingBudget {
  const applying = isCaller(context) ? settings.policies.filter((entry) => policyApplies(entry, context)) : [];
  const pick = (key: keyof ListingBudget): number | undefined => {
    const own = applying.flatMap((entry) => (entry[key] === undefined ? [] : [entry[key]]));
    return own.length > 0 ? Math.min(...own) : settings[key];
  };
  return { maxListedTools: pick("maxListedTools"), maxListedTokens: pick("maxListedTokens") };
}
