import { execFile } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLI_ARGS, ROOT, scratchDir, writeConfig } from "../support/gateway-process.js";
import { DYNAMIC_SERVER, everythingServerEntry } from "../support/mcp-servers.js";

/** The `toolsift` command as a user runs it: a real process, its exit code, stdout and stderr. */
function toolsift(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...CLI_ARGS, ...args],
      { cwd: ROOT, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const LINT_CATALOGUE = fileURLToPath(new URL("../fixtures/lint-catalogue.json", import.meta.url));

interface JsonReport {
  servers: {
    server: string;
    state?: string;
    tools: { name: string; fullTokens: number; stubTokens: number; destructive: boolean }[];
  }[];
  totals: { tools: number; fullTokens: number; stubTokens: number };
  hidden: string[];
  projection: { samples: number; costs: { strategy: string; toolTokens: number; searchResultTokens: number }[] };
  lint: {
    errors: number;
    warnings: number;
    findings: { severity: string; code: string; tools: string[]; message: string }[];
  };
}

describe("toolsift --help", () => {
  it("prints the commands, and each command's help, on stdout with exit code 0", async () => {
    const [main, serve, inspect, version] = await Promise.all([
      toolsift(["--help"]),
      toolsift(["serve", "--help"]),
      toolsift(["help", "inspect"]),
      toolsift(["--version"]),
    ]);
    expect(main.code).toBe(0);
    expect(main.stdout).toMatch(/toolsift serve +--config <file>/);
    expect(main.stdout).toMatch(/Exit codes: 0 done, 1 failed/);
    expect(serve).toMatchObject({ code: 0, stdout: expect.stringMatching(/^toolsift serve: /) });
    expect(inspect).toMatchObject({ code: 0, stdout: expect.stringMatching(/--fail-on <level>/) });
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("exits 2, with nothing on stdout, on a bad command line (each case: src/cli/parse-cli.test.ts)", async () => {
    const run = await toolsift(["serve", "-c", "x.json", "--htp", "80"]);
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: "toolsift serve: unknown option --htp. Run toolsift serve --help.\n",
    });
  });

  it("names toolsift once at the start of a usage error, never twice", async () => {
    const runs = await Promise.all([
      toolsift(["frobnicate"]),
      toolsift(["serve"]),
      toolsift(["search", "--tools", "a.json"]),
      toolsift(["inspect", "--fail-on", "x"]),
    ]);
    expect(runs[0]).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'toolsift: unknown command "frobnicate". The commands are serve, inspect, search, enrich, eval, token, pin, misses, model; run toolsift --help.\n',
    });
    expect(runs[1]?.stderr).toMatch(/^toolsift serve needs --config <file>/);
    expect(runs[2]?.stderr).toMatch(/^toolsift search needs a query/);
    expect(runs[3]?.stderr).toMatch(/^toolsift inspect: /);
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr).not.toMatch(/toolsift: toolsift/);
    }
  });
});

describe("toolsift serve with a bad config", () => {
  it("exits 2 naming the file, the server and the field, before any server starts", async () => {
    const pidFile = join(scratchDir(), "started.pid");
    const good = { command: process.execPath, args: [DYNAMIC_SERVER], env: { FIXTURE_PID_FILE: pidFile } };
    // Every message is checked in src/gateway/config/gateway-config.test.ts; here, that the command stops on them.
    const cases: [unknown, RegExp][] = [
      [
        { mcpServers: { good, broken: { command: "node", args: "server.js" } } },
        /mcp\.json: mcpServers\.broken\.args must be an array of strings, got "server\.js" \(a string\)\./,
      ],
      [
        { mcpServers: { good, secret: { command: "x", env: { TOKEN: "${TOOLSIFT_TEST_UNSET_VAR}" } } } },
        /mcpServers\.secret\.env\.TOKEN uses \$\{TOOLSIFT_TEST_UNSET_VAR\}, but the environment variable TOOLSIFT_TEST_UNSET_VAR is not set/,
      ],
      [
        { mcpServers: { good }, toolsift: { keepTools: ["goood__echo"] } },
        /toolsift\.keepTools\[0\] is "goood__echo", but tool names here are "server__tool" with one of the servers "good"/,
      ],
      ['{ "mcpServers": { "good": ', /mcp\.json: is not valid JSON at line 1, column \d+/],
    ];
    const runs = await Promise.all([
      ...cases.map(([config]) => toolsift(["serve", "--config", writeConfig(config)])),
      toolsift(["serve", "--config", "/nonexistent/mcp.json"]),
    ]);
    cases.forEach(([, message], index) => {
      expect(runs[index]).toMatchObject({ code: 2, stdout: "", stderr: expect.stringMatching(message) });
    });
    expect(runs.at(-1)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/\/nonexistent\/mcp\.json: cannot be read: there is no such file/),
    });
    // The valid server listed first was never started.
    expect(existsSync(pidFile)).toBe(false);
  });

  it("exits 1 naming each server when none can be reached", async () => {
    const run = await toolsift([
      "serve",
      "--config",
      writeConfig({
        mcpServers: { ghost: { command: "toolsift-no-such-command-xyz" } },
        toolsift: { reconnect: false },
      }),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/"ghost"/);
    expect(run.stdout).toBe("");
  });
});

