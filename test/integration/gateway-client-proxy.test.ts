import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type CreateMessageRequest,
  type ElicitRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectGateway,
  connectHttpClient,
  httpTransport,
  resultText,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, everythingServerEntry, waitFor } from "../support/mcp-servers.js";

/**
 * `toolsift serve --http` in front of server-everything and the dynamic fixture: upstream servers'
 * roots/list, elicitation/create and sampling/createMessage reach the gateway client whose call
 * is in flight, and its answers go back; a client without the capability gets a clear error.
 */

const CLIENT_ROOT = { uri: "file:///home/alice/workspace", name: "alice's workspace" };

/** A real SDK client that declares roots, elicitation and sampling and records what it was asked. */
function capableClient() {
  const asked: { elicit: ElicitRequest["params"][]; sample: CreateMessageRequest["params"][]; roots: number } = {
    elicit: [],
    sample: [],
    roots: 0,
  };
  const client = new Client(
    { name: "capable-client", version: "1.0.0" },
    { capabilities: { roots: { listChanged: true }, elicitation: { form: {} }, sampling: {} } },
  );
  client.setRequestHandler(ListRootsRequestSchema, () => {
    asked.roots++;
    return { roots: [CLIENT_ROOT] };
  });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.elicit.push(request.params);
    return { action: "accept", content: { colour: "teal", name: "Alice", check: true } };
  });
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    asked.sample.push(request.params);
    return { role: "assistant", content: { type: "text", text: "hello from the client" }, model: "client-model-7" };
  });
  return { client, asked };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  return { text: resultText(result), isError: result.isError === true };
}

