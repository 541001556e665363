import { describeValue } from "../describe-value.js";
import { expandVariables } from "./settings/expand-variables.js";
import { REDACTED } from "./settings/redact.js";

/** Whose lessons a gateway client's searches rank with and teach. */
export type LearningScope = "identity" | "tenant" | "shared";

/** The `learning` setting of a `toolsift` block, checked. */
export interface LearningSettings {
  /**
   * Where lessons persist: a file under the cache folder (`cacheDir`, else the user's cache
   * folder), or a PostgreSQL database (the URL, `${NAME}` filled in; its password is redacted
   * from every message).
   */
  store: { kind: "file" } | { kind: "postgres"; url: string };
  /**
   * `identity`: each caller (token name or JWT subject) learns on its own. `tenant`: callers of
   * one tenant learn together (a caller without a tenant learns on its own). `shared`: every
   * caller learns together, as one user's gateway does.
   */
  scope: LearningScope;
}

const SCOPES: readonly LearningScope[] = ["identity", "tenant", "shared"];
const EXAMPLE = '{"store": "file", "scope": "identity"}';

/**
 * Checks `toolsift.learning`: `false` (the default) or absent keeps no lessons; `true` is
 * `{"store": "file", "scope": "identity"}`.
 *
 * @param secret - Told of each value to redact: what `${NAME}` in the store URL brought in, and the URL's password.
 * @param fail - Throws the config error; messages never hold the URL.
 *
 * @example
 * ```ts
 * parseLearning({ store: "postgres://toolsift:${PG_PASSWORD}@db/toolsift", scope: "tenant" }, process.env, redact.push, fail);
 * ```
 */
export function parseLearning(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  secret: (secret: { label: string; value: string }) => void,
  fail: (field: string, problem: string) => never,
): LearningSettings | false {
  if (value === undefined || value === false) return false;
  if (value === true) return { store: { kind: "file" }, scope: "identity" };
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return fail("toolsift.learning", `must be true, false or ${EXAMPLE}, not ${describeValue(value)}.`);
  const { store = "file", scope = "identity", ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    fail(`toolsift.learning.${unknown}`, 'is not a learning setting; they are "store" and "scope".');
  if (typeof scope !== "string" || !(SCOPES as readonly string[]).includes(scope))
    fail(
      "toolsift.learning.scope",
      `must be one of ${SCOPES.map((name) => `"${name}"`).join(", ")}, not ${describeValue(scope)}.`,
    );
  return { store: parseStore(store, env, secret, fail), scope: scope as LearningScope };
}

function parseStore(
  store: unknown,
  env: Readonly<Record<string, string | undefined>>,
  secret: (secret: { label: string; value: string }) => void,
  fail: (field: string, problem: string) => never,
): LearningSettings["store"] {
  const field = "toolsift.learning.store";
  // A string is not shown back: it may be a URL with a password in it.
  const must =
    'must be "file" or a PostgreSQL URL such as "postgres://toolsift:${PG_PASSWORD}@db.internal:5432/toolsift"';
  if (typeof store !== "string") return fail(field, `${must}, not ${describeValue(store)}.`);
  if (store === "file") return { kind: "file" };
  return { kind: "postgres", url: parsePostgresUrl(store, field, must, env, secret, fail) };
}

/**
 * A PostgreSQL URL of the config, `${NAME}` filled in; its password (as written and decoded) and
 * what `${NAME}` brought in are told to `secret`, and no message shows the URL.
 *
 * @param must - What the field must be, for messages (e.g. `must be a PostgreSQL URL such as …`).
 * @example
 * ```ts
 * const url = parsePostgresUrl(value, "toolsift.sessions", "must be a PostgreSQL URL", process.env, secrets.push, fail);
 * ```
 */
export function parsePostgresUrl(
  value: string,
  field: string,
  must: string,
  env: Readonly<Record<string, string | undefined>>,
  secret: (secret: { label: string; value: string }) => void,
  fail: (field: string, problem: string) => never,
): string {
  const expanded = expandVariables(value, env, (name, found) => secret({ label: `\${${name}}`, value: found }));
  if (!expanded.ok) return fail(field, `${expanded.problem}.`);
  let url: URL;
  try {
    url = new URL(expanded.value);
  } catch {
    return fail(field, `${must}; this one is not a URL (it is not shown here, since it may hold a password).`);
  }
  if (url.password !== "") {
    secret({ label: REDACTED, value: url.password });
    secret({ label: REDACTED, value: safeDecode(url.password) });
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:")
    fail(field, `${must}; this URL's scheme is ${JSON.stringify(url.protocol)}.`);
  return expanded.value;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
