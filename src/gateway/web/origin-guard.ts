import { isLoopbackHost } from "../auth/loopback-host.js";
import { isIP } from "node:net";

/** What a request may name in `Host` and `Origin`, besides loopback. */
export interface OriginRules {
  /** Origins (`https://app.example.com`) a browser page may call from, as `new URL(...).origin` spells them. */
  readonly allowedOrigins: readonly string[];
  /** Host names (without port) the gateway may be addressed as, e.g. a reverse proxy's public name. */
  readonly allowedHosts: readonly string[];
}

/**
 * Why a request's `Host` or `Origin` is refused, or `undefined` when both are fine. The check
 * holds whatever address the listener is bound to: a web page can reach a gateway on `0.0.0.0`
 * through DNS rebinding (its `Host` is then the attacker's name) or call it cross-origin (its
 * `Origin` is the attacker's page), and the MCP transport spec says servers must validate Origin.
 *
 * - `Host` must be loopback, an IP address (no DNS name can be rebound to reach it under that
 *   name), or one of `allowedHosts`.
 * - `Origin` may be absent (clients that are not browsers send none); when present it must be a
 *   loopback origin or one of `allowedOrigins` (`Origin: null` is neither).
 */
export function originProblem(
  headers: { host?: string | undefined; origin?: string | undefined },
  rules: OriginRules,
): string | undefined {
  const host = hostnameOf(headers.host);
  if (host === undefined) return "The request has no valid Host header.";
  if (!isLoopbackHost(host) && isIP(unbracket(host)) === 0 && !rules.allowedHosts.includes(host)) {
    return (
      `This toolsift gateway is not addressed as ${JSON.stringify(host)}. If that is its name (behind a reverse proxy, say), ` +
      `add "${host}" to toolsift.http.allowedHosts in the config.`
    );
  }
  if (headers.origin === undefined) return undefined;
  const origin = originOf(headers.origin);
  if (origin !== undefined && (isLoopbackHost(new URL(origin).hostname) || rules.allowedOrigins.includes(origin)))
    return undefined;
  return (
    `This toolsift gateway does not answer pages from the origin ${JSON.stringify(headers.origin.slice(0, 200))}. ` +
    `To let a web page at that origin call it, add its origin (e.g. "https://app.example.com") to toolsift.http.allowedOrigins in the config.`
  );
}

/** An origin as `URL.origin` spells it (scheme, host, port: no path), or `undefined` if it is not one. */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The host name of a `Host` header (lower case, IPv6 in brackets), or `undefined` if it is not one. */
export function hostnameOf(value: string | undefined): string | undefined {
  if (value === undefined || value === "" || /[/?#@\s\\]/.test(value)) return undefined;
  try {
    const { hostname } = new URL(`http://${value}`);
    return hostname === "" ? undefined : hostname;
  } catch {
    return undefined;
  }
}

function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
