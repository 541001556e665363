import { isIP, isIPv4 } from "node:net";

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

/**
 * An IP literal in 127.0.0.0/8, or ::1 (an IPv4-mapped `::ffff:127.…` too): what a listener
 * without any credential may bind to. Unlike {@link isLoopbackHost}, names are refused: what
 * `localhost` resolves to is not ours to trust.
 */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  if (isIP(bare) === 6) return bare === "::1" || bare === "0:0:0:0:0:0:0:1" || /^::ffff:127\./i.test(bare);
  return false;
}
