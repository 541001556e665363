import { describeValue } from "../../describe-value.js";
import type { HttpLimits } from "./http-limits.js";
import { hostnameOf, originOf } from "./origin-guard.js";

type Fail = (field: string, problem: string) => never;

/** The `http` block of the `toolsift` settings: what `serve --http` admits and holds. */
export type HttpSettings = HttpLimits;

const HTTP_KEYS = [
  "allowedOrigins",
  "allowedHosts",
  "maxSessions",
  "maxSessionsPerCaller",
  "sessionIdleMs",
  "maxConnections",
  "headersTimeoutMs",
  "requestTimeoutMs",
] as const;

/** The largest timeout Node's timers take. */
const MAX_MS = 2 ** 31 - 1;

/**
 * Checks `toolsift.http`; every field is optional and left `undefined` for the listener's default.
 *
 * @example
 * ```ts
 * parseHttpSettings({ allowedOrigins: ["https://app.example.com"], maxSessionsPerCaller: 8 }, fail);
 * ```
 */
export function parseHttpSettings(value: unknown, fail: Fail): HttpSettings {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return fail(
      "toolsift.http",
      `must be an object such as {"allowedOrigins": ["https://app.example.com"]}, not ${describeValue(value)}.`,
    );
  const block = value as Record<string, unknown>;
  for (const key of Object.keys(block)) {
    if (!(HTTP_KEYS as readonly string[]).includes(key))
      fail(`toolsift.http.${key}`, `is not an http setting. They are: ${HTTP_KEYS.join(", ")}.`);
  }
  const whole = (name: string, min: number, max: number): number | undefined => {
    const item = block[name];
    if (item === undefined) return undefined;
    if (typeof item !== "number" || !Number.isInteger(item) || item < min || item > max)
      fail(`toolsift.http.${name}`, `must be a whole number from ${min} to ${max}, not ${describeValue(item)}.`);
    return item as number;
  };
  const settings: HttpSettings = {
    allowedOrigins: list(block.allowedOrigins, "allowedOrigins", fail, (entry) =>
      originOf(entry) === entry.replace(/\/$/, "").toLowerCase()
        ? undefined
        : 'must be an origin: a scheme (http or https), a host and an optional port, without a path, e.g. "https://app.example.com"',
    )?.map((entry) => originOf(entry)!),
    allowedHosts: list(block.allowedHosts, "allowedHosts", fail, (entry) =>
      hostnameOf(entry) === entry.toLowerCase() && !entry.includes(":")
        ? undefined
        : 'must be a host name without scheme, port or path, e.g. "mcp.example.com"',
    )?.map((entry) => entry.toLowerCase()),
    maxSessions: whole("maxSessions", 1, 100_000),
    maxSessionsPerCaller: whole("maxSessionsPerCaller", 1, 100_000),
    // Under a second would end a client's session between two of its requests.
    sessionIdleMs: whole("sessionIdleMs", 1_000, MAX_MS),
    maxConnections: whole("maxConnections", 1, 1_000_000),
    headersTimeoutMs: whole("headersTimeoutMs", 100, MAX_MS),
    requestTimeoutMs: whole("requestTimeoutMs", 100, MAX_MS),
  };
  if (
    settings.headersTimeoutMs !== undefined &&
    settings.requestTimeoutMs !== undefined &&
    settings.headersTimeoutMs > settings.requestTimeoutMs
  ) {
    fail(
      "toolsift.http.headersTimeoutMs",
      `(${settings.headersTimeoutMs}) is more than requestTimeoutMs (${settings.requestTimeoutMs}); the headers are part of the request.`,
    );
  }
  return settings;
}

function list(
  value: unknown,
  name: string,
  fail: Fail,
  problemOf: (entry: string) => string | undefined,
): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    return fail(`toolsift.http.${name}`, `must be an array of strings, not ${describeValue(value)}.`);
  value.forEach((entry: unknown, index) => {
    if (typeof entry !== "string" || entry === "")
      fail(`toolsift.http.${name}[${index}]`, `must be a non-empty string, not ${describeValue(entry)}.`);
    const problem = problemOf(entry as string);
    if (problem !== undefined)
      fail(
        `toolsift.http.${name}[${index}]`,
        `is ${JSON.stringify((entry as string).slice(0, 200))}, which ${problem}.`,
      );
  });
  return [...(value as string[])];
}
