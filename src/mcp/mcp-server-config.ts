import { describeValue } from "../describe-value.js";
import { OptionsError } from "../errors.js";
import { isRecord } from "../util/is-record.js";

/**
 * An MCP server that `fromMcp` starts as a child process and talks to over stdin/stdout.
 *
 * The child gets a small safe subset of the parent's environment (`HOME`, `PATH`, `SHELL`,
 * `TERM`, `USER`, `LOGNAME`) merged with `env`; pass anything else it needs, such as API keys, in `env`.
 *
 * @example
 * ```ts
 * const github: McpStdioServerConfig = {
 *   command: "npx",
 *   args: ["-y", "@modelcontextprotocol/server-github"],
 *   env: { GITHUB_PERSONAL_ACCESS_TOKEN: token },
 * };
 * ```
 */
export interface McpStdioServerConfig {
  /** Optional marker, accepted so entries of an `.mcp.json` file can be passed as they are. */
  type?: "stdio";
  /** The program to run (resolved on `PATH`); no shell is involved. */
  command: string;
  args?: readonly string[];
  /** Extra environment variables for the child, on top of the safe inherited subset. */
  env?: Readonly<Record<string, string>>;
  /** Working directory of the child; defaults to the current one. */
  cwd?: string;
  /**
   * Where the child's stderr goes. `"inherit"` (default): to this process's stderr, line by line,
   * each line prefixed with the server's name (`[github] listening on stdio`), so the output of
   * several servers stays readable, and its control characters escaped (`\n`, `\u001b`), so no
   * server can forge a line or paint the terminal; a line longer than 8,192 characters is cut,
   * saying how much. `fromMcp`'s `onStderr` takes the lines instead, to redact or route them.
   * `"ignore"`: nowhere, for a server that is chatty on stderr, or one whose output must not
   * reach this process's logs (a gateway's stderr is often shipped to a log service).
   *
   * Either way the child's stderr is a pipe toolsift reads, never the terminal itself: its last
   * 2,000 characters are kept, and put in the error when the server fails to start or exits, so
   * `"ignore"` still explains a crash. A child that writes to stderr faster than it is read is not
   * blocked by `"ignore"`: the pipe is drained all the same.
   */
  stderr?: "inherit" | "ignore";
}

/**
 * An MCP server that `fromMcp` reaches over Streamable HTTP.
 *
 * @example
 * ```ts
 * const search: McpHttpServerConfig = {
 *   url: "https://mcp.example.com/mcp",
 *   headers: { Authorization: `Bearer ${token}` },
 * };
 * ```
 */
export interface McpHttpServerConfig {
  /** Optional marker, accepted so entries of an `.mcp.json` file can be passed as they are. */
  type?: "http" | "streamable-http";
  /**
   * The server's MCP endpoint, `http:` or `https:`: a string, or anything with an `href` such as a
   * `URL` (typed structurally so toolsift's types need neither the DOM nor Node's types).
   */
  url: string | { readonly href: string };
  /** Headers sent with every request, such as `Authorization`. */
  headers?: Readonly<Record<string, string>>;
}

/** How `fromMcp` reaches a server it connects to itself. */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** A server config that passed {@link parseServerConfig}, with its transport made explicit. */
export type ParsedServerConfig =
  | {
      transport: "stdio";
      command: string;
      args: string[];
      env: Record<string, string> | undefined;
      cwd: string | undefined;
      stderr: "inherit" | "ignore";
    }
  | { transport: "http"; href: string; headers: Record<string, string> | undefined };

/**
 * What a server name may look like: letters, digits, `-` and single `_` inside, at most 32 characters.
 * It prefixes every tool name (`server__tool`), so `__` would make the split ambiguous and a long
 * name would leave too little of the 64 characters the Anthropic API allows for the tool part.
 */
export const SERVER_NAME_PATTERN = /^(?!.*__)[a-zA-Z0-9-](?:[a-zA-Z0-9_-]{0,30}[a-zA-Z0-9-])?$/;

/**
 * Checks a server name against {@link SERVER_NAME_PATTERN}.
 *
 * @throws {@link OptionsError} saying which name is wrong and what is allowed.
 */
export function assertServerName(name: string): void {
  if (!SERVER_NAME_PATTERN.test(name)) {
    throw new OptionsError(
      "invalid_server_name",
      `fromMcp: the server name ${JSON.stringify(name)} is not allowed. A server name prefixes its tools ` +
        `("server__tool"), so it must be 1 to 32 letters, digits, "-" or "_", without "__" and without a ` +
        `leading or trailing "_" (e.g. "github" or "file-system").`,
    );
  }
}

