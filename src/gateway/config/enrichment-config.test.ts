import { mkdirSync, mkdtempSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown-by.js";
import { ENRICHMENT_FORMAT, ENRICHMENT_LIMITS, enrichmentHashOf } from "../../enrichment/index.js";
import { ConfigError } from "../settings/config-error.js";
import { parseGatewayConfig } from "./gateway-config.js";

const servers = { jira: { command: "jira-mcp" } };
const HASH = enrichmentHashOf({ name: "jira__create_issue", description: "Issue creator." });
const FILE = {
  format: ENRICHMENT_FORMAT,
  model: "claude-test",
  createdAt: "2026-01-01T00:00:00.000Z",
  tools: { jira__create_issue: { hash: HASH, requests: ["open a ticket for the login bug"], synonyms: ["ticket"] } },
};

/** A config folder with an enrichment file in a subfolder: relative paths resolve against it. */
function configDir(content: unknown = FILE, name = "toolsift.enrichment.json"): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), "toolsift-enrichment-config-"));
  mkdirSync(join(dir, "enrich"));
  writeFileSync(join(dir, "enrich", name), typeof content === "string" ? content : JSON.stringify(content));
  return { dir, config: join(dir, "mcp.json") };
}

function settingsOf(enrichment: unknown, config = configDir().config) {
  return parseGatewayConfig({ mcpServers: servers, toolsift: { enrichment } }, config).settings;
}

function problemOf(enrichment: unknown, config = configDir().config): string {
  return thrownBy(() => settingsOf(enrichment, config), ConfigError).message;
}

describe("toolsift.enrichment", () => {
  it("is off by default", () => {
    expect(parseGatewayConfig({ mcpServers: servers }, "mcp.json").settings.enrichment).toBeUndefined();
  });

  it("reads a path relative to the config file's folder, not the working directory, once at parse", () => {
    const { dir, config } = configDir();
    const settings = settingsOf("./enrich/toolsift.enrichment.json", config);
    expect(settings.enrichment).toMatchObject({
      file: join(dir, "enrich", "toolsift.enrichment.json"),
      keepStale: false,
      warnings: [],
    });
    expect(settings.enrichment?.content.tools.jira__create_issue?.requests).toEqual([
      "open a ticket for the login bug",
    ]);
    expect(process.cwd()).not.toBe(dir);
  });

  it('takes {"file", "keepStale"}, and an absolute path as it is', () => {
    const { dir, config } = configDir();
    const file = join(dir, "enrich", "toolsift.enrichment.json");
    expect(settingsOf({ file, keepStale: true }, config).enrichment).toMatchObject({ file, keepStale: true });
    expect(settingsOf({ file: "enrich/toolsift.enrichment.json" }, config).enrichment?.keepStale).toBe(false);
  });

  it("keeps what the parser cut as warnings for the start, rather than refusing the file", () => {
    const long = {
      ...FILE,
      tools: { jira__create_issue: { hash: HASH, requests: ["x".repeat(600), "ok"], synonyms: [] } },
    };
    const { config } = configDir(long);
    const settings = settingsOf("enrich/toolsift.enrichment.json", config);
    expect(settings.enrichment?.content.tools.jira__create_issue?.requests).toEqual(["ok"]);
    expect(settings.enrichment?.warnings.join("\n")).toMatch(/requests: 1 entry left out/);
  });

  it("refuses a wrong value, naming the field and what it takes", () => {
    expect(problemOf(42)).toMatch(
      /^.*mcp\.json: toolsift\.enrichment must be the path of the file toolsift enrich wrote/,
    );
    expect(problemOf("")).toMatch(/toolsift\.enrichment must be the path/);
    expect(problemOf({ keepStale: true })).toMatch(/toolsift\.enrichment\.file must be the path/);
    expect(problemOf({ file: "a.json", keepStale: "yes" })).toMatch(
      /toolsift\.enrichment\.keepStale must be true or false/,
    );
    expect(problemOf({ file: "a.json", stale: true })).toMatch(
      /toolsift\.enrichment\.stale is not an enrichment setting/,
    );
    expect(problemOf("bad\0path")).toMatch(/must be the path/);
  });

  it("refuses a missing file, a folder and a file over the bound, saying which path it tried and what to do", () => {
    const { dir, config } = configDir();
    expect(problemOf("./missing.json", config)).toBe(
      `${config}: toolsift.enrichment names "${join(dir, "missing.json")}", which cannot be read: there is no such file. ` +
        "Write it with toolsift enrich --config <this file>, or fix the path (relative to the config file).",
    );
    expect(problemOf("./enrich", config)).toMatch(/which cannot be read: it is a directory, not a regular file/);
    const huge = join(dir, "huge.json");
    writeFileSync(huge, "");
    // Sparse: the size is refused from fstat, before a byte is read.
    truncateSync(huge, ENRICHMENT_LIMITS.maxFileBytes + 1);
    expect(problemOf(huge, config)).toMatch(/holds 67108865 bytes, more than the 64 MiB toolsift reads/);
  });

  it("refuses a file that is not JSON (with its line and column) or not an enrichment", () => {
    const broken = configDir('{\n  "format": "toolsift.enrichment/1",\n  "tools": {"a" 1}\n}');
    expect(problemOf("enrich/toolsift.enrichment.json", broken.config)).toMatch(
      /toolsift\.enrichment names ".*", which is not valid JSON at line 3, column 17: Expected .:. after property name/,
    );
    const other = configDir({ ...FILE, format: "toolsift.enrichment/9" });
    expect(problemOf("enrich/toolsift.enrichment.json", other.config)).toMatch(
      /which cannot be used: has format "toolsift.enrichment\/9", not "toolsift.enrichment\/1"\. Write it again/,
    );
    const noHash = configDir({ ...FILE, tools: { jira__create_issue: { requests: [] } } });
    expect(problemOf("enrich/toolsift.enrichment.json", noHash.config)).toMatch(
      /tools\["jira__create_issue"\]\.hash is not 64 hex digits/,
    );
  });

  it("is checked but not read with { enrichment: false }, for toolsift enrich, which writes the file", () => {
    const { config } = configDir();
    const read = { mcpServers: servers, toolsift: { enrichment: "./not-written-yet.json" } };
    expect(parseGatewayConfig(read, config, {}, { enrichment: false }).settings.enrichment).toBeUndefined();
    expect(() => parseGatewayConfig(read, config, {})).toThrow(/not-written-yet\.json", which cannot be read/);
    const wrong = { mcpServers: servers, toolsift: { enrichment: { file: "x.json", keep: true } } };
    expect(thrownBy(() => parseGatewayConfig(wrong, config, {}, { enrichment: false }), ConfigError).message).toMatch(
      /toolsift\.enrichment\.keep is not an enrichment setting/,
    );
  });

  it("reads a file a person edited with a comment in it", () => {
    const text = JSON.stringify(FILE, null, 2).replace('"tools"', '// reviewed\n  "tools"');
    const { config } = configDir(text);
    expect(settingsOf("enrich/toolsift.enrichment.json", config).enrichment?.content.model).toBe("claude-test");
  });
});
