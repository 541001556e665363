/**
 * Headless Chromium for tests: Debian's `chromium` package, run once per page with a profile
 * folder of its own, nothing else open. `.ci/run` installs it; elsewhere the tests that need it
 * skip and say so.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

/** The Chromium binary, or `undefined` when none answers `--version`. */
export const CHROMIUM = ["chromium", "chromium-browser", "/usr/bin/chromium"].find(
  (path) => spawnSync(path, ["--version"], { stdio: "ignore", timeout: 30_000 }).status === 0,
);

/** How long one headless run may take: a start on a loaded two-core machine takes 15 s. */
const RUN_LIMIT = 90_000;

/**
 * Runs headless Chromium on a local file with `args`, returning what it printed. The sandbox is
 * off because CI runs as root, where Chromium refuses it; the page is the test's own file, and
 * its policy lets it load and run nothing.
 */
async function headless(file: string, args: readonly string[]): Promise<string> {
  if (CHROMIUM === undefined) throw new Error("Chromium is not installed (Debian: apt-get install chromium)");
  const profile = mkdtempSync(join(tmpdir(), "toolsift-chromium-"));
  try {
    const { stdout } = await promisify(execFile)(
      CHROMIUM,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-extensions",
        "--hide-scrollbars",
        `--user-data-dir=${profile}`,
        ...args,
        pathToFileURL(file).href,
      ],
      { timeout: RUN_LIMIT, maxBuffer: 16 * 1024 * 1024, encoding: "utf8" },
    );
    return stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The DOM Chromium built from the page, serialised: what it parsed, not what was written. */
export function dumpDom(file: string): Promise<string> {
  return headless(file, ["--dump-dom"]);
}

/** A PNG of the page as Chromium drew it, `width` × `height` pixels. */
export async function screenshot(file: string, png: string, width: number, height: number): Promise<void> {
  await headless(file, [`--window-size=${width},${height}`, `--screenshot=${png}`]);
}
