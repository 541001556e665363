import { DependencyError, errorText } from "../errors.js";

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

let sdk: Promise<McpSdk> | undefined;

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
  sdk ??= Promise.all([import("@modelcontextprotocol/client"), import("@modelcontextprotocol/client/stdio")]).then(
    ([client, stdio]) => {
      const loaded: McpSdk = {
        Client: client.Client,
        StdioClientTransport: stdio.StdioClientTransport,
        getDefaultEnvironment: stdio.getDefaultEnvironment,
        StreamableHTTPClientTransport: client.StreamableHTTPClientTransport,
        parseJSONRPCMessage: client.parseJSONRPCMessage,
        ProtocolError: client.ProtocolError,
        SdkError: client.SdkError,
        SdkErrorCode: client.SdkErrorCode,
      };
      const missing = Object.entries(loaded).flatMap(([name, value]) => (value === undefined ? [name] : []));
      if (missing.length > 0) {
        sdk = undefined;
        throw new DependencyError(
          MCP_SDK_PACKAGE,
          `The installed ${MCP_SDK_PACKAGE} does not export ${missing.join(", ")}, which fromMcp needs: it is a version ` +
            `toolsift does not support. Install a supported one: npm install ${MCP_SDK_PACKAGE}@${MCP_SDK_RANGE}`,
        );
      }
      return loaded;
    },
    (error: unknown) => {
      sdk = undefined;
      throw dependencyLoadError(error, MCP_SDK_PACKAGE, MCP_SDK_RANGE, "fromMcp", "the MCP SDK v2 client");
    },
  );
  return sdk;
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
  const code = (error as { code?: unknown } | null)?.code;
  const reason = errorText(error);
  // Node names the package it could not find: the package itself, or something the package imports.
  if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && reason.includes(`'${packageName}'`)) {
    return new DependencyError(
      packageName,
      `${user} needs the optional package ${packageName} (${range}), ${what}, which is not installed. ` +
        `Install it next to toolsift: npm install ${packageName}`,
      { cause: error },
    );
  }
  if (code === "ERR_PACKAGE_PATH_NOT_EXPORTED") {
    return new DependencyError(
      packageName,
      `The installed ${packageName} is a version toolsift does not support (${reason}). ` +
        `Install a supported one: npm install ${packageName}@${range}`,
      { cause: error },
    );
  }
  return new DependencyError(
    packageName,
    `${packageName} is installed but failed to load: ${reason}. Reinstall it (npm install ${packageName}@${range}) ` +
      `and check that its own dependencies are installed.`,
    { cause: error },
  );
}
