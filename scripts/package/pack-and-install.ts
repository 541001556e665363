/**
 * Packing toolsift and installing the tarball into a fresh project the way a user would, shared
 * by the packed-install check (scripts/check-package.ts) and the bench's package section
 * (bench/package). No npm settings of this repository reach the child commands.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * This process's environment without npm's `npm_*` variables: npm passes its configuration to
 * scripts that way, and a user's shell has none of it.
 */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
}

/**
 * Runs a command to completion with {@link cleanEnv}, returning stdout and stderr together.
 *
 * @throws Error naming the command, its exit status and its output when it fails.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = cleanEnv(),
): string {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0)
    throw new Error(`\`${command} ${args.join(" ")}\` exited with ${result.status ?? result.signal}:\n${output}`);
  return output;
}

/** Bytes of a file, or of everything under a folder (symbolic links are not followed). */
export function folderBytes(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, name) => sum + folderBytes(join(path, name)), 0);
}

/** What `npm pack` produced. */
export interface PackedPackage {
  tarball: string;
  /** Paths inside the tarball, relative to its `package/` folder. */
  files: Set<string>;
}

/**
 * `npm pack` of the package at `root` (its `prepack` builds dist) into `destination`. The build's
 * log goes to this process's stderr unless `quiet`, which keeps it for the error message only.
 */
export function packPackage(root: string, destination: string, options: { quiet?: boolean } = {}): PackedPackage {
  const output = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], {
    cwd: root,
    env: cleanEnv(),
    encoding: "utf8",
    stdio: ["ignore", "pipe", options.quiet ? "pipe" : "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const [info] = JSON.parse(output.slice(output.indexOf("["))) as { filename: string; files: { path: string }[] }[];
  if (!info) throw new Error(`npm pack printed no package:\n${output}`);
  return { tarball: join(destination, info.filename), files: new Set(info.files.map((file) => file.path)) };
}

/**
 * Creates an empty project at `project` (which must not exist yet) and `npm install`s the
 * tarball there, with no `.npmrc` and no inherited npm settings. Returns npm's output.
 */
export function installTarball(project: string, tarball: string): string {
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "toolsift-consumer", private: true, version: "1.0.0" }, null, 2),
  );
  return runCommand("npm", ["install", tarball, "--no-audit", "--no-fund"], project);
}

/** The installed packages of a project, from its package-lock.json, by their `node_modules/…` path. */
export function lockedPackages(project: string): Record<string, { version?: string; hasInstallScript?: boolean }> {
  const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
  };
  return Object.fromEntries(Object.entries(lock.packages).filter(([path]) => path.startsWith("node_modules/")));
}

/** Installed packages that declare an install script (npm records `hasInstallScript` in the lockfile). */
export function packagesWithInstallScripts(project: string): string[] {
  return Object.entries(lockedPackages(project))
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path);
}
