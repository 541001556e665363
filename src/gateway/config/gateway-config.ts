// Over 300 lines: a config is checked in one place, every field with its own message.
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { OptionsError } from "../../errors.js";
import { SERVER_NAME_PATTERN, type McpReconnectOptions, type McpServerConfig } from "../../public/mcp.js";
import { MAX_JOINED_MODELS, parseServerConfig } from "../../for-apps.js";
import { RANKER_NAMES, type RankerName } from "../../index.js";
import { describeValue } from "../../describe-value.js";
import { ConfigError } from "../settings/config-error.js";
import { configPath } from "../settings/config-path.js";
import { expandVariables } from "../settings/expand-variables.js";
import { parseRoots, type RootSetting } from "../roots-config.js";
import {
  parseGlobList,
  parsePolicies,
  parseRateLimits,
  type PolicyEntry,
  type RateLimits,
} from "../policy/policies-config.js";
import { parseAuthSettings, type AuthSettings } from "../auth/auth-config.js";
import { parseHttpSettings, type HttpSettings } from "../web/http-config.js";
import { parseObserveSettings, type AuditSettings } from "../observe/observe-config.js";
import { readJsonFile } from "../settings/read-json-file.js";
import { REDACTED, Redactor } from "../settings/redact.js";
import { parseLearning, type LearningSettings } from "../learning-config.js";
import { parseMisses, type MissesSettings } from "../misses-config.js";
import { parsePinSettings, type PinSettings } from "../pins/pins-config.js";
import { parseMaxResultsPerServer } from "./ranking-config.js";
import { parseListingBudget } from "../listing/budget-config.js";
import { parseSessions, type SessionsSettings } from "../replicas/sessions-config.js";
import { parseEnrichmentSetting, type EnrichmentSettings } from "./enrichment-config.js";
import { parseDescribe, type DescribeOverrides } from "./describe-config.js";
import { isFolder } from "../../util/is-folder.js";

/** The `toolsift` block of a config file, checked, with defaults filled in. */
export interface GatewaySettings extends PinSettings {
  /** Tools always listed in full, in this order. */
  keepTools: string[];
  /** How many tools found by search (or called) stay listed; the least recently used leave first. */
  maxHydratedTools: number;
  /** Matches per search when the model gives no limit. */
  searchLimit: number;
  /** The most of a search's results one server may take; `undefined`: half of them; `false`: no cap. */
  maxResultsPerServer: number | false | undefined;
  /** List every tool in full while the whole catalogue is estimated at or under this many tokens. */
  toolSearchThresholdTokens: number;
  ranker: RankerName;
  /**
   * A model folder for `embedding`/`hybrid` (absolute), or 2 to 4 folders joined (see
   * `EmbedderOptions.model`); `undefined`: the bundled model.
   */
  model: string | string[] | undefined;
  /** Where embedding vectors are cached (absolute), or `false` for memory only. */
  cacheDir: string | false;
  /** Globs over `server__tool`; `undefined` allows every tool. */
  allow: string[] | undefined;
  deny: string[];
  /** Destructive tools that run without asking (globs over `server__tool`). */
  allowDestructive: string[];
  callTimeoutMs: number | undefined;
  requestTimeoutMs: number | undefined;
  /** How long a search or a first `tools/list` waits for servers still connecting (and re-lists under way); the library's 2 s when undefined. */
  refreshWaitMs: number | undefined;
  reconnect: false | McpReconnectOptions | undefined;
  /** What `serve --http` admits and holds (allowed origins and hosts, session, connection and time limits). */
  http: HttpSettings;
  /** The audit log (`undefined`: none); see observe-config.ts. */
  audit: AuditSettings | undefined;
  /** Metrics: `true` required, `false` off, `undefined` when prom-client is installed. */
  metrics: boolean | undefined;
  /** Per-caller additions to allow, deny and allowDestructive (see `policies-config.ts`). */
  policies: PolicyEntry[];
  /** Per-caller limits of calls and searches per minute. */
  rateLimits: RateLimits;
  /** Learning from use; `false` (the default) keeps no lessons. */
  learning: LearningSettings | false;
  /** Misses (searches that failed in use) recorded; `false` (the default) records none. */
  misses: MissesSettings | false;
  /** Who may call over HTTP: static tokens (by hash) and an OAuth issuer. */
  auth: AuthSettings;
  /** The most tools one `tools/list` holds (`search_tools` included); `undefined`: no cap. A policy's own wins. */
  maxListedTools: number | undefined;
  /** The most tokens of tool definitions one `tools/list` holds, by the library's estimator; `undefined`: no cap. */
  maxListedTokens: number | undefined;
  /** What upstream `roots/list` gets when no client's call is in flight (`undefined`: no roots). */
  roots: RootSetting[] | undefined;
  /** Where replicas share MCP sessions (a PostgreSQL URL); `undefined`: each process its own. */
  sessions: SessionsSettings;
  /** The enrichment `search_tools` indexes beside the descriptions, read at start; `undefined`: none. */
  enrichment: EnrichmentSettings | undefined;
  /** Per tool (`server__tool`), a description of the config's own or a sentence appended to the server's. */
  describe: DescribeOverrides;
}

