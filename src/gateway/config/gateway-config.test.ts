import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown-by.js";
import { ConfigError } from "../settings/config-error.js";
import { readGatewayConfig } from "./gateway-config.js";

function configFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "toolsift-config-"));
  const file = join(dir, "mcp.json");
  writeFileSync(file, text);
  return file;
}

const stdio = { command: "node", args: ["server.js"] };

/** The ConfigError a config text gives, with its file-relative message. */
function problemOf(config: unknown, env: Record<string, string> = {}): ConfigError {
  const file = configFile(typeof config === "string" ? config : JSON.stringify(config));
  const error = thrownBy(() => readGatewayConfig(file, env), ConfigError);
  expect(error.message.startsWith(`${file}: `)).toBe(true);
  return error;
}

describe("readGatewayConfig: what it accepts", () => {
  it("reads a Claude Desktop file, comments and all, with the defaults filled in", () => {
    const file = configFile(`{
      // Claude Desktop keeps other settings here too; they are ignored
      "globalShortcut": "Ctrl+Space",
      "mcpServers": { "github": { "command": "github-mcp-server", "args": ["stdio"], "env": { "T": "x" } }, },
    }`);
    const config = readGatewayConfig(file, {});
    expect(config.servers).toEqual({ github: { command: "github-mcp-server", args: ["stdio"], env: { T: "x" } } });
    expect(config.settings).toMatchObject({
      keepTools: [],
      maxHydratedTools: 15,
      searchLimit: 5,
      toolSearchThresholdTokens: 0,
      ranker: "bm25",
      model: undefined,
      allow: undefined,
      deny: [],
      allowDestructive: [],
      reconnect: undefined,
    });
    expect(config.settings.cacheDir).toMatch(/toolsift$/);
  });

  it("reads VS Code's servers, fills in ${NAME} from the environment, resolves paths from the file, and drops other clients' keys", () => {
    const file = configFile(
      JSON.stringify({
        servers: {
          docs: {
            type: "http",
            url: "https://docs.example/mcp",
            headers: { Authorization: "Bearer ${env:DOCS_TOKEN}" },
          },
          local: {
            type: "stdio",
            command: "node",
            args: ["${HOME_DIR:-/srv}/s.js"],
            cwd: "servers",
            autoApprove: ["x"],
            timeout: 60,
          },
          off: { command: "never-started", disabled: true },
        },
        toolsift: {
          ranker: "hybrid",
          model: "./models/m",
          cacheDir: "~/cache",
          allow: ["docs__*", "local__*"],
          reconnect: false,
        },
      }),
    );
    const dir = join(file, "..");
    mkdirSync(join(dir, "servers"));
    mkdirSync(join(dir, "models", "m"), { recursive: true });
    const config = readGatewayConfig(file, { DOCS_TOKEN: "s3cret" });
    expect(config.servers).toEqual({
      docs: { type: "http", url: "https://docs.example/mcp", headers: { Authorization: "Bearer s3cret" } },
      local: { type: "stdio", command: "node", args: ["/srv/s.js"], cwd: join(dir, "servers") },
    });
    expect(config.disabled).toEqual(["off"]);
    expect(config.settings).toMatchObject({
      ranker: "hybrid",
      model: join(dir, "models/m"),
      cacheDir: join(homedir(), "cache"),
      allow: ["docs__*", "local__*"],
      reconnect: false,
    });
  });

  it("takes 2 to 4 model folders to join, each relative to the config file", () => {
    const file = configFile(
      JSON.stringify({ mcpServers: { gh: stdio }, toolsift: { ranker: "hybrid", model: ["./models/a", "models/b"] } }),
    );
    const dir = join(file, "..");
    mkdirSync(join(dir, "models", "a"), { recursive: true });
    mkdirSync(join(dir, "models", "b"), { recursive: true });
    expect(readGatewayConfig(file, {}).settings.model).toEqual([join(dir, "models/a"), join(dir, "models/b")]);
  });

  it("de-duplicates keepTools and takes globs in allow, deny and allowDestructive", () => {
    const config = readGatewayConfig(
      configFile(
        JSON.stringify({
          mcpServers: { gh: stdio },
          toolsift: { keepTools: ["gh__a", "gh__a"], deny: ["*__delete_*"], allowDestructive: ["gh__merge_?r"] },
        }),
      ),
      {},
    );
    expect(config.settings).toMatchObject({
      keepTools: ["gh__a"],
      deny: ["*__delete_*"],
      allowDestructive: ["gh__merge_?r"],
    });
  });
});

