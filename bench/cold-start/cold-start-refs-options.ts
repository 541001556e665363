import { parseArgs } from "node:util";
import { countOrDefault } from "../count-option.js";

/** What `npm run bench:cold-start-refs -- …` was asked to do. */
export interface ColdStartRefsOptions {
  /** The git ref measured against (its dist is built in a temporary worktree). */
  base: string;
  /** The ref measured; `undefined` means the working tree as it is (built in place). */
  head: string | undefined;
  /** Fresh processes per ref and cache state. */
  runs: number;
  /** Tools of the realistic catalogue. */
  tools: number;
  /** Skip `npm run build` of the working tree (its dist is current). */
  noBuild: boolean;
  /** Output directory; `undefined` means bench/results. */
  out: string | undefined;
  help: boolean;
}

export const DEFAULT_RUNS = 5;
export const DEFAULT_TOOLS = 1_000;
/** More rounds than this is a typo: each is several fresh processes of a few seconds. */
const MAX_RUNS = 200;
const MAX_TOOLS = 100_000;

export const USAGE = `Usage: npm run bench:cold-start-refs -- --base <ref> [options]

Cold start of toolsift at two git refs, in one run: each ref's dist (the base's built in a
temporary git worktree, removed afterwards), fresh node processes alternating between the refs,
on the realistic catalogue (bench/cold-start). Each process imports the dist, creates a tool
search with the default hybrid ranker and searches once; with an empty vector cache (a fresh
working directory per process) and with a warm one. Reports medians and head/base ratios in
bench/results/<UTC stamp>-cold-start-refs.md and .json.

  --base <ref>     the ref to compare against, e.g. 646f9dd (release 0.2.0)    (required)
  --head <ref>     the ref measured (default: the working tree, built in place)
  --runs <n>       fresh processes per ref and cache state (default ${DEFAULT_RUNS})
  --tools <n>      tools of the realistic catalogue (default ${DEFAULT_TOOLS})
  --no-build       use the working tree's dist as it is
  --out <dir>      where the report goes (default bench/results)
  --help           this text`;

/** A ref git can resolve, never an option: refuses what `git worktree add` would read as a flag. */
function ref(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (value === "" || value.startsWith("-") || /[\s\0]/.test(value) || value.length > 256)
    throw new Error(`--${name} must be a git ref such as 646f9dd or v0.2.0, got "${value}"`);
  return value;
}

/**
 * Parses the bench's arguments.
 *
 * @throws OptionsError `BENCH_OPTIONS` for a count that is not a whole number in range; Error
 *   naming the option and what it takes for an unknown option, a missing `--base`, or a ref that
 *   looks like an option.
 */
export function parseColdStartRefsArgs(args: readonly string[]): ColdStartRefsOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      base: { type: "string" },
      head: { type: "string" },
      runs: { type: "string" },
      tools: { type: "string" },
      "no-build": { type: "boolean" },
      out: { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
    allowPositionals: false,
  });
  const help = values.help ?? false;
  const base = ref(values.base, "base");
  if (base === undefined && !help) throw new Error("--base <ref> is required: the git ref to compare against");
  const head = ref(values.head, "head");
  const noBuild = values["no-build"] ?? false;
  if (noBuild && head !== undefined)
    throw new Error("--no-build applies to the working tree; it cannot go with --head");
  return {
    base: base ?? "",
    head,
    runs: countOrDefault("--runs", values.runs, DEFAULT_RUNS, { max: MAX_RUNS }),
    tools: countOrDefault("--tools", values.tools, DEFAULT_TOOLS, { max: MAX_TOOLS }),
    noBuild,
    out: values.out,
    help,
  };
}
