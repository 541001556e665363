import { describeValue } from "../describe-value.js";
import { parsePostgresUrl } from "./learning-config.js";

/** The `misses` setting of a `toolsift` block, checked. */
export interface MissesSettings {
  /**
   * Where misses persist: a file under the cache folder (`cacheDir`, else the user's cache
   * folder), or a PostgreSQL database (the URL, `${NAME}` filled in; its password is redacted).
   */
  store: { kind: "file" } | { kind: "postgres"; url: string };
  /** Keep each request's text, not only its keyed hash and length. */
  recordText: boolean;
}

const EXAMPLE = '{"store": "file", "recordText": false}';

/**
 * Checks `toolsift.misses`: `false` (the default) or absent records none; `true` is
 * `{"store": "file", "recordText": false}`.
 *
 * @param secret - Told of each value to redact: what `${NAME}` in the store URL brought in, and the URL's password.
 * @param fail - Throws the config error; messages never hold the URL.
 * @example
 * ```ts
 * parseMisses({ store: "postgres://toolsift:${PG_PASSWORD}@db/toolsift" }, process.env, redact.push, fail);
 * ```
 */
export function parseMisses(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  secret: (secret: { label: string; value: string }) => void,
  fail: (field: string, problem: string) => never,
): MissesSettings | false {
  if (value === undefined || value === false) return false;
  if (value === true) return { store: { kind: "file" }, recordText: false };
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return fail("toolsift.misses", `must be true, false or ${EXAMPLE}, not ${describeValue(value)}.`);
  const { store = "file", recordText = false, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    fail(`toolsift.misses.${unknown}`, 'is not a misses setting; they are "store" and "recordText".');
  if (typeof recordText !== "boolean")
    fail("toolsift.misses.recordText", `must be true or false, not ${describeValue(recordText)}.`);
  const field = "toolsift.misses.store";
  // A string is not shown back: it may be a URL with a password in it.
  const must =
    'must be "file" or a PostgreSQL URL such as "postgres://toolsift:${PG_PASSWORD}@db.internal:5432/toolsift"';
  if (typeof store !== "string") return fail(field, `${must}, not ${describeValue(store)}.`);
  return {
    store:
      store === "file"
        ? { kind: "file" }
        : { kind: "postgres", url: parsePostgresUrl(store, field, must, env, secret, fail) },
    recordText: recordText as boolean,
  };
}
