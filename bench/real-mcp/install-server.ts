import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RealMcpServer } from "./real-mcp-servers.js";

/** The package's name without its pinned version: `@scope/name@1.2.3` → `@scope/name`. */
export function packageName(spec: string): string {
  const at = spec.lastIndexOf("@");
  return at > 0 ? spec.slice(0, at) : spec;
}

/**
 * The script a server runs from (its `entry`), installed under `cacheRoot` the first time: one
 * folder per server and version, so two servers' dependencies never meet. Install scripts are
 * skipped: several servers download a browser or build native parts there, and listing tools
 * needs neither.
 *
 * @throws Error when npm cannot install the package.
 */
export function installServer(cacheRoot: string, server: RealMcpServer): string {
  const folder = join(cacheRoot, "servers", server.package.replace(/[@/]/g, "_"));
  const entry = join(folder, "node_modules", packageName(server.package), server.entry);
  if (existsSync(entry)) return entry;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "package.json"), '{ "private": true }\n');
  try {
    execFileSync(
      "npm",
      [
        "install",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        server.package,
        ...(server.with ?? []),
      ],
      { cwd: folder, stdio: ["ignore", "ignore", "pipe"], timeout: 600_000 },
    );
  } catch (cause) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`npm could not install ${server.package}: is the registry reachable?`, { cause });
  }
  if (!existsSync(entry)) throw new Error(`${server.package} has no ${server.entry}.`);
  return entry;
}
