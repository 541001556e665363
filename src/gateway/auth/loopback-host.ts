import { isIPv4 } from "node:net";

/**
 * Whether a host is this machine only: `localhost`, anything in 127.0.0.0/8, or `::1` (bare or
 * in brackets, as a URL writes it). Only there may the gateway run without a credential.
 *
 * @example
 * ```ts
 * isLoopbackHost("127.0.0.2"); // true
 * isLoopbackHost("0.0.0.0"); // false
 * ```
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === "localhost" || bare === "::1" || bare === "0:0:0:0:0:0:0:1") return true;
  return isIPv4(bare) && bare.startsWith("127.");
}
