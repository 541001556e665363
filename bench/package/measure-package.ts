import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  cleanEnv,
  folderBytes,
  installTarball,
  lockedPackages,
  packPackage,
  packagesWithInstallScripts,
  runCommand,
} from "../../scripts/package/pack-and-install.js";
import type { BenchDataset } from "../load-dataset.js";
import { mean, percentile } from "../metrics/index.js";
import type { PackageRun, ProcessSamples } from "../report/bench-report.js";
import { generateSkewedCatalogue } from "../scale/generate-skewed-catalogue.js";
import type { PackedProject } from "../sections/section.js";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PROBES = fileURLToPath(new URL("./probes/", import.meta.url));
const MB = 1024 * 1024;

/** The probe scripts, copied into the fresh project and run there with plain `node`. */
export const PROBE_FILES = {
  importTime: join(PROBES, "import-time.mjs"),
  hybridFirstSearch: join(PROBES, "hybrid-first-search.mjs"),
  hybridBuildSearch: join(PROBES, "hybrid-build-search.mjs"),
} as const;

export interface PackageOptions {
  /** Fresh processes that time `import("toolsift")`; issue 8 asks for the median of at least 7. @defaultValue 7 */
  importRuns?: number;
  /** Fresh processes that build a hybrid over 1,000 tools and search once; at least 5. @defaultValue 5 */
  hybridRuns?: number;
  /** Queries searched over the 10,000-tool catalogue. @defaultValue 100 */
  queries?: number;
  /** Seed of the generated catalogues. @defaultValue 42 */
  seed?: number;
  /** Leave the temporary project in place (its path is logged). */
  keep?: boolean;
  /** A project the package is already installed in (shared with other sections); its owner removes it. */
  packed?: PackedProject;
  log?: (message: string) => void;
}

/** The median and the samples themselves, so a noisy run can be seen as one. */
export function samplesOf(values: readonly number[]): ProcessSamples {
  return { median: percentile(values, 50), samples: [...values] };
}

/**
 * The JSON object a probe printed: its last stdout line that parses as one.
 *
 * @throws Error quoting the output when no line does.
 */
export function parseProbeOutput(output: string): Record<string, unknown> {
  const lines = output.trim().split("\n").reverse();
  for (const line of lines) {
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Not the result line; keep looking.
    }
  }
  throw new Error(`the probe printed no JSON result:\n${output.slice(-2_000)}`);
}

/** A finite number field of a probe's result. @throws Error naming the field when it is missing. */
export function numberField(result: Record<string, unknown>, field: string): number {
  const value = result[field];
  if (typeof value !== "number" || !Number.isFinite(value))
    throw new Error(`the probe's result has no number "${field}": ${JSON.stringify(result)}`);
  return value;
}

/** A generated catalogue as a probe reads it: tool definitions and query strings. */
export function probeCatalogue(dataset: BenchDataset): {
  tools: { name: string; description: string; inputSchema: unknown }[];
  queries: string[];
} {
  return {
    tools: dataset.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema ?? { type: "object", properties: {} },
    })),
    queries: dataset.queries.map((query) => query.query),
  };
}

/** A package run with nothing measured, to carry an error. */
export function emptyPackageRun(): PackageRun {
  return {
    tarball: "",
    tarballMB: 0,
    packMs: 0,
    installMs: 0,
    nodeModulesMB: 0,
    installScripts: [],
    installedPackages: 0,
    importMs: samplesOf([]),
    hybrid1k: { tools: 0, createAndSearchMs: samplesOf([]), rssMB: samplesOf([]), importMs: samplesOf([]) },
    hybrid10k: { tools: 0, modelLoadMs: 0, buildMs: 0, searchMs: { p50: 0, p95: 0, mean: 0 }, queries: 0, rssMB: 0 },
  };
}

/**
 * `npm pack` (which builds dist) in `work`, then `npm install` of the tarball in a fresh project
 * `work/consumer` (no .npmrc, no npm_* variables), each timed.
 */
export function packAndInstall(work: string, log: (message: string) => void = () => undefined): PackedProject {
  const project = join(work, "consumer");
  log("package: npm pack (builds dist)");
  let started = performance.now();
  const packed = packPackage(REPO_ROOT, work, { quiet: true });
  const packMs = performance.now() - started;
  log("package: npm install of the tarball in a fresh project");
  started = performance.now();
  installTarball(project, packed.tarball);
  const installMs = performance.now() - started;
  return { project, tarball: packed.tarball, packMs, installMs };
}

/**
 * Runs one probe script in a fresh `node` process (with {@link cleanEnv}) and returns its JSON result.
 * `nodeArgs` and `env` exist for the bench's own tests, which run the probes against the sources.
 */
