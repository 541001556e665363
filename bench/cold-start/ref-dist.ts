import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** A ref's built dist, ready for a probe to import. */
export interface RefDist {
  /** The module a probe imports (a file URL of dist/index.js). */
  module: string;
  commit: string;
  subject: string;
  /** Removes the temporary worktree, if one was made; safe to call twice. */
  remove(): void;
}

const run = (command: string, args: readonly string[], cwd: string): string =>
  execFileSync(command, [...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** The full commit a ref names, and its subject. @throws Error when git cannot resolve it. */
export function commitOf(root: string, ref: string): { commit: string; subject: string } {
  let commit: string;
  try {
    commit = run("git", ["rev-parse", "--verify", "--end-of-options", `${ref}^{commit}`], root);
  } catch {
    throw new Error(`git cannot resolve "${ref}" to a commit in ${root}; give a commit, tag or branch`);
  }
  return { commit, subject: run("git", ["log", "-1", "--format=%s", commit], root) };
}

/**
 * Builds `ref`'s dist in a temporary `git worktree` of the repository at `root` whose
 * node_modules is a symlink to `root`'s (the packages are the same; nothing is installed),
 * with the ref's own `npm run build`. The caller removes it with {@link RefDist.remove}; a build
 * that fails removes it before throwing.
 */
export function buildRefDist(root: string, ref: string, log: (message: string) => void = () => undefined): RefDist {
  const { commit, subject } = commitOf(root, ref);
  const parent = mkdtempSync(join(tmpdir(), "toolsift-cold-start-ref-"));
  const dir = join(parent, "tree");
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    // The link first, so nothing that removes the tree can reach the shared packages through it.
    try {
      unlinkSync(join(dir, "node_modules"));
    } catch {
      // Not made yet.
    }
    try {
      run("git", ["worktree", "remove", "--force", dir], root);
    } catch {
      // Not registered yet, or already gone: the folder is removed below and prune forgets it.
    }
    rmSync(parent, { recursive: true, force: true });
    try {
      run("git", ["worktree", "prune"], root);
    } catch {
      // Nothing to prune.
    }
  };
  try {
    log(`cold-start-refs: git worktree of ${ref} (${commit.slice(0, 12)}) in ${dir}`);
    run("git", ["worktree", "add", "--detach", dir, commit], root);
    symlinkSync(realpathSync(join(root, "node_modules")), join(dir, "node_modules"), "dir");
    log(`cold-start-refs: npm run build of ${ref}`);
    run("npm", ["run", "build", "--silent"], dir);
  } catch (error) {
    remove();
    const detail = error instanceof Error && "stderr" in error ? String(error.stderr).slice(-2_000) : String(error);
    throw new Error(`building ${ref} (${commit.slice(0, 12)}) failed: ${detail}`);
  }
  return { module: pathToFileURL(join(dir, "dist", "index.js")).href, commit, subject, remove };
}

/** The working tree's dist, built in place unless `build` is false. */
export function workingTreeDist(root: string, build: boolean, log: (message: string) => void = () => undefined) {
  if (build) {
    log("cold-start-refs: npm run build of the working tree");
    run("npm", ["run", "build", "--silent"], root);
  }
  const { commit, subject } = commitOf(root, "HEAD");
  const dirty = run("git", ["status", "--porcelain", "--untracked-files=no"], root) !== "";
  return { module: pathToFileURL(join(root, "dist", "index.js")).href, commit, subject, dirty };
}