describe("toolsift serve: upstream requests to the client", () => {
  let gateway: GatewayClient;
  let capable: ReturnType<typeof capableClient>;
  let configDir: string;

  beforeAll(async () => {
    const file = writeConfig({
      mcpServers: {
        // stderr left at its default, "inherit": the gateway labels each of its lines.
        everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"] },
        dyn: { command: process.execPath, args: [DYNAMIC_SERVER], env: { FIXTURE_CLIENT_REQUESTS: "1" } },
      },
      toolsift: { roots: ["./project"], callTimeoutMs: 3000 },
    });
    configDir = dirname(file);
    // The plain client: no roots, elicitation or sampling.
    gateway = await connectGateway(file, { transport: "http" });
    await waitForUpstreams(gateway, ["everything", "dyn"]);
    // server-everything asks roots/list on a 350 ms timer after initialize, and nothing outside it
    // shows when it has: a client's call to it in flight then would take that request (as routed),
    // so the tests start after it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    capable = capableClient();
    await capable.client.connect(httpTransport(gateway.url!, gateway.token));
  }, 60_000);
  afterAll(async () => {
    await capable?.client.close();
    await gateway?.close();
  });

  it("declares roots, elicitation and sampling upstream, so server-everything offers the tools that use them", async () => {
    const found = await call(capable.client, "search_tools", { query: "trigger elicitation sampling roots list" });
    for (const tool of [
      "everything__get-roots-list",
      "everything__trigger-elicitation-request",
      "everything__trigger-sampling-request",
    ])
      expect(found.text).toContain(tool);
  });

  it("forwards elicitation/create to the calling client and its answer back", async () => {
    const before = capable.asked.elicit.length;
    const result = await call(capable.client, "everything__trigger-elicitation-request");
    expect(result.isError).toBe(false);
    expect(capable.asked.elicit.length).toBe(before + 1);
    expect(capable.asked.elicit.at(-1)?.message).toMatch(/^MCP server "everything" asks: Please provide inputs/);
    expect(result.text).toContain("Alice");
  });

  it("forwards sampling/createMessage to the calling client and its answer back", async () => {
    const result = await call(capable.client, "everything__trigger-sampling-request", {
      prompt: "say hi",
      maxTokens: 5,
    });
    expect(result.isError).toBe(false);
    const sent = capable.asked.sample.at(-1);
    expect(JSON.stringify(sent?.messages)).toContain("say hi");
    expect(result.text).toContain("client-model-7");
    expect(result.text).toContain("hello from the client");
    // The server's own system prompt reaches the client under a line that names the server.
    expect(sent?.systemPrompt).toMatch(
      /^MCP server "everything" asks for this completion, through toolsift\. .*\n\nYou are a helpful test server\.$/s,
    );
  });

  it("never widens a forwarded sampling request's context beyond the asking server", async () => {
    const result = await call(capable.client, "dyn__ask_client", { method: "sampling/createMessage" });
    expect(result.isError).toBe(false);
    const sent = capable.asked.sample.at(-1);
    // The fixture asked for "allServers"; behind a gateway only "none" keeps to the asking server.
    expect(sent?.includeContext).toBe("none");
    expect(sent?.systemPrompt).toBe('MCP server "dyn" asks for this completion, through toolsift.');
  });

  it("answers roots/list with the calling client's roots during its call, and toolsift.roots otherwise", async () => {
    const during = await call(capable.client, "dyn__ask_client", { method: "roots/list" });
    expect(during.isError).toBe(false);
    expect(JSON.parse(during.text).result.roots).toEqual([CLIENT_ROOT]);
    // server-everything asked roots/list right after initialize, when no client's call was in flight.
    const startup = await call(capable.client, "everything__get-roots-list");
    expect(startup.text).toContain(pathToFileURL(`${configDir}/project`).href);
    expect(startup.text).not.toContain(CLIENT_ROOT.uri);
  });

  it("forwards a client's notifications/roots/list_changed upstream", async () => {
    const seen = async () =>
      JSON.parse((await call(capable.client, "dyn__ask_client", { method: "roots/list" })).text)
        .rootsListChanged as number;
    const before = await seen();
    await capable.client.sendRootsListChanged();
    let now = before;
    await waitFor("the fixture to see roots/list_changed", async () => {
      now = await seen();
      return now > before;
    });
    expect(now).toBe(before + 1);
  });

  it("answers a server whose calling client lacks the capability with a clear JSON-RPC error", async () => {
    const sampling = await call(gateway.client, "everything__trigger-sampling-request", { prompt: "x", maxTokens: 5 });
    expect(sampling.isError).toBe(true);
    expect(sampling.text).toContain(
      "toolsift could not pass sampling/createMessage on to a client: the client whose call is in flight does not support sampling",
    );
    const elicitation = await call(gateway.client, "dyn__ask_client", { method: "elicitation/create" });
    expect(elicitation.text).toMatch(
      /client refused: .*toolsift could not pass elicitation\/create .*does not support elicitation/,
    );
    // The capable client, connected all along, was not asked in the plain client's stead.
    expect(capable.asked.sample.map((params) => JSON.stringify(params.messages))).not.toContainEqual(
      expect.stringContaining('"x"'),
    );
  });

  it("refuses an oversized request before it reaches the client", async () => {
    const before = capable.asked.elicit.length;
    const big = await call(capable.client, "dyn__ask_client", { method: "elicitation/create", padding: 100_000 });
    expect(big.text).toMatch(/client refused: .*more than 64000/);
    expect(capable.asked.elicit.length).toBe(before);
  });

  it("routes to the client whose call is in flight, not to another connected client", async () => {
    // The capable client's call hangs (in flight) while the plain client asks: the plain one's call is the one that asks.
    const hanging = capable.client.callTool({ name: "dyn__hang", arguments: {} }).catch(() => undefined);
    const before = capable.asked.elicit.length;
    const plain = await call(gateway.client, "dyn__ask_client", { method: "elicitation/create" });
    expect(plain.text).toMatch(/does not support elicitation/);
    expect(capable.asked.elicit.length).toBe(before);
    // And the other way round: the plain client's call hangs, the capable client is asked for its own call.
    const other = await connectHttpClient(gateway.url!, { token: gateway.token });
    const hangingPlain = other.client.callTool({ name: "dyn__hang", arguments: {} }).catch(() => undefined);
    const asked = await call(capable.client, "dyn__ask_client", { method: "elicitation/create" });
    expect(JSON.parse(asked.text).result).toEqual({
      action: "accept",
      content: { colour: "teal", name: "Alice", check: true },
    });
    await Promise.all([hanging, hangingPlain]);
    await other.close();
  }, 30_000);

  it("labels every upstream stderr line with its server's name and logs task-only tools", () => {
    const stderr = gateway.stderr();
    // Through the gateway's log, like its own lines: redacted, escaped, and prefixed toolsift: too.
    expect(stderr).toMatch(/^toolsift: \[everything\] Starting default \(STDIO\) server\.\.\.$/m);
    expect(stderr).not.toMatch(/^Starting default/m);
    expect(stderr).toMatch(/MCP server "dyn".*"needs_task", which runs only as an MCP task/);
    expect(stderr).toMatch(/MCP server "everything".*"simulate-research-query", which runs only as an MCP task/);
  });
});
