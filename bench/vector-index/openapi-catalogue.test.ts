import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapiCatalogue, readOpenapiOperations } from "./openapi-catalogue.js";

const root = mkdtempSync(join(tmpdir(), "toolsift-openapi-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function spec(title: string, paths: Record<string, unknown>): string {
  return JSON.stringify({ openapi: "3.0.0", info: { title, "x-apisguru-categories": ["developer_tools"] }, paths });
}

/** A folder laid out as the package's `api` folder: provider files and provider/service folders. */
function apiFolder(): string {
  const api = join(root, "api");
  mkdirSync(join(api, "example.com"), { recursive: true });
  writeFileSync(
    join(api, "example.com", "repos.json"),
    spec("Example <b>Repos</b>", {
      "/repos/{owner}": {
        parameters: [{ name: "owner", in: "path", schema: { type: "string" }, description: "The owner." }],
        get: { operationId: "listRepos", summary: "List the repositories of a user" },
        post: { operationId: "listRepos", description: "Create a [repository](https://example.com/docs)." },
        delete: { operationId: "dropRepo" },
      },
      "/repos/{owner}/{repo}/stars": {
        put: {
          summary: "Star a repository",
          parameters: [{ name: "notify me", in: "query", type: "application/json" }],
        },
      },
    }),
  );
  writeFileSync(
    join(api, "weather.io.json"),
    spec("Weather", { "/forecast": { get: { operationId: "getForecast", summary: "Get the forecast for a city" } } }),
  );
  writeFileSync(join(api, "broken.json"), "{ not json");
  return api;
}

describe("readOpenapiOperations", () => {
  const operations = readOpenapiOperations(apiFolder());

  it("makes a tool of every operation with a summary or a description, named uniquely after its API", () => {
    expect(operations.map((operation) => operation.name)).toEqual([
      "list_repos_for_example_com_repos",
      "list_repos_for_example_com_repos_2",
      "put_repos_owner_repo_stars_for_example_com_repos",
      "get_forecast_for_weather_io",
    ]);
    for (const { name } of operations) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it("describes a tool by its API's title and category, summary and description, without markup", () => {
    expect(operations[0]!.description).toBe("Example Repos (developer_tools): List the repositories of a user");
    expect(operations[1]!.description).toBe("Example Repos (developer_tools): Create a repository.");
    expect(operations[0]!.summary).toBe("List the repositories of a user");
  });

  it("lists the path's and the operation's parameters, with JSON types only", () => {
    expect(operations[0]!.inputSchema).toEqual({
      type: "object",
      properties: { owner: { type: "string", description: "The owner." } },
    });
    expect(operations[2]!.inputSchema).toEqual({
      type: "object",
      properties: { notify_me: { type: "string", description: "" } },
    });
  });
});

describe("openapiCatalogue", () => {
  const operations = Array.from({ length: 40 }, (_, i) => ({
    api: `api${i % 8}`,
    summary: i % 2 === 0 ? `Request number ${i} here` : "Too short",
    name: `op${i}_for_api${i % 8}`,
    description: `Operation ${i}.`,
    inputSchema: { type: "object" },
  }));

  it("draws the requests from APIs it leaves out of the catalogue, seeded", () => {
    const dataset = openapiCatalogue(operations, { size: 20, queries: 3, seed: 7 });
    expect(dataset.tools).toHaveLength(20);
    expect(dataset.documents).toHaveLength(20);
    expect(dataset.queries).toHaveLength(3);
    const catalogueApis = new Set(dataset.tools.map((tool) => tool.name.split("_for_")[1]));
    for (const { query, expected } of dataset.queries) {
      expect(expected).toEqual([]);
      const from = operations.find((operation) => operation.summary === query)!;
      expect(catalogueApis.has(from.api)).toBe(false);
    }
    expect(openapiCatalogue(operations, { size: 20, queries: 3, seed: 7 })).toEqual(dataset);
    expect(openapiCatalogue(operations, { size: 20, queries: 3, seed: 8 }).tools).not.toEqual(dataset.tools);
  });

  it("refuses a size the directory cannot fill", () => {
    expect(() => openapiCatalogue(operations, { size: 39, queries: 3, seed: 7 })).toThrow(/holds 40 operations/);
  });
});
