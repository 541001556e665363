import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../src/index.js";
import { realMcpDataset, requestKind, serverOf, type ListedServer } from "./real-mcp-dataset.js";
import { REAL_MCP_REQUESTS } from "./real-mcp-requests.js";
import { REAL_MCP_SERVERS, type RealMcpServer } from "./real-mcp-servers.js";

const tool = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: "object", properties: {} },
});
const server = (id: string): RealMcpServer => ({ id, package: `${id}@1.0.0`, entry: "index.js" });
const maps: ListedServer = {
  server: server("maps"),
  tools: [
    tool("maps__maps_elevation", "Get elevation data for locations on the earth"),
    tool("maps__maps_directions", "Get directions between two points"),
  ],
};
const chat: ListedServer = {
  server: server("chat"),
  tools: [tool("chat__post_message", "Post a message to a channel")],
};

describe("requestKind", () => {
  it("calls a request that shares no content stem with its tool a paraphrase", () => {
    expect(
      requestKind({ query: "how high above sea level is Denver", expected: ["maps__maps_elevation"] }, maps.tools[0]),
    ).toBe("paraphrase");
  });

  it("calls it direct when one stem is shared, from the description or the name (the server's too)", () => {
    expect(requestKind({ query: "elevation of Denver", expected: ["maps__maps_elevation"] }, maps.tools[0])).toBe(
      "direct",
    );
    expect(requestKind({ query: "points between two towns", expected: ["maps__maps_directions"] }, maps.tools[1])).toBe(
      "direct",
    );
    expect(requestKind({ query: "use maps for Denver", expected: ["maps__maps_elevation"] }, maps.tools[0])).toBe(
      "direct",
    );
  });

  it("reads the kind of several tools and of none from the expected list alone", () => {
    expect(requestKind({ query: "x", expected: ["a__b", "c__d"] }, undefined)).toBe("multi");
    expect(requestKind({ query: "x", expected: [] }, undefined)).toBe("unanswerable");
  });
});

describe("realMcpDataset", () => {
  const requests = [
    { query: "how high is Denver", expected: ["maps__maps_elevation"] },
    { query: "tell the team", expected: ["chat__post_message"] },
    { query: "route there, then tell the team", expected: ["maps__maps_directions", "chat__post_message"] },
    { query: "order a taxi", expected: [] },
  ];

  it("names every listed tool and keeps every request whose servers started, with its kind", () => {
    const { dataset, notes } = realMcpDataset([maps, chat], requests);
    expect(dataset.tools.map((entry) => entry.name)).toEqual([
      "maps__maps_elevation",
      "maps__maps_directions",
      "chat__post_message",
    ]);
    expect(dataset.tools[0]!.input_schema.type).toBe("object");
    expect(dataset.queries.map((query) => query.kind)).toEqual(["paraphrase", "paraphrase", "multi", "unanswerable"]);
    expect(notes).toEqual([]);
  });

  it("leaves out, with a note, the requests of a server that did not start, and keeps the others", () => {
    const { dataset, notes } = realMcpDataset([maps], requests);
    expect(dataset.queries.map((query) => query.query)).toEqual(["how high is Denver", "order a taxi"]);
    expect(notes).toEqual(["2 requests left out: a server they need did not start."]);
  });

  it("throws on a request naming a tool its started server does not list", () => {
    expect(() => realMcpDataset([maps], [{ query: "fly me there", expected: ["maps__maps_flights"] }])).toThrow(
      /names maps__maps_flights, which its server does not list/,
    );
  });
});

describe("the committed requests and servers", () => {
  const ids = new Set(REAL_MCP_SERVERS.map((entry) => entry.id));

  it("pins every server to an exact version, once each", () => {
    expect(ids.size).toBe(REAL_MCP_SERVERS.length);
    for (const entry of REAL_MCP_SERVERS) expect(entry.package).toMatch(/^(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+$/);
  });

  it("names only tools of those servers, asks each request once, and gives a multi-tool one distinct tools", () => {
    const queries = new Set<string>();
    for (const request of REAL_MCP_REQUESTS) {
      expect(queries.has(request.query), request.query).toBe(false);
      queries.add(request.query);
      expect(new Set(request.expected).size).toBe(request.expected.length);
      for (const name of request.expected) expect(ids.has(serverOf(name)), name).toBe(true);
    }
  });

  it("holds requests of every kind a report reads: single-tool, multi-tool and unanswerable", () => {
    const sizes = REAL_MCP_REQUESTS.map((request) => request.expected.length);
    expect(sizes.filter((size) => size === 1).length).toBeGreaterThan(100);
    expect(sizes.filter((size) => size > 1).length).toBeGreaterThanOrEqual(20);
    expect(sizes.filter((size) => size === 0).length).toBeGreaterThanOrEqual(10);
  });
});
