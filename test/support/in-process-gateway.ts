import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { Caller } from "../../src/gateway/auth/caller.js";
import { parseGatewayConfig } from "../../src/gateway/config/gateway-config.js";
import { Gateway } from "../../src/gateway/gateway.js";
import type { ListingMode } from "../../src/gateway/listing/gateway-listing.js";
import type { GatewayEvent } from "../../src/gateway/observe/gateway-event.js";
import { scratchDir } from "./gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "./mcp-servers.js";

export { caller } from "./callers.js";

/** A Gateway in this process over real fixture server processes, and what it reported. */
export interface InProcessGateway {
  gateway: Gateway;
  lines: string[];
  events: GatewayEvent[];
  /** How many times each server's wipe_data really ran (FIXTURE_WIPE_FILE). */
  wipes(server: string): number;
  /** A real MCP SDK client connected as `who`, over the SDK's in-memory transport pair. */
  connect(who: Caller, options?: { elicit?: (request: ElicitRequest["params"]) => ElicitResult }): Promise<Client>;
  close(): Promise<void>;
}

/**
 * Starts a Gateway whose servers are each a dynamic fixture server (`servers`: name to extra env),
 * with this `toolsift` block, and waits until every server has connected.
 */
export async function startInProcessGateway(
  toolsift: Record<string, unknown>,
  options: {
    servers?: Record<string, Record<string, string>>;
    mode?: ListingMode;
    wait?: string[];
    /** More `mcpServers` entries as they are, besides the fixture servers (waited for too, unless `wait` says otherwise). */
    otherServers?: Record<string, unknown>;
  } = {},
): Promise<InProcessGateway> {
  const dir = scratchDir();
  const servers = options.servers ?? { dyn: {} };
  const config = parseGatewayConfig(
    {
      mcpServers: {
        ...Object.fromEntries(
          Object.entries(servers).map(([name, env]) => [
            name,
            {
              command: process.execPath,
              args: [DYNAMIC_SERVER],
              stderr: "ignore",
              env: { FIXTURE_WIPE_FILE: join(dir, `${name}.wipes`), ...env },
            },
          ]),
        ),
        ...options.otherServers,
      },
      toolsift,
    },
    join(dir, "mcp.json"),
    {},
  );
  const lines: string[] = [];
  const events: GatewayEvent[] = [];
  const gateway = await Gateway.start({
    config,
    log: (line) => lines.push(line),
    observe: (event) => events.push(event),
    ...(options.mode ? { mode: options.mode } : {}),
  });
  const clients: Client[] = [];
  for (const server of options.wait ?? [...Object.keys(servers), ...Object.keys(options.otherServers ?? {})]) {
    await waitFor(`MCP server "${server}" to connect`, () =>
      lines.some((line) => line.includes(`MCP server "${server}" connected`)),
    );
  }
  return {
    gateway,
    lines,
    events,
    wipes: (server) => {
      const file = join(dir, `${server}.wipes`);
      return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;
    },
    async connect(who, connectOptions = {}) {
      const client = await connectInMemory(gateway, who, connectOptions.elicit);
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.allSettled(clients.map((client) => client.close()));
      await gateway.close();
    },
  };
}

/**
 * A real MCP SDK client of a gateway in this process, over the SDK's in-memory transport pair,
 * connected as `who`; with `elicit`, it supports elicitation forms and answers them so.
 */
export async function connectInMemory(
  gateway: Gateway,
  who: Caller,
  elicit?: (request: ElicitRequest["params"]) => ElicitResult | Promise<ElicitResult>,
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.connect(serverSide, { caller: who });
  const client = new Client(
    { name: `test-${who.id}`, version: "1" },
    { capabilities: elicit ? { elicitation: { form: {} } } : {} },
  );
  if (elicit) client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params));
  await client.connect(clientSide);
  return client;
}