/** A gateway config file, checked: the servers to front and how. */
export interface GatewayConfig {
  /** The file, as the user named it, for messages. */
  file: string;
  /** The servers to start, by name (entries with `"disabled": true` left out), ready for `fromMcp`. */
  servers: Record<string, McpServerConfig>;
  /** Servers the file lists with `"disabled": true`. */
  disabled: string[];
  /**
   * @internal
   * The `toolsift` block, checked. Read by the gateway's parts; not a public seam, so that a
   * setting can change shape without changing `toolsift/gateway`'s API.
   */
  settings: GatewaySettings;
  /**
   * @internal
   * Blanks out every value `${NAME}` brought in from the environment (and the password of a
   * learning store's URL): pass every message, log line and report through it. It prints as
   * `[Redactor: n secrets]`, never the secrets.
   */
  redactor: Redactor;
}

/** Keys other MCP clients put in server entries; toolsift reads `disabled` and ignores the rest. */
const FOREIGN_SERVER_KEYS = new Set(["disabled", "autoApprove", "alwaysAllow", "timeout", "description"]);

/** Every key of the `toolsift` block; `serve --help` shows each (a test holds it to that). */
export const SETTING_KEYS = [
  "keepTools",
  "maxHydratedTools",
  "searchLimit",
  "maxResultsPerServer",
  "toolSearchThresholdTokens",
  "ranker",
  "model",
  "cacheDir",
  "allow",
  "deny",
  "allowDestructive",
  "callTimeoutMs",
  "requestTimeoutMs",
  "refreshWaitMs",
  "reconnect",
  "http",
  "audit",
  "metrics",
  "policies",
  "rateLimits",
  "learning",
  "misses",
  "auth",
  "onToolChange",
  "lockFile",
  "maxListedTools",
  "maxListedTokens",
  "roots",
  "sessions",
  "enrichment",
  "describe",
] as const;

/** What {@link readGatewayConfig} reads besides the config file itself. */
export interface ConfigReadOptions {
  /**
   * Whether the file `toolsift.enrichment` names is read (and must exist). A command that does
   * not search passes `false`: `toolsift enrich` writes that file, so it cannot require it, and
   * `toolsift pin` has no use for it. The setting's shape is checked either way; with `false`,
   * `settings.enrichment` is `undefined`.
   * @defaultValue true
   *
   * @example
   * ```ts
   * readGatewayConfig("mcp.json", process.env, { enrichment: false });
   * ```
   */
  enrichment?: boolean;
}

