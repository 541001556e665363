import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createToolSearch, type SearchToolsOutcome } from "../../src/index.js";
import { fromMcp, type McpServerConfig } from "../../src/public/mcp.js";
import { scratchDir } from "../support/gateway-process.js";
import { DYNAMIC_SERVER, isAlive, runTool, textOf, toolNamed, waitFor } from "../support/mcp-servers.js";

/**
 * Searches over real MCP server processes that are slow to start or fail, through `fromMcp`
 * (servers connecting in the background), `createToolSearch` and `session.searchTools`: what the
 * model is told about the servers whose tools it could not search.
 */

/** Long enough that the first search's wait (REFRESH_WAIT_MS) ends well before this server is up. */
const SLOW_START_MS = 10_000;
const REFRESH_WAIT_MS = 4000;
/** Retries far apart, so a failed server stays down for the whole test. */
const NO_RETRY_SOON = { initialDelayMs: 60_000, maxDelayMs: 60_000 };
const SECRET = "sk-live-TOPSECRET";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const dynamic = (env: Record<string, string> = {}, args: string[] = []): McpServerConfig => ({
  command: process.execPath,
  args: [DYNAMIC_SERVER, ...args],
  env,
  stderr: "ignore",
});

function ok(outcome: SearchToolsOutcome): Extract<SearchToolsOutcome, { ok: true }> {
  if (!outcome.ok) throw new Error(`search failed: ${outcome.error}`);
  return outcome;
}

