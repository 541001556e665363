/**
 * Tests the package as users get it: `npm pack`, then `npm install` of the tarball into a fresh
 * project outside this repository (no .npmrc, no npm settings inherited from this repository),
 * then the smoke scripts in test/package (ESM and CommonJS, bm25 and hybrid with the bundled
 * model) and a strict TypeScript consumer. Any failed step exits non-zero, naming the step.
 *
 *   npm run test:package            (part of npm test)
 *   npm run test:package -- --keep  (leave the scratch project for a look)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const fixtures = join(root, "test", "package");
const keep = process.argv.includes("--keep");
/** What a default install must not bring: each is an optional peer dependency. */
const OPTIONAL = ["@huggingface/transformers", "onnxruntime-node", "onnxruntime-web", "hnswlib-node", "@modelcontextprotocol/sdk", "@anthropic-ai/sdk", "sharp"];
const versionOf = (name: string) => (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
const typescriptVersion = versionOf("typescript");
const typesNodeVersion = versionOf("@types/node");

// npm passes its configuration to scripts as npm_config_* variables; a user's shell has none.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

function step<T>(name: string, run: () => T): T {
  const started = performance.now();
  try {
    const result = run();
    console.log(`  ok  ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  } catch (error) {
    console.error(`FAIL  ${name}\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, env: cleanEnv, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0) throw new Error(`\`${command} ${args.join(" ")}\` exited with ${result.status ?? result.signal}:\n${output}`);
  return output;
}

function folderBytes(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, name) => sum + folderBytes(join(path, name)), 0);
}

const work = mkdtempSync(join(tmpdir(), "toolsift-package-"));
const project = join(work, "consumer");
console.log(`Checking the packed package in ${work}`);

const packed = step("npm pack (builds dist)", () => {
  const output = execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, env: cleanEnv, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const [info] = JSON.parse(output.slice(output.indexOf("["))) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(work, info!.filename), files: new Set(info!.files.map((file) => file.path)) };
});

step("the tarball holds what users need, and no tests", () => {
  for (const required of ["LICENSE", "README.md", "CHANGELOG.md", "package.json", "dist/index.js", "dist/index.d.ts", "models/glove-100d-sif/onnx/model.onnx", "models/glove-100d-sif/tokenizer.json"]) {
    if (!packed.files.has(required)) throw new Error(`${required} is missing from the tarball`);
  }
  const tests = [...packed.files].filter((path) => /\.test\.|(^|\/)test\//.test(path));
  if (tests.length > 0) throw new Error(`the tarball ships tests: ${tests.slice(0, 5).join(", ")}`);
  // Every source map must point at files the tarball has, or debuggers show nothing.
  for (const path of packed.files) {
    if (!path.endsWith(".map")) continue;
    const map = JSON.parse(execFileSync("tar", ["-xzOf", packed.tarball, `package/${path}`], { encoding: "utf8" })) as { sources: string[] };
    for (const source of map.sources) {
      const target = posix.normalize(posix.join(posix.dirname(path), source));
      if (!packed.files.has(target)) throw new Error(`${path} points at ${target}, which is not in the tarball`);
    }
  }
});

const installOutput = step("npm install of the tarball in a fresh project, no .npmrc", () => {
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "toolsift-consumer", private: true, version: "1.0.0" }, null, 2));
  return run("npm", ["install", packed.tarball, "--no-audit", "--no-fund"], project);
});

step("the install printed no warning and ran no install script", () => {
  const warnings = installOutput.split("\n").filter((line) => /\bwarn\b/i.test(line));
  if (warnings.length > 0) throw new Error(`npm warned:\n${warnings.join("\n")}`);
  const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as { packages: Record<string, { hasInstallScript?: boolean }> };
  // Nothing with an install script means nothing fetched from outside the npm registry.
  const scripted = Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript).map(([path]) => path);
  if (scripted.length > 0) throw new Error(`packages with install scripts came in: ${scripted.join(", ")}`);
  const present = OPTIONAL.filter((name) => Object.hasOwn(lock.packages, `node_modules/${name}`));
  if (present.length > 0) throw new Error(`optional packages were installed by default: ${present.join(", ")}`);
});

const sizeMb = step("node_modules size", () => folderBytes(join(project, "node_modules")) / 1024 / 1024);
console.log(`      node_modules: ${sizeMb.toFixed(1)} MB`);

for (const file of ["smoke.mjs", "smoke.cjs", "consumer.ts", "consumer.cts", "consumer-zod.ts", "tsconfig.consumer.json", "tsconfig.consumer-zod.json"]) {
  copyFileSync(join(fixtures, file), join(project, file));
}

step("ESM: import from \"toolsift\", bm25 and hybrid with the bundled model", () => console.log(`      ${run(process.execPath, ["smoke.mjs"], project).trim()}`));
step("CommonJS: require(\"toolsift\")", () => console.log(`      ${run(process.execPath, ["smoke.cjs"], project).trim()}`));

step(`TypeScript ${typescriptVersion} and @types/node ${typesNodeVersion} installed in the consumer`, () =>
  run("npm", ["install", "--no-save", "--no-audit", "--no-fund", `typescript@${typescriptVersion}`, `@types/node@${typesNodeVersion}`], project),
);
const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
step("strict consumer type-checks: skipLibCheck false, lib es2022, no @types/node", () => run(process.execPath, [tsc, "-p", "tsconfig.consumer.json"], project));
step("strict consumer type-checks: skipLibCheck true", () => run(process.execPath, [tsc, "-p", "tsconfig.consumer.json", "--skipLibCheck"], project));
step("a zod user's consumer type-checks, execute's input inferred", () => run(process.execPath, [tsc, "-p", "tsconfig.consumer-zod.json"], project));

if (keep) console.log(`Kept ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log("The packed package installs and works.");

