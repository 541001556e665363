import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CLI_ARGS, ROOT } from "./gateway-process.js";

/**
 * The MCP Inspector's CLI (`mcp-inspector --cli`, the devDependency) as a user runs it: a real
 * process, one method per run (it connects, runs the method and exits), its JSON output parsed.
 */

/** The Inspector's exit codes (its CLI README, "Exit codes & error envelopes"). */
export const INSPECTOR_EXIT = {
  ok: 0,
  usage: 1,
  noApp: 2,
  authRequired: 3,
  unreachable: 4,
  /** `tools/call` answered `isError: true`, or the tool was not in `tools/list`. */
  toolError: 5,
  schemaUnportable: 6,
} as const;

/** What one Inspector run did: its exit code, its JSON answer, the error envelope, and the raw streams. */
export interface InspectorRun {
  code: number;
  /** `--format json` prints one object, `{"result": …}` (and `appInfo` for an app's tool). */
  output: { result?: unknown; appInfo?: unknown } | undefined;
  /** On a non-zero exit, the last stderr line: `{"error": {"code", "message", …}}`. */
  error: { code: string; message: string } | undefined;
  stdout: string;
  /** The Inspector's diagnostics, and over stdio the gateway's own log lines (the Inspector passes them on). */
  stderr: string;
}

/** Where the Inspector keeps its catalog, OAuth state, client config and secrets: a folder of the test's own. */
export interface InspectorSandbox {
  readonly dir: string;
  /** The environment for the Inspector (and the stdio server it starts): nothing in it points at the user's home. */
  readonly env: NodeJS.ProcessEnv;
  /** Writes a file into the sandbox and returns its path (a gateway config, say). */
  write(name: string, content: string): string;
  /** What the Inspector left under the sandbox's home folder: it should use the folders named in env, not `~/.mcp-inspector`. */
  homeEntries(): string[];
  remove(): void;
}

/**
 * A fresh sandbox. HOME points into it too, as a backstop for anything the variables miss; the
 * secrets stay in memory (the Inspector writes them to a plain file where there is no keychain),
 * and any MCP_ variable of the user's is dropped: `MCP_INSPECTOR_OAUTH_STATE_PATH`, say, would
 * win over `MCP_STORAGE_DIR` and reach the user's real tokens.
 */
export function inspectorSandbox(): InspectorSandbox {
  const dir = mkdtempSync(join(tmpdir(), "toolsift-inspector-"));
  const home = join(dir, "home");
  const storage = join(dir, "storage");
  mkdirSync(home);
  mkdirSync(storage);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("MCP_")));
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    HOME: home,
    USERPROFILE: home,
    XDG_CACHE_HOME: join(dir, "cache"),
    MCP_STORAGE_DIR: storage,
    MCP_CATALOG_PATH: join(storage, "mcp.json"),
    MCP_INSPECTOR_OAUTH_STATE_PATH: join(storage, "oauth.json"),
    MCP_CLIENT_CONFIG_PATH: join(storage, "client.json"),
    MCP_INSPECTOR_SECRET_STORE: "memory",
    MCP_INSPECTOR_SECRET_FILE: join(storage, "secrets.json"),
    NO_COLOR: "1",
  };
  return {
    dir,
    env,
    write(name, content) {
      const file = join(dir, name);
      writeFileSync(file, content);
      return file;
    },
    homeEntries: () => readdirSync(home),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The Inspector's launcher script, from its package's `mcp-inspector` bin. */
function inspectorEntry(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve("@modelcontextprotocol/inspector/package.json");
  const manifest = require(manifestPath) as { bin?: Record<string, string> };
  const bin = manifest.bin?.["mcp-inspector"];
  if (!bin) throw new Error("@modelcontextprotocol/inspector declares no mcp-inspector bin");
  return join(dirname(manifestPath), bin);
}

/** How long one run may take in all: a gateway started from source on a loaded 2-core machine takes seconds. */
const RUN_TIMEOUT_MS = 150_000;
/** The Inspector's own connect timeout (15 s by default), under the run's. */
const CONNECT_TIMEOUT_MS = 120_000;

/**
 * Runs `mcp-inspector --cli <target> -- <options> --format json` in `sandbox`, bounded by its
 * own connect timeout and, past that, killed. A killed run has code 1 and no output.
 *
 * @param target - What to connect to: {@link toolsiftServe}'s command, or `--transport http --server-url …`.
 */
export function runInspector(
  sandbox: InspectorSandbox,
  target: readonly string[],
  options: readonly string[],
): Promise<InspectorRun> {
  const args = [
    inspectorEntry(),
    "--cli",
    ...target,
    // Under --cli, what comes before `--` is the server's command line, what follows the Inspector's options.
    ...(target[0]?.startsWith("-") ? [] : ["--"]),
    ...options,
    "--connect-timeout",
    String(CONNECT_TIMEOUT_MS),
    "--format",
    "json",
  ];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: ROOT, env: sandbox.env, timeout: RUN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (failure, stdout, stderr) => {
        const code = failure ? (typeof failure.code === "number" ? failure.code : 1) : 0;
        resolve({ code, output: parsedOutput(stdout), error: envelopeIn(stderr), stdout, stderr });
      },
    );
  });
}

/** The stdio target that has the Inspector start `toolsift serve --config <file>` from source. */
export function toolsiftServe(configFile: string, ...serveArgs: string[]): string[] {
  return [process.execPath, ...CLI_ARGS, "serve", "--config", configFile, ...serveArgs];
}

/** The HTTP target: a gateway already listening at `url`, with a bearer token passed by `--header`. */
export function overHttp(url: string, token: string | undefined): string[] {
  return [
    "--transport",
    "http",
    "--server-url",
    url,
    ...(token === undefined ? [] : ["--header", `Authorization: Bearer ${token}`]),
  ];
}

function parsedOutput(stdout: string): InspectorRun["output"] {
  if (stdout.trim() === "") return undefined;
  const parsed: unknown = JSON.parse(stdout);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error(`the Inspector printed JSON that is not an object: ${stdout.slice(0, 200)}`);
  return parsed as InspectorRun["output"];
}

/** The error envelope: the last stderr line that is one (a stdio server's own lines may come after it). */
function envelopeIn(stderr: string): InspectorRun["error"] {
  for (const line of stderr.trim().split("\n").reverse()) {
    if (!line.startsWith('{"error"')) continue;
    const parsed = JSON.parse(line) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = parsed.error ?? {};
    if (typeof code === "string" && typeof message === "string") return { code, message };
  }
  return undefined;
}

/** The text blocks of a `tools/call` result the Inspector printed, joined by newlines. */
export function textOf(run: InspectorRun): string {
  const result = run.output?.result as { content?: { type: string; text?: string }[] } | undefined;
  return (result?.content ?? [])
    .flatMap((block) => (block.type === "text" && block.text !== undefined ? [block.text] : []))
    .join("\n");
}
