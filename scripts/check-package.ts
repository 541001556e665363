/**
 * Tests the package as users get it: `npm pack`, then `npm install` of the tarball into a fresh
 * project outside this repository (no .npmrc, no npm settings inherited from this repository),
 * then the smoke scripts in test/package (ESM and CommonJS, bm25 and hybrid with the bundled
 * model) and a strict TypeScript consumer. Any failed step exits non-zero, naming the step.
 *
 *   npm run test:package            (part of npm test)
 *   npm run test:package -- --keep  (leave the scratch project for a look)
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import {
  folderBytes,
  installTarball,
  lockedPackages,
  packPackage,
  packagesWithInstallScripts,
  runCommand as run,
} from "./package/pack-and-install.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const fixtures = join(root, "test", "package");
const keep = process.argv.includes("--keep");
/** What a default install must not bring: each is an optional peer dependency. */
const OPTIONAL = [
  "@huggingface/transformers",
  "onnxruntime-node",
  "onnxruntime-web",
  "hnswlib-node",
  "@modelcontextprotocol/sdk",
  "@modelcontextprotocol/client",
  "@modelcontextprotocol/server",
  "@anthropic-ai/sdk",
  "sharp",
  "zod",
  "openai",
  "ai",
  "@opentelemetry/api",
  "pg",
  "jose",
  "prom-client",
];
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
const typescriptVersion = versionOf("typescript");
const typesNodeVersion = versionOf("@types/node");
const zodVersion = versionOf("zod");
const aiVersion = versionOf("ai");
const mcpSdkVersions = [
  "@modelcontextprotocol/sdk",
  "@modelcontextprotocol/client",
  "@modelcontextprotocol/server",
].map((name) => `${name}@${versionOf(name)}`);

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

const work = mkdtempSync(join(tmpdir(), "toolsift-package-"));
const project = join(work, "consumer");
console.log(`Checking the packed package in ${work}`);

const packed = step("npm pack (builds dist)", () => packPackage(root, work));