/**
 * Reads and checks a gateway config file: the `mcpServers` object Claude Desktop and Cursor use
 * (or VS Code's `servers`), JSON with comments allowed, plus an optional `toolsift` block.
 * Nothing is started: every problem is found here, before any server runs.
 *
 * @param env - Where `${NAME}` in commands, arguments, env values, URLs and headers is looked up.
 * @throws {@link ConfigError} naming the file, the field and what to change.
 */
export function readGatewayConfig(
  file: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: ConfigReadOptions = {},
): GatewayConfig {
  return parseGatewayConfig(
    readJsonFile(file, 'Pass the path of a JSON file with an "mcpServers" object.'),
    file,
    env,
    options,
  );
}

/** {@link readGatewayConfig} for a value already parsed; `file` is for messages and relative paths. */
export function parseGatewayConfig(
  value: unknown,
  file: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: ConfigReadOptions = {},
): GatewayConfig {
  // What ${NAME} brought in so far: a problem found after an expansion must not show its value.
  const secrets: Secret[] = [];
  const fail = (field: string, problem: string): never => {
    throw new ConfigError(file, field, new Redactor(secrets).redact(problem));
  };
  if (!isPlainObject(value))
    return fail("", `must hold a JSON object like {"mcpServers": {...}}, not ${describeValue(value)}.`);
  if ("mcpServers" in value && "servers" in value) {
    return fail("", 'has both "mcpServers" and "servers"; keep one (toolsift reads either).');
  }
  const key = "servers" in value ? "servers" : "mcpServers";
  const entries = value[key];
  if (entries === undefined) {
    return fail(
      "",
      'has no "mcpServers" object. Add the servers to front, e.g. {"mcpServers": {"github": {"command": "github-mcp-server", "args": ["stdio"]}}}.',
    );
  }
  if (!isPlainObject(entries))
    return fail(key, `must be an object mapping server names to configs, not ${describeValue(entries)}.`);

  const base = dirname(resolve(file));
  const servers: Record<string, McpServerConfig> = {};
  const disabled: string[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    const where = `${key}.${name}`;
    if (!SERVER_NAME_PATTERN.test(name)) {
      fail(
        key,
        `has the server name ${JSON.stringify(name)}, which toolsift cannot use: it prefixes the server's tools ("server__tool"), ` +
          `so it must be 1 to 32 letters, digits, "-" or "_", without "__" and without a leading or trailing "_". Rename the entry, e.g. "github".`,
      );
    }
    if (!isPlainObject(entry))
      fail(
        where,
        `must be an object with "command" (a stdio server) or "url" (Streamable HTTP), not ${describeValue(entry)}.`,
      );
    const server = serverEntry(entry as Record<string, unknown>, where, base, { env, secrets }, fail);
    if (server === "disabled") disabled.push(name);
    else servers[name] = server;
  }
  if (Object.keys(servers).length === 0) {
    fail(
      key,
      Object.keys(entries).length === 0
        ? "is empty: add at least one server to front."
        : "has every server disabled: enable at least one.",
    );
  }
  const settings = parseSettings(
    value.toolsift,
    base,
    new Set([...Object.keys(servers), ...disabled]),
    { env, secrets },
    fail,
    options.enrichment !== false,
  );
  return { file, servers, disabled, settings, redactor: new Redactor(secrets) };
}

type Fail = (field: string, problem: string) => never;

/** A value to redact, and what shows in its place. */
type Secret = { label: string; value: string };

/** Where `${NAME}` is looked up, and where each value it brought in is recorded. */
interface Expanding {
  env: Readonly<Record<string, string | undefined>>;
  secrets: Secret[];
}

/**
 * The settings of a `toolsift` block on their own, defaults filled in: what a catalogue read from
 * a file of tool definitions gets, with no block at all.
 *
 * @throws {@link ConfigError} as {@link readGatewayConfig} does.
 */
