import { nameMatcher, prefixCoverage } from "./name-glob.js";

/** What the config's `allow`, `deny` and `allowDestructive` globs say about one tool. */
export interface ToolPolicy {
  /**
   * The tool exists for clients at all: listed, found by search, callable. `deny` wins over
   * `allow`. `deny` fails closed: it ignores letter case, and it also matches the tool's original
   * MCP name (see {@link deniedNames}), so the natural spelling of a renamed tool is denied too.
   *
   * @param originalName - The tool's name on its MCP server, when toolsift renamed it.
   */
  permits(name: string, originalName?: string): boolean;
  /** A destructive tool that may run without asking the user. */
  preApproved(name: string): boolean;
  /**
   * No tool of this server can be permitted, whatever it lists (`deny` covers `server__*`, or
   * `allow` can match none of its names): such a server is never named to clients.
   */
  hidesServer(server: string): boolean;
}

/** The globs a policy is made of: the top-level settings, or those merged with a caller's `policies`. */
export interface PolicyRules {
  /** Globs over `server__tool`; `undefined` allows every tool. */
  allow: string[] | undefined;
  deny: string[];
  /** Destructive tools that run without asking (globs over `server__tool`). */
  allowDestructive: string[];
}

/**
 * The policy of a config's settings.
 *
 * @example
 * ```ts
 * const policy = toolPolicy({ allow: ["github__*"], deny: ["github__delete_*"], allowDestructive: [] });
 * policy.permits("github__delete_repository"); // false
 * policy.permits("GitHub__Delete_Repository"); // false: deny ignores case
 * ```
 */
export function toolPolicy(settings: PolicyRules): ToolPolicy {
  const allowed = settings.allow === undefined ? () => true : nameMatcher(settings.allow);
  const denied = nameMatcher(settings.deny, { ignoreCase: true });
  const preApproved = nameMatcher(settings.allowDestructive);
  const deny = settings.deny.map((glob) => glob.toLowerCase());
  return {
    permits: (name, originalName) =>
      allowed(name) && !deniedNames(name, originalName).some((candidate) => denied(candidate)),
    preApproved,
    hidesServer: (server) => {
      const prefix = `${server}__`;
      return (
        prefixCoverage(deny, prefix.toLowerCase()).all ||
        (settings.allow !== undefined && !prefixCoverage(settings.allow, prefix).some)
      );
    },
  };
}

/** A policy that permits nothing: what a request without a caller gets (fail closed). */
export const DENY_EVERYTHING: ToolPolicy = Object.freeze({
  permits: () => false,
  preApproved: () => false,
  hidesServer: () => true,
});

/**
 * The names `deny` is checked against: the catalogue name, and for a tool toolsift renamed
 * (`up__drop table` listed as `up__drop_table_dc1b2aa1`), `server__` plus the original MCP name
 * as it is and as toolsift cleans it (runs of other characters as `_`, no hash, no length cut).
 */
export function deniedNames(name: string, originalName: string | undefined): string[] {
  if (originalName === undefined) return [name];
  const split = name.indexOf("__");
  const prefix = split < 0 ? "" : name.slice(0, split + 2);
  const cleaned = originalName.replace(/[^a-zA-Z0-9_-]+/g, "_").replace(/^_+|_+$/g, "");
  return [name, prefix + originalName, prefix + cleaned];
}
