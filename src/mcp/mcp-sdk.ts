import { DependencyError, errorText } from "../errors.js";

/** The parts of @modelcontextprotocol/sdk that fromMcp uses at run time. */
export interface McpSdk {
  Client: typeof import("@modelcontextprotocol/sdk/client/index.js").Client;
  StdioClientTransport: typeof import("@modelcontextprotocol/sdk/client/stdio.js").StdioClientTransport;
  /** The environment variables a stdio server inherits (HOME, PATH, …), as the SDK's own transport does. */
  getDefaultEnvironment: typeof import("@modelcontextprotocol/sdk/client/stdio.js").getDefaultEnvironment;
  StreamableHTTPClientTransport: typeof import("@modelcontextprotocol/sdk/client/streamableHttp.js").StreamableHTTPClientTransport;
  ToolListChangedNotificationSchema: typeof import("@modelcontextprotocol/sdk/types.js").ToolListChangedNotificationSchema;
  /** Listened for so a gateway can tell its clients that a server's resources or prompts changed. */
  ResourceListChangedNotificationSchema: typeof import("@modelcontextprotocol/sdk/types.js").ResourceListChangedNotificationSchema;
  PromptListChangedNotificationSchema: typeof import("@modelcontextprotocol/sdk/types.js").PromptListChangedNotificationSchema;
  /**
   * The base of every MCP result, which keeps fields it does not know. toolsift reads `tools/list`
   * and `tools/call` results with it and checks them itself, item by item: the SDK's strict schemas
   * would reject a whole list for one malformed tool.
   */
  ResultSchema: typeof import("@modelcontextprotocol/sdk/types.js").ResultSchema;
  JSONRPCMessageSchema: typeof import("@modelcontextprotocol/sdk/types.js").JSONRPCMessageSchema;
  /** Errors a server answered with (and a few the SDK raises itself, such as ConnectionClosed). */
  McpError: typeof import("@modelcontextprotocol/sdk/types.js").McpError;
  ErrorCode: typeof import("@modelcontextprotocol/sdk/types.js").ErrorCode;
  /** The requests a server sends its client, answered when fromMcp's `serverRequests` says how. */
  ListRootsRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").ListRootsRequestSchema;
  ElicitRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").ElicitRequestSchema;
  CreateMessageRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").CreateMessageRequestSchema;
}

/** The optional peer dependency behind fromMcp, and the versions toolsift is built and tested against. */
export const MCP_SDK_PACKAGE = "@modelcontextprotocol/sdk";
export const MCP_SDK_RANGE = "^1.32";

let sdk: Promise<McpSdk> | undefined;

/**
 * Loads the MCP SDK on first use. It takes about 0.3 s to import, which every user of the
 * package would otherwise pay at start-up, MCP or not; and it is an optional peer dependency,
 * so it may not be there at all.
 *
 * @throws {@link DependencyError} saying what to install when the SDK is not installed, and why it
 *   failed when it is installed but does not load. A failed load is not cached, so installing the
 *   package fixes a long-running process's next call.
 */
export function loadMcpSdk(): Promise<McpSdk> {
  sdk ??= Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]).then(
    ([client, stdio, http, types]) => {
      const loaded: McpSdk = {
        Client: client.Client,
        StdioClientTransport: stdio.StdioClientTransport,
        getDefaultEnvironment: stdio.getDefaultEnvironment,
        StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
        ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
        ResourceListChangedNotificationSchema: types.ResourceListChangedNotificationSchema,
        PromptListChangedNotificationSchema: types.PromptListChangedNotificationSchema,
        ResultSchema: types.ResultSchema,
        JSONRPCMessageSchema: types.JSONRPCMessageSchema,
        McpError: types.McpError,
        ErrorCode: types.ErrorCode,
        ListRootsRequestSchema: types.ListRootsRequestSchema,
        ElicitRequestSchema: types.ElicitRequestSchema,
        CreateMessageRequestSchema: types.CreateMessageRequestSchema,
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
      throw sdkLoadError(error);
    },
  );
  return sdk;
}

/** Tells "not installed" from "installed but broken", since they are fixed differently. */
function sdkLoadError(error: unknown): DependencyError {
  const code = (error as { code?: unknown } | null)?.code;
  const reason = errorText(error);
  // Node names the package it could not find: the SDK itself, or something the SDK imports.
  if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && reason.includes(`'${MCP_SDK_PACKAGE}'`)) {
    return new DependencyError(
      MCP_SDK_PACKAGE,
      `fromMcp needs the optional package ${MCP_SDK_PACKAGE} (${MCP_SDK_RANGE}), which is not installed. ` +
        `Install it next to toolsift: npm install ${MCP_SDK_PACKAGE}`,
      { cause: error },
    );
  }
  if (code === "ERR_PACKAGE_PATH_NOT_EXPORTED") {
    return new DependencyError(
      MCP_SDK_PACKAGE,
      `The installed ${MCP_SDK_PACKAGE} is a version toolsift does not support (${reason}). ` +
        `Install a supported one: npm install ${MCP_SDK_PACKAGE}@${MCP_SDK_RANGE}`,
      { cause: error },
    );
  }
  return new DependencyError(
    MCP_SDK_PACKAGE,
    `${MCP_SDK_PACKAGE} is installed but failed to load: ${reason}. Reinstall it (npm install ${MCP_SDK_PACKAGE}@${MCP_SDK_RANGE}) ` +
      `and check that its own dependencies are installed.`,
    { cause: error },
  );
}