describe("toolsift inspect", () => {
  it("reports a file of tools: costs per server and tool, strategies, and the lint of a known confusable pair and bad sentences", async () => {
    const run = await toolsift(["inspect", "--tools", LINT_CATALOGUE, "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.servers.map((server) => server.server)).toEqual([
      "tickets",
      "helpdesk",
      "reports",
      "crm",
      "calendar",
      "billing",
    ]);
    expect(report.totals.tools).toBe(9);
    for (const server of report.servers) for (const tool of server.tools) expect(tool.fullTokens).toBeGreaterThan(0);
    expect(
      report.servers.flatMap((server) => server.tools).find((tool) => tool.name === "billing__refund_payment")!
        .destructive,
    ).toBe(true);
    const cost = (strategy: string) => report.projection.costs.find((entry) => entry.strategy === strategy)!;
    expect(report.projection.costs.map((entry) => entry.strategy)).toEqual([
      "full",
      "stubs",
      "native",
      "stable",
      "serve",
    ]);
    expect(cost("full").toolTokens).toBe(report.totals.fullTokens);
    expect(cost("stable").searchResultTokens).toBeGreaterThan(0);
    expect(report.projection.samples).toBe(9);

    const found = report.lint.findings.map(
      (finding) => `${finding.severity} ${finding.code} ${finding.tools.join(" ~ ")}`,
    );
    expect(found).toEqual(
      expect.arrayContaining([
        "error missing-description tickets__untitled",
        "error unusable-definition bad name!",
        "warning name-only-sentence tickets__get_ticket",
        "warning long-first-sentence reports__export_report",
        "warning near-duplicate tickets__close_ticket ~ helpdesk__close_ticket",
        "warning not-first-by-sentence tickets__close_ticket",
      ]),
    );
    // The only near-duplicate is the known pair; well-written tools raise nothing.
    expect(found.filter((line) => line.includes("near-duplicate"))).toHaveLength(1);
    for (const clean of [
      "crm__create_contact",
      "calendar__schedule_meeting",
      "billing__refund_payment",
      "tickets__assign_ticket",
    ]) {
      expect(found.filter((line) => line.endsWith(` ${clean}`) || line.includes(`${clean} ~`))).toEqual([]);
    }
    expect(report.lint).toMatchObject({ errors: 2, warnings: found.length - 2 });
  });

  it("prints a readable report, and --fail-on turns findings into exit code 1", async () => {
    const text = await toolsift(["inspect", "--tools", LINT_CATALOGUE]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^tickets \(4 tools\) +full +stub$/m);
    expect(text.stdout).toMatch(/^ {2}billing__refund_payment +\d+ +\d+ {2}destructive$/m);
    expect(text.stdout).toMatch(/^Catalogue: 9 tools on 6 servers, ~[\d,]+ tokens in full, ~[\d,]+ as stubs/m);
    expect(text.stdout).toMatch(/^ {2}toolsift serve +[\d,]+ /m);
    expect(text.stdout).toMatch(
      /^ {2}warning +tickets__close_ticket ~ helpdesk__close_ticket are near-duplicates \(lexical 0\.\d\d, embedding 0\.\d\d\)/m,
    );
    const failOn = await Promise.all(
      ["error", "warning"].map((level) => toolsift(["inspect", "--tools", LINT_CATALOGUE, "--fail-on", level])),
    );
    expect(failOn.map((run) => run.code)).toEqual([1, 1]);
    expect(failOn[0]!.stderr).toMatch(/the lint found 2 error\(s\) \(--fail-on error\)/);

    const clean = writeConfig(
      [
        {
          name: "crm__create_contact",
          description: "Create a contact in the CRM with a name and an email address.",
          inputSchema: { type: "object", properties: { name: { type: "string" } } },
        },
        {
          name: "billing__refund_payment",
          description: "Refund a card payment, in full or in part.",
          inputSchema: { type: "object", properties: { id: { type: "string" } } },
        },
      ],
      "tools.json",
    );
    expect((await toolsift(["inspect", "--tools", clean, "--fail-on", "warning"])).code).toBe(0);
  });

  it("inspects the servers of a config, with a progress line per server on stderr and allow/deny applied", async () => {
    const config = writeConfig({
      mcpServers: {
        everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
        dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" },
      },
      toolsift: { deny: ["dyn__crash", "dyn__hang"], keepTools: ["dyn__echo"] },
    });
    const run = await toolsift(["inspect", "--config", config, "--json"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/connecting to 2 MCP servers \(everything, dyn\)…/);
    expect(run.stderr).toMatch(/MCP server "everything" connected: 15 tools/);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.servers.map((server) => [server.server, server.state, server.tools.length])).toEqual([
      ["everything", "connected", 15],
      ["dyn", "connected", 15],
    ]);
    expect(report.hidden).toEqual(["dyn__crash", "dyn__hang"]);
    const echo = report.servers[1]!.tools.find((tool) => tool.name === "dyn__echo")!;
    expect(echo.stubTokens).toBe(echo.fullTokens);
    // "bare" has no description upstream: toolsift made one up, and the lint says so.
    expect(report.lint.findings).toContainEqual(
      expect.objectContaining({ severity: "error", code: "missing-description", tools: ["dyn__bare"] }),
    );
  });
});

