import type { DependencyError } from "../errors.js";
import { dependencyError, optionalPackage, requireExports } from "../util/optional-package.js";

type ClientModule = typeof import("@modelcontextprotocol/client");
type StdioModule = typeof import("@modelcontextprotocol/client/stdio");

/**
 * The parts of the MCP SDK v2 client (`@modelcontextprotocol/client`) that fromMcp uses at run
 * time. v2 speaks both eras of the protocol: the 2025 `initialize` handshake and the stateless
 * 2026-07-28 one (`server/discover`, version and capabilities in every request's `_meta`).
 */
export interface McpSdk {
  Client: ClientModule["Client"];
  StdioClientTransport: StdioModule["StdioClientTransport"];
  /** The environment variables a stdio server inherits (HOME, PATH, …), as the SDK's own transport does. */
  getDefaultEnvironment: StdioModule["getDefaultEnvironment"];
  StreamableHTTPClientTransport: ClientModule["StreamableHTTPClientTransport"];
  /** Checks one message read from a stdio server's stdout; throws if it is not JSON-RPC. */
  parseJSONRPCMessage: ClientModule["parseJSONRPCMessage"];
  /** Errors a server answered with: the server is there, whatever it said. */
  ProtocolError: ClientModule["ProtocolError"];
  /** Errors the SDK raised itself (a timeout, a closed connection, an HTTP failure). */
  SdkError: ClientModule["SdkError"];
  SdkErrorCode: ClientModule["SdkErrorCode"];
}

/** The optional peer dependency behind fromMcp, and the versions toolsift is built and tested against. */
export const MCP_SDK_PACKAGE = "@modelcontextprotocol/client";
export const MCP_SDK_RANGE = "^2.4";

const sdk = optionalPackage({
  name: MCP_SDK_PACKAGE,
  range: MCP_SDK_RANGE,
  load: () => Promise.all([import("@modelcontextprotocol/client"), import("@modelcontextprotocol/client/stdio")]),
  pick: ([client, stdio]): McpSdk =>
    requireExports({
      Client: client.Client,
      StdioClientTransport: stdio.StdioClientTransport,
      getDefaultEnvironment: stdio.getDefaultEnvironment,
      StreamableHTTPClientTransport: client.StreamableHTTPClientTransport,
      parseJSONRPCMessage: client.parseJSONRPCMessage,
      ProtocolError: client.ProtocolError,
      SdkError: client.SdkError,
      SdkErrorCode: client.SdkErrorCode,
    }),
});

/**
 * Loads the MCP SDK on first use. It takes a few tenths of a second to import, which every user
 * of the package would otherwise pay at start-up, MCP or not; and it is an optional peer
 * dependency, so it may not be there at all.
 *
 * @throws {@link DependencyError} saying what to install when the SDK is not installed, and why it
 *   failed when it is installed but does not load. A failed load is not cached, so installing the
 *   package fixes a long-running process's next call.
 */
export function loadMcpSdk(): Promise<McpSdk> {
  return sdk({ neededBy: "fromMcp", what: "the MCP SDK v2 client" });
}

/**
 * Tells "not installed" from "installed but broken", since they are fixed differently: the
 * DependencyError of a package (`range`) that `user` needs and `error` says did not load.
 */
export function dependencyLoadError(
  error: unknown,
  packageName: string,
  range: string,
  user: string,
  what: string,
): DependencyError {
  return dependencyError(error, { name: packageName, range }, { neededBy: user, what });
}
