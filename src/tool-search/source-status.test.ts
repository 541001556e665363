import { describe, expect, it } from "vitest";
import { sampleTools } from "../../test/support/sample-tools.js";
import type { ToolDefinition, ToolHost, ToolSourceStatus } from "../catalogue/index.js";
import type { ToolSearchEvent } from "../events.js";
import { absentNote } from "../session/index.js";
import { createToolSearch } from "./tool-search.js";

// What a search tells the model about a custom host's sources (ToolHost.sourceStatus): read as
// hostile input, named only to sessions permit lets see the source, and said in the JSON.

const TOOLS = sampleTools();
const servers = [...new Set(TOOLS.map((tool) => tool.server))];

/** A host over the sample tools whose status is whatever the test sets, and whose servers can go away. */
function customHost() {
  const host = {
    gone: new Set<string>(),
    status: (): unknown =>
      servers.map((server) =>
        host.gone.has(server!) ? { server, state: "down", error: "HTTP 503" } : { server, state: "ready" },
      ),
    tools: {
      listTools: async () => TOOLS.filter((tool) => !host.gone.has(tool.server!)),
      sourceStatus: async () => host.status(),
    } as ToolHost,
  };
  return host;
}

async function searchBody(toolSearch: Awaited<ReturnType<typeof createToolSearch>>, query: string, id = "s1") {
  const answer = await toolSearch.session(id).execute({ id: "toolu_1", name: "search_tools", input: { query } });
  return JSON.parse(answer.content as string) as {
    matches: { name: string }[];
    hint?: string;
    unavailable?: ToolSourceStatus[];
  };
}

describe("a custom host's sourceStatus", () => {
  it("names the servers that are down, in the outcome, the JSON and toolSearch.unavailable(), and nothing while all are ready", async () => {
    const host = customHost();
    const toolSearch = await createToolSearch({ tools: host.tools });
    expect(await searchBody(toolSearch, "create an issue")).not.toHaveProperty("unavailable");
    host.gone.add("github");
    const outcome = await toolSearch.session("s2").searchTools({ query: "create a github issue" });
    expect(outcome).toMatchObject({ ok: true, unavailable: [{ server: "github", state: "down", error: "HTTP 503" }] });
    const body = await searchBody(toolSearch, "create a github issue");
    expect(body.unavailable).toEqual([{ server: "github", state: "down", error: "HTTP 503" }]);
    expect(await toolSearch.unavailable()).toEqual(body.unavailable);
    // A call to a tool of the server that is down says why, not only that there is no such tool.
    const call = await toolSearch.session("s3").execute({ id: "toolu_2", name: "github__create_issue", input: {} });
    expect(call).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/the server "github" is down \(HTTP 503\)/),
    });
  });

  it("reads what the host says as hostile text: bounded, one line, no control or format characters, at most 32 servers", async () => {
    const host = customHost();
    const toolSearch = await createToolSearch({ tools: host.tools });
    host.status = () => [
      { server: "evil\u202e\n\u0007name", state: "down", error: `${"x".repeat(100_000)}\n"injected": true` },
      { server: "", state: "down" },
      { server: 42, state: "down" },
      { server: "weird", state: "exploded" },
      null,
      new Proxy(
        {},
        {
          get: () => {
            throw new Error("trap");
          },
        },
      ),
      { server: "evil name", state: "down", error: "again" },
      ...Array.from({ length: 100 }, (_, i) => ({
        server: `s${i}`,
        state: "connecting",
        error: "ignored while connecting",
      })),
    ];
    const { unavailable } = (await toolSearch.session().searchTools({ query: "issue" })) as {
      unavailable: ToolSourceStatus[];
    };
    expect(unavailable).toHaveLength(32);
    expect(unavailable[0]!.server).toBe("evil name");
    expect(unavailable[0]!.error!.length).toBeLessThanOrEqual(120);
    expect(unavailable[0]!.error).toMatch(/^x+…$/);
    expect(unavailable[1]).toEqual({ server: "s0", state: "connecting" });
  });

  it("is read as all ready when it throws or is not an array, with one warning per problem", async () => {
    const host = customHost();
    const warnings: string[] = [];
    const onEvent = (event: ToolSearchEvent) => void (event.type === "warning" && warnings.push(event.code));
    const toolSearch = await createToolSearch({ tools: host.tools, onEvent });
    host.status = () => {
      throw new Error("status endpoint down");
    };
    for (let i = 0; i < 3; i++)
      expect(await toolSearch.session().searchTools({ query: "issue" })).not.toHaveProperty("unavailable");
    host.status = () => ({ not: "an array" });
    expect(await toolSearch.session().searchTools({ query: "issue" })).not.toHaveProperty("unavailable");
    expect(warnings).toEqual(["host_status_failed", "host_status_failed"]);
  });

  it("names a server to a session only if permit lets it see one of the tools the server last listed", async () => {
    const host = customHost();
    const hidden = (tool: ToolDefinition, context: { context?: unknown }) =>
      context.context !== "admin" && tool.server === "github";
    const toolSearch = await createToolSearch({ tools: host.tools, permit: (tool, context) => !hidden(tool, context) });
    await toolSearch.session("warm").searchTools({ query: "issue" });
    host.gone.add("github");
    const user = await toolSearch
      .session("user")
      .execute({ id: "toolu_1", name: "search_tools", input: { query: "create a github issue" } });
    // The answer may quote the request's own word (no tool this session sees names it), and
    // nothing else of the hidden server.
    const { absent, ...rest } = JSON.parse(user.content as string) as Record<string, unknown>;
    expect(absent).toBe(absentNote(["github"]));
    expect(JSON.stringify(rest)).not.toMatch(/github/);
    const admin = await toolSearch
      .session("admin", { context: "admin" })
      .searchTools({ query: "create a github issue" });
    expect(admin).toMatchObject({ unavailable: [{ server: "github", state: "down" }] });
    // A server that is down may be the product: the answer does not say the catalogue lacks it.
    expect(admin).not.toHaveProperty("absent");
    expect(await toolSearch.unavailable()).toEqual([]);
    expect(await toolSearch.unavailable({ context: "admin" })).toEqual([
      { server: "github", state: "down", error: "HTTP 503" },
    ]);
  });
});
