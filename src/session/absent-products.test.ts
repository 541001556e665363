import { describe, expect, it } from "vitest";
import { Catalogue, type ToolDefinition } from "../catalogue/index.js";
import { createToolSearch } from "../tool-search/index.js";
import { absentNote, absentProducts } from "./absent-products.js";
import { searchResultBlock } from "./tool-result.js";

const tool = (name: string, description: string, server?: string): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: "object" },
  ...(server ? { server } : {}),
});
const SERVERS = [
  tool("github__create_issue", "Create a new issue in a repository.", "github"),
  tool("github__list_commits", "List the commits of a branch.", "github"),
  tool("supabase__create_project", "Create a new project.", "supabase"),
  tool("tickets__open", "Open a support ticket in the helpdesk (Zendesk).", "tickets"),
];
const snapshotOf = (tools: ToolDefinition[]) => Catalogue.fromArray(tools).snapshot();

describe("absentProducts", () => {
  it("names the products a request asks for that no tool of a catalogue of servers names", async () => {
    const snapshot = await snapshotOf(SERVERS);
    expect(absentProducts("create a Jira ticket for the login bug", snapshot.tools)).toEqual(["jira"]);
    expect(absentProducts("add it to Trello and Asana", snapshot.tools)).toEqual(["trello", "asana"]);
  });

  it("names none when a tool names one of them, by server, name or description", async () => {
    const snapshot = await snapshotOf(SERVERS);
    expect(absentProducts("copy the Jira ticket to GitHub", snapshot.tools)).toEqual([]);
    expect(absentProducts("open a Zendesk ticket", snapshot.tools)).toEqual([]);
    expect(absentProducts("create a supabase project", snapshot.tools)).toEqual([]);
    expect(absentProducts("create a ticket", snapshot.tools)).toEqual([]);
  });

  it("names a product that is also an everyday word when the request writes it as a name", async () => {
    const snapshot = await snapshotOf(SERVERS);
    expect(absentProducts("post the release notes on Slack", snapshot.tools)).toEqual(["slack"]);
    expect(absentProducts("cut the release some slack", snapshot.tools)).toEqual([]);
    const withSlack = await snapshotOf([...SERVERS, tool("chat__post", "Post a message to a slack channel.", "chat")]);
    expect(absentProducts("post the release notes on Slack", withSlack.tools)).toEqual([]);
  });

  it("names none in a catalogue whose tools belong to no server, where a product is an object", async () => {
    const flat = await snapshotOf([tool("social_post", "Post a message on a social network.")]);
    expect(absentProducts("post this on Facebook", flat.tools)).toEqual([]);
  });
});

describe("absentNote", () => {
  it("names the products and says what to do, for one and for several", () => {
    expect(absentNote(["jira"])).toBe(
      'No tool here names "jira": these matches share other words with the request. If the task needs "jira" itself, this catalogue lacks it: say so rather than use another product\'s tool.',
    );
    expect(absentNote(["trello", "asana"])).toMatch(
      /^No tool here names "trello" or "asana": .* needs one of them itself/,
    );
    expect(absentNote(["a", "b", "c"])).toMatch(/^No tool here names "a", "b", "c": /);
  });
});

describe("a request for a product no server offers", () => {
  it("is answered with every match weak and the absent note, through search and search_tools", async () => {
    const toolSearch = await createToolSearch({ tools: SERVERS });
    const matches = await toolSearch.search("create a Jira ticket for the login bug");
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.every((match) => match.confidence === "weak")).toBe(true);
    const outcome = await toolSearch.session("s").searchTools({ query: "create a Jira ticket for the login bug" });
    const answer = JSON.parse(searchResultBlock("toolu_1", outcome).content as string) as Record<string, unknown>;
    expect(answer.absent).toBe(absentNote(["jira"]));
    expect(answer.hint).toMatch(/^The best match is weak/);
  });

  it("keeps strong matches when the product is there, in a flat catalogue, and when servers are named", async () => {
    const toolSearch = await createToolSearch({ tools: SERVERS });
    const there = await toolSearch.session("s").searchTools({ query: "create a GitHub issue" });
    expect(there.ok && there.matches[0]?.confidence).toBe("strong");
    expect(there.ok && there.absent).toBeUndefined();
    const narrowed = await toolSearch.session("s").searchTools({ query: "server:supabase create a Jira project" });
    expect(narrowed.ok && narrowed.matches[0]).toMatchObject({
      name: "supabase__create_project",
      confidence: "strong",
    });
    expect(narrowed.ok && narrowed.absent).toBeUndefined();
    const flat = await createToolSearch({ tools: SERVERS.map(({ server: _server, ...definition }) => definition) });
    const plain = await flat.session("s").searchTools({ query: "create a Jira issue" });
    expect(plain.ok && plain.matches[0]?.confidence).toBe("strong");
    expect(plain.ok && plain.absent).toBeUndefined();
  });
});