export function parseGatewaySettings(
  block: unknown,
  file: string,
  serverNames: Iterable<string> = [],
  env: Readonly<Record<string, string | undefined>> = process.env,
): GatewaySettings {
  const secrets: Secret[] = [];
  return parseSettings(block, dirname(resolve(file)), new Set(serverNames), { env, secrets }, (field, problem) => {
    throw new ConfigError(file, field, new Redactor(secrets).redact(problem));
  });
}

function serverEntry(
  entry: Record<string, unknown>,
  where: string,
  base: string,
  expanding: Expanding,
  fail: Fail,
): McpServerConfig | "disabled" {
  if (entry.disabled !== undefined && typeof entry.disabled !== "boolean")
    fail(`${where}.disabled`, `must be true or false, not ${describeValue(entry.disabled)}.`);
  if (entry.disabled === true) return "disabled";
  if ("envFile" in entry)
    fail(
      `${where}.envFile`,
      'is not supported by toolsift: put the variables in "env" (values may use ${NAME} to read this process\'s environment).',
    );
  const config: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(entry)) {
    if (FOREIGN_SERVER_KEYS.has(field)) continue;
    config[field] = expandIn(
      raw,
      `${where}.${field}`,
      field === "command" ||
        field === "args" ||
        field === "env" ||
        field === "cwd" ||
        field === "url" ||
        field === "headers",
      expanding,
      fail,
    );
  }
  if (isPlainObject(entry.headers)) literalHeaderSecrets(entry.headers, expanding.secrets);
  if (typeof config.cwd === "string" && config.cwd !== "") {
    const cwd = configPath(base, config.cwd);
    if (!isFolder(cwd))
      fail(
        `${where}.cwd`,
        `is ${JSON.stringify(cwd)}, which is not a folder. A relative cwd is relative to the config file.`,
      );
    config.cwd = cwd;
  }
  try {
    parseServerConfig(where, config);
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error;
    // fromMcp's checker names the entry its own way; say it as the file does.
    const message = error.message.replace(/^fromMcp: servers\["((?:[^"\\]|\\.)*)"\]\s*/, "");
    const field = /^\.(\w+)/.exec(message);
    if (field) fail(`${where}.${field[1]}`, message.slice(field[0].length).trim());
    fail(where, message.replace("Pass a connected MCP Client, ", "Use "));
  }
  return config as unknown as McpServerConfig;
}

/**
 * A header value the file holds itself (an API key, `Bearer <token>`) is as secret as one `${NAME}`
 * brings in, though the file shows it: redacted, whole and as the credential after its scheme, so
 * a server or an error that echoes it does not put it in a log. A value with `${NAME}` in it is
 * left to that expansion, whose label says more.
 */
function literalHeaderSecrets(headers: Record<string, unknown>, secrets: Secret[]): void {
  for (const value of Object.values(headers)) {
    if (typeof value !== "string" || value.includes("${")) continue;
    secrets.push({ label: REDACTED, value });
    const credential = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(value)?.[1];
    if (credential !== undefined) secrets.push({ label: REDACTED, value: credential });
  }
}

/** Expands `${NAME}` in every string of a value (strings, arrays and objects of strings). */
function expandIn(value: unknown, where: string, expand: boolean, expanding: Expanding, fail: Fail): unknown {
  if (!expand) return value;
  if (typeof value === "string") {
    const expanded = expandVariables(value, expanding.env, (name, secret) =>
      expanding.secrets.push({ label: `\${${name}}`, value: secret }),
    );
    return expanded.ok ? expanded.value : fail(where, `${expanded.problem}.`);
  }
  if (Array.isArray(value))
    return value.map((item, index) => expandIn(item, `${where}[${index}]`, true, expanding, fail));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, expandIn(item, `${where}.${key}`, true, expanding, fail)]),
    );
  }
  return value;
}

