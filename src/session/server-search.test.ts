import { describe, expect, it } from "vitest";
import { Catalogue, type CatalogueTool, type ToolDefinition } from "../catalogue/index.js";
import { createToolSearch } from "../tool-search/index.js";
import { MAX_LISTED_SERVERS, searchWithServers } from "./server-search.js";
import { MAX_SERVER_TERMS } from "./server-scope.js";

const tool = (server: string, name: string, description: string): ToolDefinition => ({
  name: `${server}__${name}`,
  description,
  inputSchema: { type: "object", properties: {} },
  server,
  execute: () => "ok",
});

const TOOLS = [
  tool("github", "create_issue", "Create an issue in a GitHub repository."),
  tool("github", "create_pull_request", "Open a pull request from a branch."),
  tool("github", "list_repositories", "List the repositories of a user."),
  tool("jira", "create_issue", "Create a Jira ticket in a project."),
  tool("jira", "search_issues", "Search Jira tickets with JQL."),
  tool("jira", "transition_issue", "Move a Jira ticket to another status."),
  tool("jira", "add_comment", "Add a comment to a Jira ticket."),
  tool("slack", "post_message", "Post a message to a Slack channel."),
  tool("vault", "read_secret", "Read a secret from the vault."),
];

/** Denies every vault tool and jira's comments: a denied server is never named, and counts are of what is permitted. */
const permit = (definition: ToolDefinition) =>
  !definition.name.startsWith("vault__") && definition.name !== "jira__add_comment";

async function search(query: string, limit?: number, semanticFallback = true) {
  const toolSearch = await createToolSearch({ tools: TOOLS, permit, semanticFallback });
  const session = toolSearch.session("units");
  const block = await session.execute({
    type: "tool_use",
    id: "toolu_1",
    name: "search_tools",
    input: limit === undefined ? { query } : { query, limit },
  });
  const answer = JSON.parse(block.content as string) as {
    matches: { name: string; confidence?: string }[];
    servers?: { server: string; tools: number; narrow: string }[];
    scope?: string;
    hint?: string;
  };
  return { ...answer, names: answer.matches.map((match) => match.name) };
}

describe("search_tools and servers", () => {
  it("restricts a server: search to that server's tools", async () => {
    const open = await search("create an issue");
    expect(open.names).toEqual(expect.arrayContaining(["github__create_issue", "jira__create_issue"]));
    const scoped = await search("server:github create an issue");
    expect(scoped.names[0]).toBe("github__create_issue");
    expect(scoped.names.every((name) => name.startsWith("github__"))).toBe(true);
    expect(scoped.scope).toBe("Searched only the tools of github (3 tools).");
    // Claude Code's +name does the same.
    expect((await search("+GitHub create an issue")).names).toEqual(scoped.names);
  });

  it("takes several server: terms as a union", async () => {
    const both = await search("server:github server:slack create an issue post a message");
    expect(both.names).toEqual(expect.arrayContaining(["github__create_issue", "slack__post_message"]));
    expect(both.names.some((name) => name.startsWith("jira__"))).toBe(false);
  });

  it("answers an unknown server with every server's matches, the known servers, and the name as a word", async () => {
    const answer = await search("server:jra create an issue");
    expect(answer.names).toEqual(expect.arrayContaining(["github__create_issue", "jira__create_issue"]));
    expect(answer.scope).toBe(
      'No server is named "jra". Known servers: github, jira, slack. These results are from every server.',
    );
    // The name may be a word the query needs: it is searched for.
    expect((await search("+repositories")).names[0]).toBe("github__list_repositories");
    // The denied server is not revealed, even when named exactly.
    const denied = await search("server:vault read a secret");
    expect(denied.scope).toContain('No server is named "vault"');
    expect(denied.scope).not.toContain("vault,");
    expect(denied.names.some((name) => name.startsWith("vault__"))).toBe(false);
  });

  it(`reads at most ${MAX_SERVER_TERMS} server names, says so, and still answers`, async () => {
    const terms = Array.from({ length: 40 }, (_, i) => `+s${i}`).join(" ");
    const answer = await search(`server:jira ${terms} create an issue`);
    expect(answer.names.length).toBeGreaterThan(0);
    expect(answer.scope).toContain(`Only the first ${MAX_SERVER_TERMS} server names were read; 31 more were ignored.`);
    expect(answer.names.every((name) => name.startsWith("jira__"))).toBe(true);
  });

  it("lists a server's permitted tools for a restriction with no text, within the limit", async () => {
    const all = await search("server:jira");
    expect(all.names).toEqual(["jira__create_issue", "jira__search_issues", "jira__transition_issue"]);
    expect(all.scope).toMatch(/^The tools of jira \(3 tools\)/);
    expect((await search("server:jira", 2)).names).toEqual(["jira__create_issue", "jira__search_issues"]);
  });

  it("lists a server's first tools, as weak matches, when its tools match none of the text", async () => {
    // Without the semantic fallback, which would guess a distant match instead.
    const answer = await search("server:slack frobnicate the quux", undefined, false);
    expect(answer.names).toEqual(["slack__post_message"]);
    expect(answer.matches[0]!.confidence).toBe("weak");
    expect(answer.scope).toContain('No tool of slack (1 tool) matched "frobnicate the quux"');
  });

  it("names a whole server beside the matches for a query about it, and not for an ordinary query", async () => {
    const open = await search("create a jira ticket");
    const about = await search("everything in jira");
    expect(about.servers).toEqual([{ server: "jira", tools: 3, narrow: "server:jira <what you want>" }]);
    expect(about.names.length).toBeGreaterThan(0);
    expect(about.names.every((name) => name.startsWith("jira__"))).toBe(true);
    expect(open.servers).toBeUndefined();
    expect(open.names.length).toBeGreaterThan(0);
    expect((await search("jira tools")).servers).toHaveLength(1);
  });

  it("never names a server whose tools are all denied", async () => {
    const answer = await search("vault tools");
    expect(answer.servers).toBeUndefined();
    expect(JSON.stringify(answer)).not.toContain("vault");
  });

  it(`names at most ${MAX_LISTED_SERVERS} known servers after an unknown one`, async () => {
    const many = Array.from({ length: 30 }, (_, i) => tool(`srv${String(i).padStart(2, "0")}`, "ping", "Ping."));
    const session = (await createToolSearch({ tools: many })).session();
    const outcome = await session.searchTools({ query: "server:nope ping" });
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.matches.length).toBeGreaterThan(0);
    const known = /Known servers: (.*?)\. /.exec(outcome.scope!)![1]!.split(", ");
    expect(known).toHaveLength(MAX_LISTED_SERVERS + 1);
    expect(known.at(-1)).toBe("and more");
    expect(known[0]).toBe("srv00");
  });

  it("fills a native answer's room with the first tools of the server a query is about, after its matches", async () => {
    const snapshot = await Catalogue.fromArray(TOOLS).snapshot();
    const first = { name: "jira__search_issues", description: "", score: 1, confidence: "strong" as const };
    const host = {
      snapshot: async () => snapshot,
      rank: async () => [first],
      isPermitted: (t: CatalogueTool) => permit(t.definition),
    };
    const filled = await searchWithServers(host, "everything in jira", 3, { fillFromServers: true });
    expect(filled.matches.map((match) => match.name)).toEqual([
      "jira__search_issues",
      "jira__create_issue",
      "jira__transition_issue",
    ]);
    expect(filled.servers).toEqual([{ server: "jira", tools: 3 }]);
    const plain = await searchWithServers(host, "everything in jira", 3);
    expect(plain.matches).toEqual([first]);
  });
});
