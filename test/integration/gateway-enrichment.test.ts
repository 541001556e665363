import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENRICHMENT_FORMAT, enrichmentHashOf, type EnrichmentFile } from "../../src/public/enrichment.js";
import {
  connectGateway,
  resultText,
  scratchDir,
  waitForUpstreams,
  type GatewayClient,
} from "../support/gateway-process.js";
import { runToolsift } from "../support/run-toolsift.js";

/**
 * The config side of enrichment, end to end, with real processes: `toolsift serve`, `search` and
 * `inspect` in front of a real MCP server, reading `toolsift.enrichment` and `toolsift.describe`.
 */
const SERVER = fileURLToPath(new URL("../fixtures/catalogue-mcp-server.mjs", import.meta.url));
const schema = { type: "object", properties: { text: { type: "string" } } };
/** One vague description among plain ones: "Issue creator." says nothing a user would say. */
const TOOLS = [
  { name: "issue_creator", description: "Issue creator.", inputSchema: schema },
  {
    name: "search_docs",
    description: "Search the documentation pages for a phrase, such as the login guide.",
    inputSchema: schema,
  },
  { name: "list_users", description: "List the users of the workspace with their login names.", inputSchema: schema },
  { name: "send_message", description: "Send a chat message to a channel.", inputSchema: schema },
];
const hashOf = (name: string, description: string) =>
  enrichmentHashOf({ name: `tracker__${name}`, description, inputSchema: schema });
const ENRICHMENT: EnrichmentFile = {
  format: ENRICHMENT_FORMAT,
  model: "scripted-model",
  createdAt: "2026-12-01T12:00:00.000Z",
  tools: {
    tracker__issue_creator: {
      hash: hashOf("issue_creator", "Issue creator."),
      requests: [
        "file a ticket about the broken login page",
        "report a bug in checkout",
        "open a new ticket for the crash",
      ],
      synonyms: ["bug report", "ticket"],
      description: "Create an issue (a ticket) in the tracker: a bug, a task or a feature request.",
    },
    // Enriched for the server's own description: the describe below makes it stale.
    tracker__send_message: {
      hash: hashOf("send_message", "Send a chat message to a channel."),
      requests: ["tell the team channel the deploy is done"],
      synonyms: ["post"],
    },
  },
};
// No word of it is read as a synonym of the tool's name ("bug" would be read as "issue").
const QUERY = "open a ticket for a login glitch";

let dir: string;
/** A config beside the catalogue and the enrichment, with a toolsift block of its own. */
function writeConfig(toolsift: Record<string, unknown>, name: string): string {
  const file = join(dir, name);
  const server = {
    command: process.execPath,
    args: [SERVER, join(dir, "catalogue.json"), "tracker"],
    stderr: "ignore",
  };
  writeFileSync(file, JSON.stringify({ mcpServers: { tracker: server }, toolsift }, null, 2));
  return file;
}

beforeAll(() => {
  dir = scratchDir();
  writeFileSync(join(dir, "catalogue.json"), JSON.stringify({ servers: { tracker: TOOLS } }));
  writeFileSync(join(dir, "toolsift.enrichment.json"), JSON.stringify(ENRICHMENT, null, 2));
});

async function searchNames(config: string, query = QUERY): Promise<string[]> {
  const run = await runToolsift(["search", "--config", config, "--json", query]);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { matches: { name: string }[] }).matches.map((match) => match.name);
}

describe("toolsift search with toolsift.enrichment", () => {
  it("finds the vague tool by a request-like query only with the enrichment", async () => {
    const without = await searchNames(writeConfig({}, "plain.json"));
    expect(without[0]).not.toBe("tracker__issue_creator");
    // The path is relative to the config file's folder; the CLI runs from the repository root.
    const withEnrichment = await searchNames(
      writeConfig({ enrichment: "./toolsift.enrichment.json" }, "enriched.json"),
    );
    expect(withEnrichment[0]).toBe("tracker__issue_creator");
  });

  it("stops serve, search and inspect at start, exit code 2, naming the setting and the path, for a missing or broken file", async () => {
    writeFileSync(join(dir, "broken.enrichment.json"), '{"format": "toolsift.enrichment/1", "tools": ');
    const problems = {
      "nope.json": `toolsift.enrichment names "${join(dir, "nope.json")}", which cannot be read: there is no such file`,
      "broken.enrichment.json": `toolsift.enrichment names "${join(dir, "broken.enrichment.json")}", which is not valid JSON at line 1`,
    };
    for (const [file, problem] of Object.entries(problems)) {
      const config = writeConfig({ enrichment: file }, `with-${file}`);
      for (const args of [["serve"], ["inspect"], ["search", QUERY]]) {
        const run = await runToolsift([args[0]!, "--config", config, ...args.slice(1)]);
        expect(run.code, `${args[0]} ${file}`).toBe(2);
        expect(run.stderr).toContain(problem);
        // Before any server started.
        expect(run.stderr).not.toContain("connect");
      }
    }
  });
});

