import type { PolicyEntry } from "./policies-config.js";
import type { McpHostEvent, McpToolHost } from "../../public/mcp.js";
import { nameMatcher, prefixCoverage } from "./name-glob.js";
import { deniedNames, type PolicyRules } from "./tool-policy.js";

/** A tool as the check sees it: its catalogue name and, when toolsift renamed it, its MCP name. */
export interface NamedTool {
  name: string;
  originalName: string | undefined;
}

/** One glob of the config, where it is, which rule it belongs to, and what it does then, in words. */
interface Entry {
  field: string;
  glob: string;
  deny: boolean;
  /** "allows", "denies", "describes". */
  does: string;
}

/** The settings whose entries name tools: the policy globs, and the tools `describe` overrides. */
export type NamingSettings = PolicyRules & {
  policies: readonly PolicyEntry[];
  describe?: ReadonlyMap<string, unknown>;
};

function entriesOf(settings: NamingSettings): Entry[] {
  const list = (rules: Partial<PolicyRules>, where: string): Entry[] =>
    (["allow", "deny", "allowDestructive"] as const).flatMap((rule) =>
      (rules[rule] ?? []).map((glob, index) => ({
        field: `${where}.${rule}[${index}]`,
        glob,
        deny: rule === "deny",
        does: rule === "deny" ? "denies" : "allows",
      })),
    );
  return [
    ...list(settings, "toolsift"),
    ...settings.policies.flatMap((policy, index) => list(policy, `toolsift.policies[${index}]`)),
    // An exact name is a glob that matches only itself.
    ...[...(settings.describe?.keys() ?? [])].map((name) => ({
      field: "toolsift.describe",
      glob: name,
      deny: false,
      does: "describes",
    })),
  ];
}

/**
 * Tells, once, of each `allow`, `deny` and `allowDestructive` glob (top-level and in `policies`),
 * and each tool `describe` names, that matches no tool: a deny that matches nothing leaves the
 * tool it meant callable, a misspelt describe leaves the description it meant to fix. A glob is
 * judged only once every server it could concern has listed its tools (a server still
 * connecting might hold its match); `check` again after each re-list. A glob that matches again
 * later is forgotten, so it is told of again if it stops matching.
 *
 * @example
 * ```ts
 * const warnings = new UnmatchedEntries(settings, ["up"], console.error);
 * warnings.check([{ name: "up__drop_table_dc1b2aa1", originalName: "drop table" }], new Set(["up"]));
 * ```
 */
export class UnmatchedEntries {
  private readonly entries: Entry[];
  private readonly told = new Set<string>();

  constructor(
    settings: NamingSettings,
    private readonly servers: readonly string[],
    private readonly warn: (message: string) => void,
  ) {
    this.entries = entriesOf(settings);
  }

  /**
   * @param tools - Every tool listed now.
   * @param listed - The servers whose tools are listed (connected), so their globs can be judged.
   */
  check(tools: readonly NamedTool[], listed: ReadonlySet<string>): void {
    for (const entry of this.entries) {
      const key = `${entry.field} ${entry.glob}`;
      const glob = entry.deny ? entry.glob.toLowerCase() : entry.glob;
      const concerned = this.servers.filter(
        (server) => prefixCoverage([glob], entry.deny ? `${server.toLowerCase()}__` : `${server}__`).some,
      );
      if (concerned.some((server) => !listed.has(server))) continue;
      const matches = nameMatcher([entry.glob], { ignoreCase: entry.deny });
      const matched = tools.some((tool) =>
        entry.deny ? deniedNames(tool.name, tool.originalName).some(matches) : matches(tool.name),
      );
      if (matched) {
        this.told.delete(key);
        continue;
      }
      if (this.told.has(key)) continue;
      this.told.add(key);
      this.warn(
        `${entry.field} ${JSON.stringify(entry.glob)} matches no tool ` +
          (concerned.length === 0
            ? "of any server"
            : `of ${concerned.map((server) => JSON.stringify(server)).join(", ")} as listed now`) +
          `, so it ${entry.does} nothing. Check the spelling (toolsift inspect lists every tool).`,
      );
    }
  }
}

/**
 * Checks a host's tools against the config's globs now and after each re-list (`connected` and
 * `tools-changed` events): the returned function is the host's event listener.
 */
export function watchUnmatchedEntries(
  settings: NamingSettings,
  host: Pick<McpToolHost, "servers" | "status" | "listTools" | "sourceOf">,
  warn: (message: string) => void,
): (event: McpHostEvent) => void {
  const entries = new UnmatchedEntries(settings, host.servers, warn);
  const check = () => {
    // The events come after a listing is applied, so listTools() holds it.
    void host
      .listTools()
      .then((tools) => {
        const connected = host
          .status()
          .filter((status) => status.state === "connected")
          .map((status) => status.server);
        entries.check(
          tools.map((tool) => ({ name: tool.name, originalName: host.sourceOf(tool.name)?.tool })),
          new Set(connected),
        );
      })
      .catch(() => undefined);
  };
  check();
  return (event) => {
    if (event.type === "connected" || event.type === "tools-changed") check();
  };
}