describe("toolsift over a server that lists a tool it cannot use", () => {
  const CATALOGUE_SERVER = fileURLToPath(new URL("../fixtures/catalogue-mcp-server.mjs", import.meta.url));

  it("leaves the tool out of search, inspect and eval alike, and says why per tool", async () => {
    const dir = scratchDir();
    const catalogue = join(dir, "servers.json");
    writeFileSync(
      catalogue,
      JSON.stringify({
        servers: {
          crm: [
            { name: "add_contact", description: "Add a contact to the address book.", inputSchema: { type: "object" } },
            {
              // No value can satisfy an empty enum: a server that fills it from the network lists this offline.
              name: "coding_rules",
              description: "Coding rules for a kind of function.",
              inputSchema: { type: "object", properties: { kind: { type: "string", enum: [] } }, required: ["kind"] },
            },
            {
              name: "find_contact",
              description: "Find a contact by name.",
              inputSchema: { type: "object", properties: { name: { type: "STRING" } } },
            },
          ],
        },
      }),
    );
    const config = writeConfig({
      mcpServers: { crm: { command: process.execPath, args: [CATALOGUE_SERVER, catalogue, "crm"], stderr: "ignore" } },
    });

    const search = await toolsift(["search", "--config", config, "add a contact"]);
    expect(search.code).toBe(0);
    expect(search.stdout.split("\n")[1]).toMatch(/crm__add_contact/);
    expect(search.stderr).toMatch(/warning: .*crm__coding_rules is left out: its inputSchema cannot be used/);
    expect(search.stderr).toMatch(/warning: .*crm__find_contact has an input schema toolsift had to mend/);

    const inspect = await toolsift(["inspect", "--config", config, "--json"]);
    expect(inspect.code).toBe(0);
    const report = JSON.parse(inspect.stdout) as JsonReport;
    // Not counted as a tool a client sees, nor linted as one (it was shown as kept in full, at 0 tokens).
    expect(report.servers[0]!.tools.map((tool) => tool.name)).toEqual(["crm__add_contact", "crm__find_contact"]);
    expect(report.lint.findings.filter((finding) => finding.tools.includes("crm__coding_rules"))).toEqual([
      expect.objectContaining({ severity: "error", code: "unusable-definition" }),
    ]);
    expect(report.lint.findings).toContainEqual(
      expect.objectContaining({ severity: "warning", code: "mended-schema", tools: ["crm__find_contact"] }),
    );

    // eval built its own search from every listed definition, and one unusable tool stopped it.
    const tasks = join(dir, "tasks.jsonl");
    writeFileSync(tasks, `${JSON.stringify({ query: "add a contact", expected: ["crm__add_contact"] })}\n`);
    const evaluation = await toolsift(["eval", "--config", config, "--tasks", tasks]);
    expect(evaluation.code).toBe(0);
    expect(evaluation.stdout).toMatch(/baseline +100\.0%/);
  });
});

