import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DYNAMIC_SERVER, waitFor } from "../../test/support/mcp-servers.js";
import { OptionsError } from "../errors.js";
import { fromMcp, type McpToolHost } from "./from-mcp.js";
import type { McpServerRequest } from "./mcp-server-requests.js";

/** fromMcp's serverRequests, against the real dynamic fixture server process. */

const server = (env: Record<string, string> = {}) => ({
  command: process.execPath,
  args: [DYNAMIC_SERVER],
  stderr: "ignore" as const,
  env: { FIXTURE_CLIENT_REQUESTS: "1", ...env },
});

async function ask(host: McpToolHost, method: string): Promise<{ text: string; isError: boolean }> {
  const tool = (await host.listTools()).find((candidate) => candidate.name.endsWith("__ask_client"))!;
  const output = (await tool.execute!({ method }, { sessionId: undefined, stage: "execute" })) as {
    content: { type: string; text?: string }[];
    isError?: boolean;
  };
  return { text: output.content.map((block) => block.text ?? "").join(""), isError: output.isError === true };
}

describe("fromMcp serverRequests", () => {
  const asked: McpServerRequest[] = [];
  let host: McpToolHost;
  let plain: McpToolHost;

  beforeAll(async () => {
    host = await fromMcp(
      { dyn: server() },
      {
        onEvent: () => {},
        serverRequests: {
          roots: async (request) => {
            asked.push(request);
            return { roots: [{ uri: "file:///srv/project", name: "project" }] };
          },
          elicitation: async (request) => {
            asked.push(request);
            return { action: "accept", content: { colour: "teal" } };
          },
        },
      },
    );
    plain = await fromMcp({ dyn: server() }, { onEvent: () => {} });
  }, 30_000);
  afterAll(async () => {
    await Promise.all([host?.close(), plain?.close()]);
  });

  it("answers the server's requests with the handlers, naming the server", async () => {
    const roots = await ask(host, "roots/list");
    expect(JSON.parse(roots.text).result.roots).toEqual([{ uri: "file:///srv/project", name: "project" }]);
    const form = await ask(host, "elicitation/create");
    expect(JSON.parse(form.text).result).toEqual({ action: "accept", content: { colour: "teal" } });
    expect(asked.map((request) => [request.server, request.method])).toEqual([
      ["dyn", "roots/list"],
      ["dyn", "elicitation/create"],
    ]);
    expect(asked[1]!.params.message).toBe("Which colour?");
  });

  it("declares only the capabilities it has handlers for", async () => {
    const sampling = await ask(host, "sampling/createMessage");
    expect(sampling.text).toContain("client refused: MCP error -32601: Method not found");
    const roots = await ask(plain, "roots/list");
    expect(roots.text).toContain("client refused: MCP error -32601: Method not found");
  });

  it("sends notifications/roots/list_changed on rootsChanged()", async () => {
    const count = async () => JSON.parse((await ask(host, "roots/list")).text).rootsListChanged as number;
    const before = await count();
    await host.rootsChanged();
    await waitFor("the server to see roots/list_changed", async () => (await count()) === before + 1);
    // A host without a roots handler sends nothing, and does not fail.
    await expect(plain.rootsChanged()).resolves.toBeUndefined();
  });

  it("refuses a serverRequests option of the wrong shape before starting anything", async () => {
    await expect(fromMcp({}, { serverRequests: { files: async () => ({}) } as never })).rejects.toThrow(OptionsError);
    await expect(fromMcp({}, { serverRequests: { roots: "yes" } as never })).rejects.toThrow(
      /serverRequests\.roots must be a function/,
    );
  });
});