export function runProbe(
  probe: string,
  args: readonly string[],
  options: { cwd: string; nodeArgs?: readonly string[]; env?: NodeJS.ProcessEnv },
): Record<string, unknown> {
  const env = { ...cleanEnv(), ...options.env };
  return parseProbeOutput(
    runCommand(process.execPath, [...(options.nodeArgs ?? []), probe, ...args], options.cwd, env),
  );
}

/**
 * The package section's numbers (`package.*` targets) for the package as users get it: `npm pack` (which builds dist), `npm
 * install` of the tarball in a fresh temporary project (no .npmrc, no npm_* variables), then
 * fresh `node` processes in that project:
 *
 * - `node_modules` size, and which installed packages declare an install script;
 * - `import("toolsift")`, median of `importRuns` processes;
 * - a hybrid tool search (bundled model, `cacheDir: false`) over 1,000 generated tools: created
 *   and searched once, wall time and process RSS after it, median of `hybridRuns` processes;
 * - the hybrid ranker over 10,000 generated tools in one process: model load, index build, search p50.
 *
 * Needs the npm registry or a warm npm cache. A failure yields a run with `error` set. The
 * temporary folder is removed afterwards unless `keep` is set.
 *
 * @example
 * ```ts
 * const run = await measurePackage({ log: console.error });
 * run.nodeModulesMB; run.importMs.median;
 * ```
 */
export async function measurePackage(options: PackageOptions = {}): Promise<PackageRun> {
  const log = options.log ?? (() => undefined);
  const importRuns = options.importRuns ?? 7;
  const hybridRuns = options.hybridRuns ?? 5;
  const seed = options.seed ?? 42;
  // Without a shared project this run packs its own, in a folder it removes afterwards.
  const work = options.packed ? undefined : mkdtempSync(join(tmpdir(), "toolsift-bench-package-"));
  const empty = emptyPackageRun();
  try {
    const packed = options.packed ?? packAndInstall(work as string, log);
    const { project, packMs, installMs } = packed;

    for (const probe of Object.values(PROBE_FILES)) copyFileSync(probe, join(project, basename(probe)));
    const small = probeCatalogue(generateSkewedCatalogue({ size: 1_000, queries: 1, seed }));
    const large = probeCatalogue(generateSkewedCatalogue({ size: 10_000, queries: options.queries ?? 100, seed }));
    writeFileSync(join(project, "catalogue-1000.json"), JSON.stringify(small));
    writeFileSync(join(project, "catalogue-10000.json"), JSON.stringify(large));
    const probe = (file: string, ...args: string[]) => runProbe(basename(file), args, { cwd: project });

    log(`package: import("toolsift") in ${importRuns} fresh processes`);
    const imports = Array.from({ length: importRuns }, () => numberField(probe(PROBE_FILES.importTime), "importMs"));
    log(`package: hybrid over 1,000 tools, created and searched once, in ${hybridRuns} fresh processes`);
    const firsts = Array.from({ length: hybridRuns }, () =>
      probe(PROBE_FILES.hybridFirstSearch, "catalogue-1000.json"),
    );
    log("package: hybrid over 10,000 tools, build and search");
    const big = probe(PROBE_FILES.hybridBuildSearch, "catalogue-10000.json");
    const latencies = big.searchMs;
    if (!Array.isArray(latencies) || latencies.length === 0)
      throw new Error(`the 10,000-tool probe returned no latencies: ${JSON.stringify(big).slice(0, 500)}`);
    const searchMs = latencies as number[];

    return {
      tarball: basename(packed.tarball),
      tarballMB: statSync(packed.tarball).size / MB,
      packMs,
      installMs,
      nodeModulesMB: folderBytes(join(project, "node_modules")) / MB,
      installScripts: packagesWithInstallScripts(project),
      installedPackages: Object.keys(lockedPackages(project)).length,
      importMs: samplesOf(imports),
      hybrid1k: {
        tools: small.tools.length,
        createAndSearchMs: samplesOf(firsts.map((result) => numberField(result, "createAndSearchMs"))),
        rssMB: samplesOf(firsts.map((result) => numberField(result, "rssMB"))),
        importMs: samplesOf(firsts.map((result) => numberField(result, "importMs"))),
      },
      hybrid10k: {
        tools: numberField(big, "tools"),
        modelLoadMs: numberField(big, "modelLoadMs"),
        buildMs: numberField(big, "buildMs"),
        searchMs: { p50: percentile(searchMs, 50), p95: percentile(searchMs, 95), mean: mean(searchMs) },
        queries: searchMs.length,
        rssMB: numberField(big, "rssMB"),
      },
    };
  } catch (error) {
    return { ...empty, error: error instanceof Error ? error.message.slice(0, 4_000) : String(error) };
  } finally {
    if (work && options.keep) log(`package: kept ${work}`);
    else if (work) rmSync(work, { recursive: true, force: true });
  }
}