describe("toolsift.describe behind toolsift serve", () => {
  let gateway: GatewayClient;
  const described = "Create an issue (a ticket) in the tracker: a bug, a task or a feature request.";

  beforeAll(async () => {
    const config = writeConfig(
      {
        enrichment: "./toolsift.enrichment.json",
        describe: {
          tracker__issue_creator: described,
          tracker__list_users: { append: "Also called members or people." },
          tracker__nonexistent: "A typo of a tool name.",
        },
        // The pins judge what the server lists: a described tool is not a changed one, so not hidden.
        onToolChange: "hide",
        lockFile: "./serve.lock.json",
      },
      "serve.json",
    );
    gateway = await connectGateway(config);
    await waitForUpstreams(gateway, ["tracker"]);
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it("shows the config's description in search_tools and in the client's tool list", async () => {
    const result = await gateway.client.callTool({ name: "search_tools", arguments: { query: "create an issue" } });
    const matches = (JSON.parse(resultText(result)) as { matches: { name: string; description: string }[] }).matches;
    expect(matches[0]).toMatchObject({ name: "tracker__issue_creator", description: described });
    const listed = (await gateway.client.listTools()).tools.find((tool) => tool.name === "tracker__issue_creator");
    expect(listed?.description).toBe(described);
  });

  it("indexes an appended sentence: a word only the config says finds the tool", async () => {
    const result = await gateway.client.callTool({ name: "search_tools", arguments: { query: "members people" } });
    const matches = (JSON.parse(resultText(result)) as { matches: { name: string; description: string }[] }).matches;
    expect(matches[0]).toMatchObject({
      name: "tracker__list_users",
      description: "List the users of the workspace with their login names. Also called members or people.",
    });
  });

  it("still calls the server's tool", async () => {
    const result = await gateway.client.callTool({ name: "tracker__issue_creator", arguments: { text: "x" } });
    expect(resultText(result)).toBe("tracker/issue_creator ran");
  });

  it("warns at start of a describe naming a tool the server does not list", async () => {
    await expect
      .poll(() => gateway.stderr(), { timeout: 10_000 })
      .toContain(
        'toolsift.describe "tracker__nonexistent" matches no tool of "tracker" as listed now, so it describes nothing.',
      );
  });
});

describe("toolsift inspect with toolsift.enrichment and toolsift.describe", () => {
  let config: string;
  beforeAll(() => {
    config = writeConfig(
      {
        enrichment: { file: "toolsift.enrichment.json" },
        describe: { tracker__send_message: { append: "Posts to Slack." }, tracker__nonexistent: "Typo." },
      },
      "inspect.json",
    );
  });

  it("reports enriched, stale and unenriched tools, the suggestion not adopted yet, and the describe overrides (--json)", async () => {
    const run = await runToolsift(["inspect", "--config", config, "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report.enrichment).toEqual({
      file: join(dir, "toolsift.enrichment.json"),
      model: "scripted-model",
      createdAt: "2026-12-01T12:00:00.000Z",
      keepStale: false,
      enriched: 1,
      // Enriched for the server's description; the describe added since makes it stale.
      stale: ["tracker__send_message"],
      notEnriched: ["tracker__search_docs", "tracker__list_users"],
      unlisted: 0,
      suggestions: [
        {
          tool: "tracker__issue_creator",
          current: "Issue creator.",
          suggested: ENRICHMENT.tools.tracker__issue_creator!.description,
          stale: false,
        },
      ],
    });
    expect(report.describe).toEqual({
      applied: [{ tool: "tracker__send_message", kind: "append" }],
      unmatched: ["tracker__nonexistent"],
    });
    expect(run.stderr).toContain('toolsift.describe "tracker__nonexistent" matches no tool');
  });

  it("says the same in text, with how to adopt the suggestion, and --fail-on warning stops for the stale tool", async () => {
    const run = await runToolsift(["inspect", "--config", config, "--fail-on", "warning"]);
    expect(run.stdout).toContain("1 enriched, 1 stale, 2 not enriched.");
    expect(run.stdout).toContain("  stale     tracker__send_message");
    expect(run.stdout).toContain(`    suggested: ${ENRICHMENT.tools.tracker__issue_creator!.description}`);
    expect(run.stdout).toContain(
      `"describe": {"tracker__issue_creator": ${JSON.stringify(ENRICHMENT.tools.tracker__issue_creator!.description)}}`,
    );
    expect(run.stdout).toContain("  appended  tracker__send_message");
    expect(run.stdout).toContain("  warning   tracker__nonexistent: no server lists this tool");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /1 tool\(s\) changed since they were enriched; 1 describe override\(s\) name a tool no server lists \(--fail-on warning\)/,
    );
  });
});
