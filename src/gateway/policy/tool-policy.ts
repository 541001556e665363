import type { GatewaySettings } from "../config/gateway-config.js";
import { nameMatcher, prefixCoverage } from "./name-glob.js";

/** What the config's `allow`, `deny` and `allowDestructive` globs say about one tool. */
export interface ToolPolicy {
  /** The tool exists for clients at all: listed, found by search, callable. `deny` wins over `allow`. */
  permits(name: string): boolean;
  /** A destructive tool that may run without asking the user. */
  preApproved(name: string): boolean;
  /**
   * No tool of this server can be permitted, whatever it lists (`deny` covers `server__*`, or
   * `allow` can match none of its names): such a server is never named to clients.
   */
  hidesServer(server: string): boolean;
}

/**
 * The policy of a config's settings.
 *
 * @example
 * ```ts
 * const policy = toolPolicy({ allow: ["github__*"], deny: ["github__delete_*"], allowDestructive: [] });
 * policy.permits("github__delete_repository"); // false
 * ```
 */
export function toolPolicy(settings: Pick<GatewaySettings, "allow" | "deny" | "allowDestructive">): ToolPolicy {
  const allowed = settings.allow === undefined ? () => true : nameMatcher(settings.allow);
  const denied = nameMatcher(settings.deny);
  const preApproved = nameMatcher(settings.allowDestructive);
  return {
    permits: (name) => allowed(name) && !denied(name),
    preApproved,
    hidesServer: (server) => {
      const prefix = `${server}__`;
      return (
        prefixCoverage(settings.deny, prefix).all ||
        (settings.allow !== undefined && !prefixCoverage(settings.allow, prefix).some)
      );
    },
  };
}
