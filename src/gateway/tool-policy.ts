import type { GatewaySettings } from "./gateway-config.js";
import { nameMatcher } from "./name-glob.js";

/** What the config's `allow`, `deny` and `allowDestructive` globs say about one tool. */
export interface ToolPolicy {
  /** The tool exists for clients at all: listed, found by search, callable. `deny` wins over `allow`. */
  permits(name: string): boolean;
  /** A destructive tool that may run without asking the user. */
  preApproved(name: string): boolean;
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
  };
}