step("the tarball holds what users need, and no tests", () => {
  // Every subpath of package.json's exports, its types and its code.
  const exported = Object.values(
    JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports as Record<
      string,
      string | Record<string, string>
    >,
  ).flatMap((target) => (typeof target === "string" ? [target] : Object.values(target)));
  const faces = exported.map((target) => target.replace(/^\.\//, ""));
  for (const required of [
    "LICENSE",
    "README.md",
    "CHANGELOG.md",
    ...faces,
    "models/use-lite-sif/onnx/model.onnx",
    "models/use-lite-sif/tokenizer.json",
    // Google's model is Apache-2.0: its licence and notice travel with the distilled one.
    "models/use-lite-sif/LICENSE",
    "models/use-lite-sif/NOTICE",
  ]) {
    if (!packed.files.has(required)) throw new Error(`${required} is missing from the tarball`);
  }
  // The GloVe model stays in the repository for measuring; shipping it too would double the models' weight.
  const unshipped = [...packed.files].filter((path) => path.startsWith("models/glove-100d-sif/"));
  if (unshipped.length > 0) throw new Error(`the tarball ships the GloVe model: ${unshipped.slice(0, 3).join(", ")}`);
  const tests = [...packed.files].filter((path) => /\.test\.|(^|\/)test\//.test(path));
  if (tests.length > 0) throw new Error(`the tarball ships tests: ${tests.slice(0, 5).join(", ")}`);
  // Every source map must point at files the tarball has, or debuggers show nothing.
  for (const path of packed.files) {
    if (!path.endsWith(".map")) continue;
    const map = JSON.parse(execFileSync("tar", ["-xzOf", packed.tarball, `package/${path}`], { encoding: "utf8" })) as {
      sources: string[];
    };
    for (const source of map.sources) {
      const target = posix.normalize(posix.join(posix.dirname(path), source));
      if (!packed.files.has(target)) throw new Error(`${path} points at ${target}, which is not in the tarball`);
    }
  }
});

const installOutput = step("npm install of the tarball in a fresh project, no .npmrc", () =>
  installTarball(project, packed.tarball),
);

step("the install printed no warning and ran no install script", () => {
  const warnings = installOutput.split("\n").filter((line) => /\bwarn\b/i.test(line));
  if (warnings.length > 0) throw new Error(`npm warned:\n${warnings.join("\n")}`);
  // Nothing with an install script means nothing fetched from outside the npm registry.
  const scripted = packagesWithInstallScripts(project);
  if (scripted.length > 0) throw new Error(`packages with install scripts came in: ${scripted.join(", ")}`);
  const installed = lockedPackages(project);
  const present = OPTIONAL.filter((name) => Object.hasOwn(installed, `node_modules/${name}`));
  if (present.length > 0) throw new Error(`optional packages were installed by default: ${present.join(", ")}`);
});

const sizeMb = step("node_modules size", () => folderBytes(join(project, "node_modules")) / 1024 / 1024);
console.log(`      node_modules: ${sizeMb.toFixed(1)} MB`);

for (const file of [
  "smoke.mjs",
  "smoke.cjs",
  "smoke-zod.mjs",
  "smoke-ai.mjs",
  "cli-smoke.mjs",
  "gateway-smoke.mjs",
  "consumer.ts",
  "consumer.cts",
  "consumer-zod.ts",
  "consumer-ai.ts",
  "consumer-testing.ts",
  "tsconfig.consumer.json",
  "tsconfig.consumer-zod.json",
  "tsconfig.consumer-testing.json",
  "tsconfig.consumer-ai.json",
]) {
  copyFileSync(join(fixtures, file), join(project, file));
}

step('ESM: import from "toolsift", bm25 and hybrid with the bundled model', () =>
  console.log(`      ${run(process.execPath, ["smoke.mjs"], project).trim()}`),
);
step('CommonJS: require("toolsift")', () =>
  console.log(`      ${run(process.execPath, ["smoke.cjs"], project).trim()}`),
);
step("the toolsift command, without the optional MCP SDK", () =>
  console.log(`      ${run(process.execPath, ["cli-smoke.mjs"], project).trim()}`),
);

/** Installs the consumer's own TypeScript, Node types and zod (and `more`) beside the packed toolsift. */
function installInConsumer(more: readonly string[]): string {
  const packages = [`typescript@${typescriptVersion}`, `@types/node@${typesNodeVersion}`, `zod@${zodVersion}`, ...more];
  return run("npm", ["install", "--no-save", "--no-audit", "--no-fund", ...packages], project);
}

step(
  `TypeScript ${typescriptVersion}, @types/node ${typesNodeVersion} and zod ${zodVersion} installed in the consumer`,
  () => installInConsumer([]),
);
step("zod, the user's own: a zod tool is converted, checked and parsed", () =>
  console.log(`      ${run(process.execPath, ["smoke-zod.mjs"], project).trim()}`),
);
const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
step("strict consumer type-checks: skipLibCheck false, lib es2022, no @types/node", () =>
  run(process.execPath, [tsc, "-p", "tsconfig.consumer.json"], project),
);
step("strict consumer type-checks: skipLibCheck true", () =>
  run(process.execPath, [tsc, "-p", "tsconfig.consumer.json", "--skipLibCheck"], project),
);
step("a zod user's consumer type-checks, execute's input inferred", () =>
  run(process.execPath, [tsc, "-p", "tsconfig.consumer-zod.json"], project),
);
step("toolsift/testing type-checks in a consumer with @types/node (its servers are Node's)", () =>
  run(process.execPath, [tsc, "-p", "tsconfig.consumer-testing.json"], project),
);

// Last: with ai installed, the checks above could no longer tell whether toolsift needs it.
step(`ai ${aiVersion} installed in the consumer`, () => installInConsumer([`ai@${aiVersion}`]));
step("toolsift/ai: generateText with the AI SDK's mock model, a stub hydrated for the next step", () =>
  console.log(`      ${run(process.execPath, ["smoke-ai.mjs"], project).trim()}`),
);
step("an AI SDK user's consumer type-checks: aiSdkTools spreads into generateText and streamText", () => {
  // ai's own declarations do not pass skipLibCheck false (they need @types/json-schema and break
  // under exactOptionalPropertyTypes); that is theirs to fix. Ours and the consumer's must be clean.
  const output = (() => {
    try {
      return run(process.execPath, [tsc, "-p", "tsconfig.consumer-ai.json"], project);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  })();
  const errors = output.split("\n").filter((line) => /error TS\d+/.test(line));
  const ours = errors.filter((line) => !line.startsWith("node_modules/") || line.startsWith("node_modules/toolsift/"));
  if (ours.length > 0) throw new Error(ours.join("\n"));
  console.log(`      (${errors.length} errors inside ai's own declarations, none in toolsift's or the consumer's)`);
});

// Last again: the MCP SDKs, so the checks above ran without them. The gateway as users run it,
// from the bundled dist, in front of a real MCP server, in both MCP eras.
step(`the MCP SDKs installed in the consumer (${mcpSdkVersions.join(", ")})`, () => installInConsumer(mcpSdkVersions));
step("toolsift serve over stdio: the SDK v1 and v2 clients search and call through call_tool", () =>
  console.log(`      ${run(process.execPath, ["gateway-smoke.mjs"], project).trim()}`),
);

if (keep) console.log(`Kept ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log("The packed package installs and works.");
