import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolDefinition } from "../../src/index.js";
import { fromMcp } from "../../src/public/mcp.js";
import type { RealMcpServer } from "./real-mcp-servers.js";

/** How long one server may take to start and list its tools. */
const LIST_TIMEOUT_MS = 60_000;

/**
 * One server's tools as a gateway in front of it would search them: started over stdio through
 * `fromMcp` with its placeholder credentials, in its scratch folder `work` (its `HOME` too), listed (named `<id>__<tool>`, each definition
 * checked and mended as `fromMcp` does), then closed. The definitions keep no `execute`: nothing
 * the bench does may call a real service.
 *
 * @throws Error naming the server when it does not start or list its tools in time.
 */
export async function listServer(server: RealMcpServer, entry: string, work: string): Promise<ToolDefinition[]> {
  mkdirSync(work, { recursive: true });
  for (const [name, text] of Object.entries(server.files ?? {})) writeFileSync(join(work, name), text);
  const inWork = (value: string) => value.replaceAll("{work}", work);
  const warnings: string[] = [];
  const host = await fromMcp(
    {
      [server.id]: {
        command: process.execPath,
        args: [entry, ...(server.args ?? []).map(inWork)],
        env: {
          ...Object.fromEntries(Object.entries(server.env ?? {}).map(([key, value]) => [key, inWork(value)])),
          // Several servers write settings or telemetry ids under HOME on start.
          HOME: work,
        },
        cwd: work,
        stderr: "ignore",
      },
    },
    {
      requestTimeoutMs: LIST_TIMEOUT_MS,
      reconnect: false,
      onError: (error) => warnings.push(error.message),
    },
  );
  try {
    const tools = (await host.listTools()).map(({ execute: _execute, ...definition }) => definition);
    if (tools.length === 0) {
      const why = warnings.length > 0 ? `: ${warnings.slice(0, 2).join("; ")}` : "";
      throw new Error(`${server.id} (${server.package}) listed no tools${why}`);
    }
    return tools;
  } finally {
    await host.close();
  }
}
