import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { waitFor } from "../../../test/support/mcp-servers.js";
import { serveGateway } from "./http-test-kit.fixture.js";

describe("one process with no session store", () => {
  it("runs none of the replicas' code: requests to the client keep the SDK's ids, and no replica is named", async () => {
    const served = await serveGateway();
    const ids: unknown[] = [];
    const headers: (string | null)[] = [];
    const client = new Client({ name: "single", version: "1" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, (_request, extra) => {
      ids.push(extra.requestId);
      return { action: "accept" };
    });
    try {
      await waitFor("the upstream server to connect", () => served.gateway.ready, 15_000);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(served.listener.url), {
          fetch: async (url: string | URL, init?: RequestInit) => {
            const response = await fetch(url, init);
            headers.push(response.headers.get("x-toolsift-replica"));
            return response;
          },
        }),
      );
      // A destructive call: the gateway asks the user (an elicitation request to the client).
      await client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(ids).toHaveLength(1);
      // A replica's transport would send "<replica>:<n>" so another replica can route the answer back.
      expect(typeof ids[0]).toBe("number");
      expect(headers.every((header) => header === null)).toBe(true);
    } finally {
      await client.close();
      await served.close();
    }
  });
});
