import { describeValue } from "../../describe-value.js";
import { parsePostgresUrl } from "../learning-config.js";

/** The `sessions` setting of a `toolsift` block, checked: where replicas share their MCP sessions. */
export type SessionsSettings = { kind: "postgres"; url: string } | undefined;

const MUST =
  'must be a PostgreSQL URL such as "postgres://toolsift:${PG_PASSWORD}@db.internal:5432/toolsift", where every replica of the gateway shares its sessions';

/**
 * Checks `toolsift.sessions`: absent, each process keeps its sessions in its own memory; a
 * PostgreSQL URL (`${NAME}` filled in, its password redacted from every message), replicas
 * behind one load balancer share them.
 *
 * @param secret - Told of each value to redact: what `${NAME}` brought in, and the URL's password.
 * @example
 * ```ts
 * parseSessions("postgres://toolsift:${PG_PASSWORD}@db/toolsift", process.env, secrets.push, fail);
 * ```
 */
export function parseSessions(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  secret: (secret: { label: string; value: string }) => void,
  fail: (field: string, problem: string) => never,
): SessionsSettings {
  if (value === undefined) return undefined;
  // A string is not shown back: it may be a URL with a password in it.
  if (typeof value !== "string") return fail("toolsift.sessions", `${MUST}, not ${describeValue(value)}.`);
  return { kind: "postgres", url: parsePostgresUrl(value, "toolsift.sessions", MUST, env, secret, fail) };
}