describe("toolsift search", () => {
  it("prints the ranked matches with scores, best first", async () => {
    const run = await toolsift(["search", "--tools", LINT_CATALOGUE, "--limit", "3", "refund", "a", "payment"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe('Matches for "refund a payment" (ranker bm25; rank, score, confidence, tool):');
    expect(lines[1]).toMatch(
      /^ 1\. +\d+\.\d{3} {8}billing__refund_payment +Refund a card payment, in full or in part\.$/,
    );
    expect(lines.length).toBeLessThanOrEqual(4);

    const json = await toolsift(["search", "--tools", LINT_CATALOGUE, "--json", "schedule a meeting"]);
    const body = JSON.parse(json.stdout) as {
      query: string;
      ranker: string;
      matches: { name: string; score: number }[];
    };
    expect(body.matches[0]!.name).toBe("calendar__schedule_meeting");
    const scores = body.matches.map((match) => match.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("says so when nothing matches, and searches the servers of a config with the ranker asked for", async () => {
    const none = await toolsift(["search", "--tools", LINT_CATALOGUE, "ⴰⴱⴳ ᚠᚢᚦ"]);
    expect(none.stdout).toMatch(/^No tool matched "ⴰⴱⴳ ᚠᚢᚦ"/);
    const weak = await toolsift(["search", "--tools", LINT_CATALOGUE, "zebra xylophone quasar"]);
    expect(weak.stdout).toMatch(/^ 1\. +-?\d+\.\d{3} {2}weak {2}\S+/m);
    expect(weak.stdout).toContain("The best match is weak");
    const config = writeConfig({
      mcpServers: {
        everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
      },
    });
    const hybrid = await toolsift(["search", "--config", config, "--ranker", "hybrid", "add two numbers"]);
    expect(hybrid.code).toBe(0);
    expect(hybrid.stdout).toMatch(/ranker hybrid/);
    expect(hybrid.stdout.split("\n")[1]).toMatch(/everything__get-sum/);
  });

  it("warns on stderr of each tool of the file it leaves out, and answers with the rest", async () => {
    const file = join(scratchDir(), "tools.json");
    writeFileSync(
      file,
      JSON.stringify([
        { name: "bad name!", description: "Send an email to a contact." },
        { name: "mail__send", description: "Send an email to a contact." },
      ]),
    );
    const run = await toolsift(["search", "--tools", file, "send an email"]);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[1]).toMatch(/mail__send/);
    expect(run.stdout).not.toContain("bad name!");
    expect(run.stderr).toContain(`toolsift: warning: ${file}: bad name! is left out: has the name "bad name!"`);
    // inspect lists it among its findings instead, not twice.
    const inspect = await toolsift(["inspect", "--tools", file]);
    expect(inspect.stdout).toMatch(/error +bad name! is left out/);
    expect(inspect.stderr).not.toContain("warning:");
  });

  it("says which product no tool names, for a request naming one over servers' tools", async () => {
    const file = join(scratchDir(), "servers.json");
    writeFileSync(
      file,
      JSON.stringify([
        { name: "github__create_issue", server: "github", description: "Create a new issue in a repository." },
        { name: "supabase__create_project", server: "supabase", description: "Create a new project." },
      ]),
    );
    const jira = await toolsift(["search", "--tools", file, "create a Jira ticket"]);
    expect(jira.code).toBe(0);
    expect(jira.stdout).toMatch(/^ 1\. +[\d.]+ +weak +/m);
    expect(jira.stdout).toContain('No tool here names "jira": these matches share other words with the request.');
    const github = await toolsift(["search", "--tools", file, "create a GitHub issue"]);
    expect(github.stdout).not.toContain("No tool here names");
  });

  it("says there is nothing to search, rather than to try other words, over a file with no tool", async () => {
    const file = join(scratchDir(), "none.json");
    writeFileSync(file, "[]");
    const run = await toolsift(["search", "--tools", file, "send an email"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`No tools to search: ${file} has none that a client would see.\n`);
  });
});
