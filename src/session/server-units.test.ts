import { describe, expect, it } from "vitest";
import { Catalogue } from "../catalogue/index.js";
import { ServerIndex } from "./server-units.js";

async function indexOf(servers: string[]): Promise<ServerIndex> {
  const tools = servers.map((server) => ({
    name: `${server.replace(/\W/g, "_")}__do_thing`,
    description: "Does a thing.",
    inputSchema: { type: "object" as const, properties: {} },
    server,
  }));
  return ServerIndex.of(await Catalogue.fromArray(tools).snapshot());
}

const named = (index: ServerIndex, query: string) => index.namedBy(query).map((server) => server.name);

describe("ServerIndex.namedBy", () => {
  it("names a server for a query of its whole name and filler words only", async () => {
    const index = await indexOf(["jira", "github", "google-drive", "everything"]);
    expect(named(index, "everything in jira")).toEqual(["jira"]);
    expect(named(index, "jira tools")).toEqual(["jira"]);
    expect(named(index, "GitHub")).toEqual(["github"]);
    expect(named(index, "show me all Google Drive tools")).toEqual(["google-drive"]);
    expect(named(index, "github and jira")).toEqual(["github", "jira"]);
    // A server may be called like a filler word.
    expect(named(index, "everything")).toEqual(["everything"]);
  });

  it("names none for an ordinary query, part of a name, or filler alone", async () => {
    const index = await indexOf(["jira", "github", "google-drive"]);
    expect(named(index, "create a jira issue")).toEqual([]);
    expect(named(index, "drive")).toEqual([]);
    expect(named(index, "all tools")).toEqual([]);
    expect(named(index, "open a pull request")).toEqual([]);
  });
});