function parseSettings(
  block: unknown,
  base: string,
  serverNames: ReadonlySet<string>,
  expanding: Expanding,
  fail: Fail,
  readEnrichment = true,
): GatewaySettings {
  if (block !== undefined && !isPlainObject(block))
    fail("toolsift", `must be an object of settings, not ${describeValue(block)}.`);
  const settings = (block ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(settings).filter((key) => !(SETTING_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    fail(`toolsift.${unknown[0]}`, `is not a toolsift setting. The settings are: ${SETTING_KEYS.join(", ")}.`);
  }
  const count = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const value = settings[name];
    if (value === undefined) return fallback;
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
      fail(
        `toolsift.${name}`,
        `must be a whole number ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}, not ${describeValue(value)}.`,
      );
    }
    return value as number;
  };
  const ms = (name: string, min = 1): number | undefined => {
    const value = settings[name];
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > 2 ** 31 - 1) {
      fail(
        `toolsift.${name}`,
        `must be a ${min === 0 ? "0 or more" : "positive"} number of milliseconds, not ${describeValue(value)}.`,
      );
    }
    return value as number;
  };
  const globs = (name: string): string[] | undefined =>
    parseGlobList(settings[name], `toolsift.${name}`, serverNames, fail, name === "deny");

  const keepTools = globs("keepTools") ?? [];
  keepTools.forEach((name, index) => {
    if (/[*?]/.test(name))
      fail(
        `toolsift.keepTools[${index}]`,
        `is ${JSON.stringify(name)}; keepTools takes exact tool names ("server__tool"), not globs.`,
      );
  });
  const ranker = settings.ranker ?? "bm25";
  if (typeof ranker !== "string" || !(RANKER_NAMES as readonly string[]).includes(ranker)) {
    fail(
      "toolsift.ranker",
      `must be one of ${RANKER_NAMES.map((name) => `"${name}"`).join(", ")}, not ${describeValue(ranker)}.`,
    );
  }
  const model = parseModel(settings.model, base, ranker as RankerName, fail);
  const cacheDir = settings.cacheDir;
  if (cacheDir !== undefined && cacheDir !== false && (typeof cacheDir !== "string" || cacheDir === "")) {
    fail(
      "toolsift.cacheDir",
      `must be a folder path, or false to keep embeddings in memory only, not ${describeValue(cacheDir)}.`,
    );
  }
  return {
    keepTools: [...new Set(keepTools)],
    maxHydratedTools: count("maxHydratedTools", 15, 0, 1000),
    searchLimit: count("searchLimit", 5, 1, 50),
    maxResultsPerServer: parseMaxResultsPerServer(settings.maxResultsPerServer, fail),
    toolSearchThresholdTokens: count("toolSearchThresholdTokens", 0, 0),
    ranker: ranker as RankerName,
    model,
    cacheDir:
      cacheDir === false ? false : typeof cacheDir === "string" ? configPath(base, cacheDir) : defaultCacheDir(),
    allow: globs("allow"),
    deny: globs("deny") ?? [],
    allowDestructive: globs("allowDestructive") ?? [],
    callTimeoutMs: ms("callTimeoutMs"),
    requestTimeoutMs: ms("requestTimeoutMs"),
    refreshWaitMs: ms("refreshWaitMs", 0),
    reconnect: parseReconnect(settings.reconnect, fail),
    http: parseHttpSettings(settings.http, fail),
    ...parseObserveSettings(settings, base, fail),
    policies: parsePolicies(
      settings.policies,
      serverNames,
      settings.allow !== undefined,
      fail,
      new Set(keepTools).size,
    ),
    rateLimits: parseRateLimits(settings.rateLimits, fail),
    learning: parseLearning(settings.learning, expanding.env, (secret) => expanding.secrets.push(secret), fail),
    misses: parseMisses(settings.misses, expanding.env, (secret) => expanding.secrets.push(secret), fail),
    auth: parseAuthSettings(settings.auth, expanding.env, fail),
    ...parsePinSettings(settings, base, fail),
    ...parseListingBudget(settings, new Set(keepTools).size, fail),
    roots: parseRoots(settings.roots, base, fail),
    sessions: parseSessions(settings.sessions, expanding.env, (secret) => expanding.secrets.push(secret), fail),
    describe: parseDescribe(settings.describe, serverNames, fail),
    // Last: the one setting that reads a file of megabytes, once every other field is known good.
    enrichment: parseEnrichmentSetting(settings.enrichment, base, fail, readEnrichment),
  };
}