describe("search_tools while MCP servers connect in the background", () => {
  it("waits for the servers that connect in time, then names the one still connecting and those down, with why, and no secret", async () => {
    const dir = scratchDir();
    const started = join(dir, "slow-started");
    const down = join(dir, "down");
    writeFileSync(down, "");
    const host = await fromMcp(
      {
        fast: dynamic(),
        slow: dynamic({ FIXTURE_START_DELAY_MS: String(SLOW_START_MS), FIXTURE_STARTED_FILE: started }),
        // A server whose args and env carry a token, and that exits at once with an error.
        crashing: dynamic({ FIXTURE_DOWN_FILE: down, API_TOKEN: SECRET }, [`--token=${SECRET}`]),
        missing: { command: join(dir, "no-such-mcp-server"), args: [`--token=${SECRET}`], stderr: "ignore" },
      },
      { waitForServers: false, refreshWaitMs: REFRESH_WAIT_MS, reconnect: NO_RETRY_SOON, onEvent: () => {} },
    );
    cleanups.push(() => host.close());
    const toolSearch = await createToolSearch({ tools: host, tuning: { toolSearchThresholdTokens: 0 } });
    cleanups.push(() => toolSearch.close());
    const session = toolSearch.session();

    // fromMcp resolved before any server was up: the search's wait is what lets it see "fast".
    const first = ok(await session.searchTools({ query: "echo the given text back" }));
    expect(first.matches.map((match) => match.name)).toContain("fast__echo");
    expect(existsSync(started)).toBe(false);
    expect(first.unavailable).toEqual([
      { server: "slow", state: "connecting" },
      { server: "crashing", state: "down", error: "exited with code 1" },
      { server: "missing", state: "down", error: "command not found" },
    ]);

    // The model-facing JSON carries it, in every format, without the args or env.
    const answer = await session.execute({
      id: "toolu_1",
      name: "search_tools",
      input: { query: "echo the given text back" },
    });
    const body = JSON.parse(answer.content as string) as { matches: unknown[]; hint?: string; unavailable?: unknown };
    expect(body.unavailable).toEqual(first.unavailable);
    expect(body.hint).toMatch(/still connecting or down \(see unavailable\)/);
    const chat = await session.execute({
      id: "call_1",
      type: "function",
      function: { name: "search_tools", arguments: JSON.stringify({ query: "echo text" }) },
    });
    expect(JSON.parse(chat.content as string).unavailable).toEqual(first.unavailable);
    const responses = await session.execute({
      type: "function_call",
      call_id: "fc_1",
      name: "search_tools",
      arguments: JSON.stringify({ query: "echo text" }),
    });
    expect(JSON.parse(responses.output as string).unavailable).toEqual(first.unavailable);
    for (const text of [answer.content, chat.content, responses.output])
      expect(JSON.stringify(text)).not.toContain("TOPSECRET");

    // An empty answer says it may be empty only because servers are missing.
    const empty = await session.execute({ id: "toolu_2", name: "search_tools", input: { query: "ⴰⴱⴳ ᚠᚢᚦ" } });
    const emptyBody = JSON.parse(empty.content as string) as { matches: unknown[]; hint: string };
    expect(emptyBody.matches).toEqual([]);
    expect(emptyBody.hint).toMatch(
      /still connecting .* Search again in a few seconds before concluding that no tool can do this/,
    );

    // The first search waited for "slow"; later ones do not wait for the same attempt again.
    const since = Date.now();
    ok(await session.searchTools({ query: "echo" }));
    expect(Date.now() - since).toBeLessThan(REFRESH_WAIT_MS);

    // toolSearch.search() keeps its return type; toolSearch.unavailable() says the same.
    expect(await toolSearch.unavailable()).toEqual(first.unavailable);

    // Once the slow server is up, its tools are found and it is no longer named.
    await waitFor(
      "slow to connect",
      () => host.status().find((status) => status.server === "slow")?.state === "connected",
      SLOW_START_MS * 3,
    );
    const later = ok(await session.searchTools({ query: "echo the given text back" }));
    expect(later.matches.map((match) => match.name)).toContain("slow__echo");
    expect(later.unavailable?.map((source) => source.server)).toEqual(["crashing", "missing"]);
  }, 60_000);

  it("ends a server that never answers initialize when the host closes, without waiting for the request's timeout", async () => {
    const pidFile = join(scratchDir(), "stuck.pid");
    const requestTimeoutMs = 30_000;
    const host = await fromMcp(
      { stuck: dynamic({ FIXTURE_START_DELAY_MS: "600000", FIXTURE_PID_FILE: pidFile }) },
      { waitForServers: false, requestTimeoutMs, onEvent: () => {} },
    );
    await waitFor("the stuck server to start", () => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "");
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(await host.sourceStatus()).toEqual([{ server: "stuck", state: "connecting" }]);
    const since = Date.now();
    await host.close();
    expect(Date.now() - since).toBeLessThan(requestTimeoutMs / 3);
    expect(isAlive(pid)).toBe(false);
    expect(await host.sourceStatus()).toEqual([]);
  }, 60_000);

  it("never names a server permit hides entirely, nor a hidden tool, and still names a server the session may use", async () => {
    const host = await fromMcp(
      { shown: dynamic(), secret: dynamic() },
      { reconnect: NO_RETRY_SOON, onEvent: () => {} },
    );
    cleanups.push(() => host.close());
    // Every tool of "secret" is hidden, and one tool of "shown".
    const permit = (tool: { name: string }) => !tool.name.startsWith("secret__") && tool.name !== "shown__wipe_data";
    const toolSearch = await createToolSearch({ tools: host, permit, tuning: { toolSearchThresholdTokens: 0 } });
    cleanups.push(() => toolSearch.close());
    const session = toolSearch.session();
    ok(await session.searchTools({ query: "echo" }));

    const staleEcho = toolNamed(await host.listTools(), "shown__echo");
    // Both go down (crashed through the host, which permit does not gate), and stay down.
    await runTool(host, "secret__crash");
    await runTool(host, "shown__crash");
    await waitFor("both servers down", () => host.status().every((status) => status.state !== "connected"));

    const outcome = ok(await session.searchTools({ query: "delete every stored record" }));
    expect(outcome.unavailable).toEqual([{ server: "shown", state: "down", error: "went away (exited with code 3)" }]);
    const answer = await session.execute({
      id: "toolu_1",
      name: "search_tools",
      input: { query: "delete every stored record" },
    });
    expect(answer.content).not.toMatch(/secret|wipe_data/);
    expect(await toolSearch.unavailable()).toEqual(outcome.unavailable);
    // A call the model makes with a name it already had says the same few words, not the command line.
    const call = await staleEcho.execute?.({ text: "anyone?" }, { sessionId: undefined, stage: "execute" });
    expect(textOf(call as never)).toMatch(
      /"shown" is not connected \(went away \(exited with code 3\)\); toolsift is reconnecting/,
    );
    expect(textOf(call as never)).not.toContain(DYNAMIC_SERVER);
  }, 30_000);
});