describe("readGatewayConfig: bad files say which file, which field and what to do", () => {
  it("a missing file or a directory", () => {
    expect(() => readGatewayConfig("/nonexistent/mcp.json", {})).toThrow(
      "/nonexistent/mcp.json: cannot be read: there is no such file",
    );
    const dir = mkdtempSync(join(tmpdir(), "toolsift-config-"));
    mkdirSync(join(dir, "mcp.json"));
    expect(() => readGatewayConfig(join(dir, "mcp.json"), {})).toThrow(/is a directory/);
  });

  it("broken JSON, by line and column", () => {
    expect(problemOf('{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}').message).toMatch(
      /is not valid JSON at line 4, column 5/,
    );
  });

  it("no servers, both keys, or an empty or all-disabled list", () => {
    expect(problemOf({ toolsift: {} }).message).toMatch(/has no "mcpServers" object/);
    expect(problemOf({ mcpServers: {}, servers: {} }).message).toMatch(/both "mcpServers" and "servers"/);
    expect(problemOf({ mcpServers: [] }).message).toMatch(/mcpServers must be an object/);
    expect(problemOf({ mcpServers: {} }).message).toMatch(/mcpServers is empty/);
    expect(problemOf({ mcpServers: { a: { ...stdio, disabled: true } } }).message).toMatch(/every server disabled/);
  });

  it("a server entry: its name, its shape, each field", () => {
    expect(problemOf({ mcpServers: { my__server: stdio } }).message).toMatch(
      /server name "my__server".*Rename the entry/,
    );
    expect(problemOf({ mcpServers: { gh: "github-mcp" } })).toMatchObject({ field: "mcpServers.gh" });
    const args = problemOf({ mcpServers: { gh: { command: "x", args: "stdio" } } });
    expect(args).toMatchObject({ field: "mcpServers.gh.args" });
    expect(args.message).toMatch(/mcpServers\.gh\.args must be an array of strings, got "stdio" \(a string\)\.$/);
    expect(problemOf({ mcpServers: { gh: { command: "x", argz: [] } } }).message).toMatch(
      /mcpServers\.gh has unknown key "argz"/,
    );
    expect(problemOf({ mcpServers: { gh: {} } }).message).toMatch(
      /mcpServers\.gh has neither command nor url\. Use \{ command/,
    );
    expect(problemOf({ mcpServers: { gh: { url: "ftp://x" } } }).message).toMatch(
      /mcpServers\.gh\.url must use http: or https:/,
    );
    expect(problemOf({ mcpServers: { gh: { type: "sse", url: "http://x/sse" } } }).message).toMatch(
      /legacy SSE transport/,
    );
    expect(problemOf({ mcpServers: { gh: { ...stdio, envFile: ".env" } } })).toMatchObject({
      field: "mcpServers.gh.envFile",
    });
    expect(problemOf({ mcpServers: { gh: { ...stdio, disabled: "yes" } } })).toMatchObject({
      field: "mcpServers.gh.disabled",
    });
  });

  it("a working directory or a model folder that does not exist, before any server starts", () => {
    expect(problemOf({ mcpServers: { gh: { ...stdio, cwd: "no-such-folder" } } }).message).toMatch(
      /mcpServers\.gh\.cwd is ".*no-such-folder", which is not a folder/,
    );
    expect(
      problemOf({ mcpServers: { gh: stdio }, toolsift: { ranker: "hybrid", model: "./no-such-model" } }).message,
    ).toMatch(/toolsift\.model is ".*no-such-model", which is not a folder/);
    const joined = (model: unknown) => problemOf({ mcpServers: { gh: stdio }, toolsift: { ranker: "hybrid", model } });
    expect(joined([".", "./no-such-model"])).toMatchObject({ field: "toolsift.model[1]" });
    expect(joined([".", "./no-such-model"]).message).toMatch(
      /toolsift\.model\[1\] is ".*no-such-model", which is not a folder/,
    );
    expect(joined(["."]).message).toMatch(
      /toolsift\.model must be the path of a model folder, or a list of 2 to 4 to join/,
    );
    expect(joined([".", 3]).message).toMatch(/toolsift\.model\[1\] must be the path of a model folder, not 3/);
    expect(joined([".", "./"]).message).toMatch(/toolsift\.model\[1\] names "\.\/", a folder the list already holds/);
  });

  it("a variable that is not set, naming the field it is in", () => {
    const error = problemOf({ mcpServers: { gh: { ...stdio, env: { GITHUB_TOKEN: "${GITHUB_TOKEN}" } } } });
    expect(error.field).toBe("mcpServers.gh.env.GITHUB_TOKEN");
    expect(error.message).toMatch(/the environment variable GITHUB_TOKEN is not set/);
  });

  it("the toolsift block: unknown keys, wrong values, names of servers the file does not have", () => {
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { maxHydrated: 5 } }).message).toMatch(
      /toolsift\.maxHydrated is not a toolsift setting\. The settings are: keepTools,/,
    );
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { maxHydratedTools: -1 } }).message).toMatch(
      /toolsift\.maxHydratedTools must be a whole number from 0 to 1000, not -1\./,
    );
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { searchLimit: 51 } })).toMatchObject({
      field: "toolsift.searchLimit",
    });
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { ranker: "bm52" } }).message).toMatch(
      /toolsift\.ranker must be one of "bm25", "embedding", "hybrid"/,
    );
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { model: "./m" } }).message).toMatch(
      /only used by the "embedding" and "hybrid" rankers/,
    );
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { keepTools: ["gihub__get_issue"] } }).message).toMatch(
      /toolsift\.keepTools\[0\] is "gihub__get_issue", but tool names here are "server__tool" with one of the servers "gh"/,
    );
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { keepTools: ["gh__*"] } }).message).toMatch(
      /keepTools takes exact tool names/,
    );
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { deny: ["gh.delete"] } }).message).toMatch(
      /toolsift\.deny\[0\] "gh\.delete" can never match/,
    );
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { allowDestructive: "gh__x" } })).toMatchObject({
      field: "toolsift.allowDestructive",
    });
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { callTimeoutMs: 0 } })).toMatchObject({
      field: "toolsift.callTimeoutMs",
    });
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { refreshWaitMs: -1 } }).message).toMatch(
      /toolsift\.refreshWaitMs must be a 0 or more number of milliseconds/,
    );
    expect(
      problemOf({ mcpServers: { gh: stdio }, toolsift: { reconnect: { initialDelayMs: 900, maxDelayMs: 100 } } }),
    ).toMatchObject({ field: "toolsift.reconnect.maxDelayMs" });
    expect(problemOf({ mcpServers: { gh: stdio }, toolsift: { reconnect: { delay: 1 } } })).toMatchObject({
      field: "toolsift.reconnect.delay",
    });
  });
});