function parseReconnect(value: unknown, fail: Fail): GatewaySettings["reconnect"] {
  if (value === undefined || value === false) return value;
  if (!isPlainObject(value))
    return fail(
      "toolsift.reconnect",
      `must be false or {"initialDelayMs": 500, "maxDelayMs": 30000}, not ${describeValue(value)}.`,
    );
  const reconnect: McpReconnectOptions = {};
  for (const [key, delay] of Object.entries(value)) {
    if (key !== "initialDelayMs" && key !== "maxDelayMs")
      fail(`toolsift.reconnect.${key}`, "is not a reconnect setting; they are initialDelayMs and maxDelayMs.");
    if (typeof delay !== "number" || !Number.isFinite(delay) || delay < 1 || delay > 2 ** 31 - 1) {
      fail(`toolsift.reconnect.${key}`, `must be a positive number of milliseconds, not ${describeValue(delay)}.`);
    }
    reconnect[key as keyof McpReconnectOptions] = delay as number;
  }
  if (
    reconnect.initialDelayMs !== undefined &&
    reconnect.maxDelayMs !== undefined &&
    reconnect.maxDelayMs < reconnect.initialDelayMs
  ) {
    fail(
      "toolsift.reconnect.maxDelayMs",
      `(${reconnect.maxDelayMs}) is less than initialDelayMs (${reconnect.initialDelayMs}).`,
    );
  }
  return reconnect;
}

/**
 * Where the CLI caches embedding vectors by default: the user's cache folder, since a gateway an
 * MCP client starts often runs with `/` as its working directory.
 */
export function defaultCacheDir(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  return join(xdg !== undefined && xdg !== "" ? xdg : join(homedir(), ".cache"), "toolsift");
}

/** `toolsift.model`: one folder, or 2 to 4 to join; each must exist, relative to the config file. */
function parseModel(value: unknown, base: string, ranker: RankerName, fail: Fail): string | string[] | undefined {
  if (value === undefined) return undefined;
  const many = Array.isArray(value);
  const folders: unknown[] = many ? value : [value];
  if (many && (folders.length < 2 || folders.length > MAX_JOINED_MODELS)) {
    fail(
      "toolsift.model",
      `must be the path of a model folder, or a list of 2 to ${MAX_JOINED_MODELS} to join, not ${describeValue(value)}.`,
    );
  }
  if (ranker === "bm25") {
    fail(
      "toolsift.model",
      'is only used by the "embedding" and "hybrid" rankers; set "ranker" to one of them, or remove "model".',
    );
  }
  const paths: string[] = [];
  folders.forEach((folder, index) => {
    const field = many ? `toolsift.model[${index}]` : "toolsift.model";
    if (typeof folder !== "string" || folder === "") {
      fail(field, `must be the path of a model folder, not ${describeValue(folder)}.`);
    }
    const path = configPath(base, folder as string);
    if (!isFolder(path)) {
      fail(
        field,
        `is ${JSON.stringify(path)}, which is not a folder. Give a model folder in the transformers.js layout (relative to the config file), or remove "model" for the bundled one.`,
      );
    }
    // `models/a` and `./models/a/` are one folder: a model counts once.
    if (paths.includes(path)) fail(field, `names ${JSON.stringify(folder)}, a folder the list already holds.`);
    paths.push(path);
  });
  return many ? paths : paths[0];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