const STDIO_KEYS = new Set(["type", "command", "args", "env", "cwd", "stderr"]);
const HTTP_KEYS = new Set(["type", "url", "headers"]);

/**
 * Checks one server config given to `fromMcp` (a plain object, not a `Client`).
 *
 * @param server - The key it was given under, for the error message.
 * @throws {@link OptionsError} naming the key, what was wrong and what is allowed.
 */
export function parseServerConfig(server: string, config: unknown): ParsedServerConfig {
  const where = `fromMcp: servers[${JSON.stringify(server)}]`;
  const shapes =
    `Pass a connected MCP Client, { command, args?, env?, cwd?, stderr? } to start a stdio server, ` +
    `or { url, headers? } for a Streamable HTTP server.`;
  if (!isPlainRecord(config)) {
    throw new OptionsError("invalid_server_config", `${where} is ${describeValue(config)}. ${shapes}`);
  }
  const hasCommand = "command" in config;
  const hasUrl = "url" in config;
  if (config.type === "sse") {
    throw new OptionsError(
      "invalid_server_config",
      `${where} asks for the legacy SSE transport, which fromMcp does not open itself. Use the server's ` +
        `Streamable HTTP endpoint, or connect a Client with SSEClientTransport and pass that Client instead.`,
    );
  }
  if (hasCommand === hasUrl) {
    throw new OptionsError(
      "invalid_server_config",
      `${where} ${hasCommand ? "has both command and url" : "has neither command nor url"}. ${shapes}`,
    );
  }
  const allowed = hasCommand ? STDIO_KEYS : HTTP_KEYS;
  const unknown = Object.keys(config).filter((key) => !allowed.has(key));
  if (unknown.length > 0) {
    throw new OptionsError(
      "invalid_server_config",
      `${where} has unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => JSON.stringify(k)).join(", ")}; ` +
        `a ${hasCommand ? "stdio" : "Streamable HTTP"} config takes only ${[...allowed].join(", ")}.`,
    );
  }
  return hasCommand ? parseStdio(where, config) : parseHttp(where, config);
}

function parseStdio(where: string, config: Record<string, unknown>): ParsedServerConfig {
  const { type, command, args, env, cwd, stderr } = config;
  if (type !== undefined && type !== "stdio") {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.type is ${JSON.stringify(type)} but the config has a command; use "stdio" or leave type out.`,
    );
  }
  if (typeof command !== "string" || command.trim() === "") {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.command must be a non-empty string (the program to run), got ${describeValue(command)}.`,
    );
  }
  if (args !== undefined && !(Array.isArray(args) && args.every((arg) => typeof arg === "string"))) {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.args must be an array of strings, got ${describeValue(args)}.`,
    );
  }
  if (env !== undefined && !isStringRecord(env)) {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.env must be an object of string values, got ${describeValue(env)}.`,
    );
  }
  if (cwd !== undefined && (typeof cwd !== "string" || cwd === "")) {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.cwd must be a non-empty string, got ${describeValue(cwd)}.`,
    );
  }
  if (stderr !== undefined && stderr !== "inherit" && stderr !== "ignore") {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.stderr must be "inherit" or "ignore", got ${describeValue(stderr)}.`,
    );
  }
  return {
    transport: "stdio",
    command,
    args: args ? [...(args as string[])] : [],
    env: env ? { ...(env as Record<string, string>) } : undefined,
    cwd: cwd as string | undefined,
    stderr: stderr ?? "inherit",
  };
}

function parseHttp(where: string, config: Record<string, unknown>): ParsedServerConfig {
  const { type, url, headers } = config;
  if (type !== undefined && type !== "http" && type !== "streamable-http") {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.type is ${JSON.stringify(type)} but the config has a url; use "http" or leave type out.`,
    );
  }
  const href = typeof url === "string" ? url : isRecord(url) && typeof url.href === "string" ? url.href : undefined;
  if (href === undefined || !URL.canParse(href)) {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.url must be an absolute URL (string or URL), got ${describeValue(url)}.`,
    );
  }
  const parsed = new URL(href);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.url must use http: or https:, got ${JSON.stringify(parsed.protocol)}.`,
    );
  }
  if (headers !== undefined && !isStringRecord(headers)) {
    throw new OptionsError(
      "invalid_server_config",
      `${where}.headers must be an object of string values, got ${describeValue(headers)}.`,
    );
  }
  return {
    transport: "http",
    href: parsed.href,
    headers: headers ? { ...(headers as Record<string, string>) } : undefined,
  };
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isStringRecord(value: unknown): boolean {
  return isPlainRecord(value) && Object.values(value).every((item) => typeof item === "string");
}
