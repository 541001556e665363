import { describe, expect, it } from "vitest";
import type { McpServerRequest } from "../../public/mcp.js";
import { unattendedServerRequests } from "./unattended-requests.js";

const request = (method: McpServerRequest["method"], params: Record<string, unknown> = {}): McpServerRequest => ({
  server: "everything",
  method,
  params,
  signal: new AbortController().signal,
});

describe("unattendedServerRequests", () => {
  it("answers roots/list with toolsift.roots and refuses elicitation and sampling, as serve does with no client", async () => {
    const lines: string[] = [];
    const roots = [{ uri: "file:///srv/shared" }];
    const handlers = await unattendedServerRequests({ settings: { roots } }, (line) => lines.push(line));
    await expect(handlers.roots!(request("roots/list"))).resolves.toEqual({ roots });
    await expect(
      handlers.elicitation!(request("elicitation/create", { message: "Which?", requestedSchema: { type: "object" } })),
    ).rejects.toThrow(/no client's call to this server is in flight/);
    await expect(handlers.sampling!(request("sampling/createMessage", { messages: [], maxTokens: 1 }))).rejects.toThrow(
      /no client's call to this server is in flight/,
    );
    expect(lines.length).toBeGreaterThan(0);
  });
});
