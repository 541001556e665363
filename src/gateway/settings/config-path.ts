import { homedir } from "node:os";
import { join, resolve } from "node:path";

/**
 * A path written in a config file, made absolute: `~` and `~/…` are the home folder, anything
 * relative is relative to the config file's folder (`base`), never to the working directory,
 * since a gateway an MCP client starts often runs with `/` as its working directory.
 *
 * @example
 * ```ts
 * configPath("/etc/toolsift", "./toolsift.enrichment.json"); // "/etc/toolsift/toolsift.enrichment.json"
 * ```
 */
export function configPath(base: string, path: string): string {
  return path === "~" || path.startsWith("~/") ? join(homedir(), path.slice(1)) : resolve(base, path);
}
