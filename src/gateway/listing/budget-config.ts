import { describeValue } from "../../describe-value.js";
import type { ListingBudget } from "./listing-budget.js";

type Fail = (field: string, problem: string) => never;

/** The budget keys, at the top level of the `toolsift` block and in each `policies` entry. */
export const BUDGET_KEYS = ["maxListedTools", "maxListedTokens"] as const;
type BudgetKey = (typeof BUDGET_KEYS)[number];

/**
 * The smallest `maxListedTokens`: `search_tools` as the gateway lists it, budget sentence
 * included, is estimated at about 300 tokens (a test holds it under this), and the keep tools
 * come on top, which only the upstream servers can tell (the gateway warns then).
 */
export const MIN_LISTED_TOKENS = 500;
const MAX_VALUE: Record<BudgetKey, number> = { maxListedTools: 100_000, maxListedTokens: 100_000_000 };

/**
 * One budget value of the config: a whole number from its minimum, or `undefined` when unset.
 *
 * @param keepTools - How many keep tools are configured: with `search_tools`, the fewest tools a listing can hold.
 * @example
 * ```ts
 * parseBudgetValue(40, "maxListedTools", "toolsift.maxListedTools", 2, fail); // 40
 * ```
 */
export function parseBudgetValue(
  value: unknown,
  key: BudgetKey,
  field: string,
  keepTools: number,
  fail: Fail,
): number | undefined {
  if (value === undefined) return undefined;
  const max = MAX_VALUE[key];
  const unit = key === "maxListedTools" ? "tools" : "tokens";
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > max)
    return fail(
      field,
      `must be a whole number of ${unit} from 1 to ${max} (the most your client takes, e.g. 40 for Cursor), not ${describeValue(value)}.`,
    );
  if (key === "maxListedTools" && value < keepTools + 1)
    fail(
      field,
      `is ${value}, too few to list search_tools and the ${keepTools} keepTools, which are always listed. ` +
        `Raise it to at least ${keepTools + 1}, or keep fewer tools.`,
    );
  if (key === "maxListedTokens" && value < MIN_LISTED_TOKENS)
    fail(
      field,
      `is ${value}, too few to list search_tools, which is always listed (about 300 tokens) along with the keepTools. ` +
        `Raise it to at least ${MIN_LISTED_TOKENS}.`,
    );
  return value;
}

/**
 * The top-level budget of the `toolsift` block (`maxListedTools`, `maxListedTokens`), checked
 * against the keep tools; unset keys cap nothing.
 *
 * @example
 * ```ts
 * parseListingBudget({ maxListedTools: 40 }, 0, fail); // { maxListedTools: 40, maxListedTokens: undefined }
 * ```
 */
export function parseListingBudget(settings: Record<string, unknown>, keepTools: number, fail: Fail): ListingBudget {
  const value = (key: BudgetKey) => parseBudgetValue(settings[key], key, `toolsift.${key}`, keepTools, fail);
  return { maxListedTools: value("maxListedTools"), maxListedTokens: value("maxListedTokens") };
}
