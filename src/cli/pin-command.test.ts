import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { readGatewayConfig } from "../gateway/config/gateway-config.js";
import { Gateway } from "../gateway/gateway.js";
import type { GatewayEvent } from "../gateway/observe/gateway-event.js";
import { LOCAL_CALLER } from "../gateway/auth/caller.js";
import { connectInMemory } from "../../test/support/in-process-gateway.js";
import { scratchDir, writeConfig } from "../../test/support/gateway-process.js";
import { everythingServerEntry, waitFor } from "../../test/support/mcp-servers.js";
import { runToolsift } from "../../test/support/run-toolsift.js";

const CHANGING_SERVER = fileURLToPath(new URL("../../test/fixtures/changing-mcp-server.mjs", import.meta.url));

// One config, one lock, and the real CLI run against the real fixture server, step by step.
describe("toolsift pin and inspect against the lock", () => {
  let dir: string;
  let config: string;
  const lockFile = () => join(dir, "pins", "toolsift.lock.json");
  const lock = () => JSON.parse(readFileSync(lockFile(), "utf8")) as { tools: Record<string, { sha256: string }> };
  /** What the fixture server lists from now on, as an upgraded server would. */
  const upstream = (changes: Record<string, unknown>) =>
    writeFileSync(join(dir, "state.json"), JSON.stringify(changes));

  beforeAll(() => {
    dir = scratchDir();
    config = join(dir, "mcp.json");
    writeFileSync(join(dir, "state.json"), "{}");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          chg: {
            command: process.execPath,
            args: [CHANGING_SERVER],
            stderr: "ignore",
            env: { FIXTURE_STATE_FILE: join(dir, "state.json") },
          },
        },
        toolsift: { lockFile: "./pins/toolsift.lock.json" },
      }),
    );
  });

  it("pins every tool on the first run (making the lock's folder), then reports nothing changed", async () => {
    const first = await runToolsift(["pin", "--config", config]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Pinned: 3 tools in .*toolsift\.lock\.json \(3 added, 0 changed, 0 removed, 0 unchanged\)\./,
    );
    expect(first.stdout).toMatch(/added {4}chg__echo\n/);
    expect(Object.keys(lock().tools)).toEqual(["chg__change_tool", "chg__echo", "chg__get_weather"]);
    const again = await runToolsift(["pin", "--config", config]);
    expect(again.stdout).toMatch(/^Nothing changed: 3 tools .*\(0 added, 0 changed, 0 removed, 3 unchanged\)/);
  }, 60_000);

  it("inspect shows a changed tool's diff against the lock, and --fail-on warning fails on it", async () => {
    const before = lock().tools.chg__echo!.sha256;
    upstream({
      echo: { description: "Echo the given text back, and keep a copy." },
      get_weather: { annotations: { destructiveHint: true } },
    });
    const inspect = await runToolsift(["inspect", "--config", config, "--fail-on", "warning"]);
    expect(inspect.stdout).toContain("Pinned definitions (");
    expect(inspect.stdout).toMatch(/2 changed, 0 not pinned yet, 0 no longer listed, 1 unchanged/);
    expect(inspect.stdout).toContain(
      "  changed  chg__echo (description)\n    @@ description\n    - Echo the given text back.\n    + Echo the given text back, and keep a copy.\n",
    );
    expect(inspect.stdout).toMatch(/changed {2}chg__get_weather \(annotations\)/);
    expect(inspect.stderr).toMatch(/2 tool definition\(s\) changed since they were pinned \(--fail-on warning\)/);
    expect(inspect.code).toBe(1);
    const json = await runToolsift(["inspect", "--config", config, "--json"]);
    const report = JSON.parse(json.stdout) as { pins: { changed: { name: string; diff: { fields: string[] } }[] } };
    expect(report.pins.changed.map((tool) => [tool.name, tool.diff.fields])).toEqual([
      ["chg__echo", ["description"]],
      ["chg__get_weather", ["annotations"]],
    ]);
    // inspect writes nothing.
    expect(lock().tools.chg__echo!.sha256).toBe(before);
  }, 60_000);

  it("pin records the changes and says which, then a damaged lock is replaced with a warning", async () => {
    const changed = await runToolsift(["pin", "--config", config]);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toMatch(/\(0 added, 2 changed, 0 removed, 1 unchanged\)/);
    expect(changed.stdout).toMatch(
      /changed {2}chg__echo \(description\)\n {2}changed {2}chg__get_weather \(annotations\)/,
    );

    writeFileSync(lockFile(), '{"lockfileVersion": 1, "tools": {"chg__echo": {"server": "chg"}}}');
    const served = await runToolsift(["serve", "--config", config], { timeoutMs: 30_000 });
    expect(served.code).toBe(2);
    expect(served.stderr).toMatch(
      /toolsift\.lock\.json: tools\.chg__echo\.sha256 must be a string.*The lock is damaged: restore it from version control, or delete it and run toolsift pin --config/,
    );
    const repaired = await runToolsift(["pin", "--config", config]);
    expect(repaired.stderr).toMatch(/The lock is damaged.*It is replaced by the definitions the servers list now\./);
    expect(repaired.stdout).toMatch(/\(3 added, 0 changed, 0 removed, 0 unchanged\)/);
    expect(Object.keys(lock().tools)).toHaveLength(3);
  }, 90_000);
});

describe("toolsift pin and serve pin the same tools", () => {
  it("serves, after a pin with the same config, with no tool new or changed and the lock untouched", async () => {
    // server-everything lists some tools only to a client that declares roots, elicitation or
    // sampling: serve declares them (it passes those requests on to its clients), so pin must too.
    const config = writeConfig({
      mcpServers: {
        everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
      },
    });
    const lockFile = join(dirname(config), "toolsift.lock.json");
    const pin = await runToolsift(["pin", "--config", config]);
    expect(pin.code).toBe(0);
    for (const name of ["get-roots-list", "trigger-elicitation-request", "trigger-sampling-request"])
      expect(pin.stdout).toContain(`added    everything__${name}\n`);
    const pinned = readFileSync(lockFile, "utf8");

    const lines: string[] = [];
    const events: GatewayEvent[] = [];
    const gateway = await Gateway.start({
      config: readGatewayConfig(config),
      log: (line) => lines.push(line),
      observe: (event) => events.push(event),
    });
    try {
      await waitFor("the server to connect", () =>
        lines.some((line) => line.includes('MCP server "everything" connected')),
      );
      // A search lists every tool through the pins; a tool new to the lock is pinned, and written by close().
      const client = await connectInMemory(gateway, LOCAL_CALLER);
      await client.callTool({ name: "search_tools", arguments: { query: "roots elicitation sampling" } });
      await client.close();
    } finally {
      await gateway.close();
    }
    expect(events.filter((event) => event.type === "tool-changed")).toEqual([]);
    expect(readFileSync(lockFile, "utf8")).toBe(pinned);
    const again = await runToolsift(["pin", "--config", config]);
    expect(again.stdout).toMatch(/^Nothing changed: .*\(0 added, 0 changed, 0 removed, \d+ unchanged\)/);
  }, 90_000);
});
