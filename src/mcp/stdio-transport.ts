import type { Transport } from "@modelcontextprotocol/client";
import type { McpSdk } from "./mcp-sdk.js";
import type { ParsedServerConfig } from "./mcp-server-config.js";
import { ProcessGroupTransport } from "./process-group-transport.js";

/** Where a stdio server's output goes besides the protocol. */
export interface StdioOutput {
  onStderr: (chunk: Buffer) => void;
  /** A line of stdout that is not JSON-RPC; dropped after this call. */
  onGarbage: (line: string) => void;
}

/**
 * The transport to a stdio server: on POSIX one that owns the server's whole process group, so
 * closing ends what a wrapper command started too; on Windows, which has no process groups to
 * signal, the SDK's own (it also resolves `npx.cmd` and the like).
 */
export function stdioTransport(
  config: Extract<ParsedServerConfig, { transport: "stdio" }>,
  sdk: McpSdk,
  output: StdioOutput,
): Transport {
  if (process.platform === "win32") {
    const transport = new sdk.StdioClientTransport({
      command: config.command,
      args: config.args,
      env: config.env,
      cwd: config.cwd,
      stderr: "pipe",
    });
    transport.stderr?.on("data", output.onStderr);
    return transport;
  }
  return new ProcessGroupTransport({
    command: config.command,
    args: config.args,
    // The same inherited subset as the SDK's transport: HOME, PATH, SHELL, TERM, USER, LOGNAME.
    env: { ...sdk.getDefaultEnvironment(), ...config.env },
    cwd: config.cwd,
    parse: (line) => sdk.parseJSONRPCMessage(JSON.parse(line)),
    onStderr: output.onStderr,
    onGarbage: output.onGarbage,
  });
}
