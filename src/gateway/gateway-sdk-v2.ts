import { DependencyError, errorText } from "../errors.js";

/** The package that serves both protocol eras: 2025 sessions and 2026-07-28 (stateless) requests. */
export const MODERN_SDK_PACKAGE = "@modelcontextprotocol/server";
export const MODERN_SDK_RANGE = "^2.4";

/** The server side of MCP SDK v2 that the gateway uses: its 2025-era sessions and its modern era (see `modern/`). */
export interface ModernSdk {
  Server: typeof import("@modelcontextprotocol/server").Server;
  /** A 2025-era session's transport over HTTP (`Request` in, `Response` out; see `http/`). */
  WebStandardStreamableHTTPServerTransport: typeof import("@modelcontextprotocol/server").WebStandardStreamableHTTPServerTransport;
  createMcpHandler: typeof import("@modelcontextprotocol/server").createMcpHandler;
  isLegacyRequest: typeof import("@modelcontextprotocol/server").isLegacyRequest;
  inputRequired: typeof import("@modelcontextprotocol/server").inputRequired;
  inputResponse: typeof import("@modelcontextprotocol/server").inputResponse;
  ProtocolError: typeof import("@modelcontextprotocol/server").ProtocolError;
  serveStdio: typeof import("@modelcontextprotocol/server/stdio").serveStdio;
  StdioServerTransport: typeof import("@modelcontextprotocol/server/stdio").StdioServerTransport;
}

let sdk: Promise<ModernSdk> | undefined;

/**
 * Loads MCP SDK v2's server side on first use: a missing or broken package is a `DependencyError`
 * that says what to install. `toolsift serve` needs it for every client, of either era (see
 * `loadGatewaySdk`, which loads the client side first).
 *
 * @throws `DependencyError` when `@modelcontextprotocol/server` is missing or not a supported version.
 */
export function loadModernSdk(): Promise<ModernSdk> {
  sdk ??= Promise.all([import("@modelcontextprotocol/server"), import("@modelcontextprotocol/server/stdio")]).then(
    ([server, stdio]) => {
      const loaded: ModernSdk = {
        Server: server.Server,
        WebStandardStreamableHTTPServerTransport: server.WebStandardStreamableHTTPServerTransport,
        createMcpHandler: server.createMcpHandler,
        isLegacyRequest: server.isLegacyRequest,
        inputRequired: server.inputRequired,
        inputResponse: server.inputResponse,
        ProtocolError: server.ProtocolError,
        serveStdio: stdio.serveStdio,
        StdioServerTransport: stdio.StdioServerTransport,
      };
      const missing = Object.entries(loaded).flatMap(([name, value]) => (value === undefined ? [name] : []));
      if (missing.length > 0) {
        sdk = undefined;
        throw new DependencyError(
          MODERN_SDK_PACKAGE,
          `The installed ${MODERN_SDK_PACKAGE} does not export ${missing.join(", ")}, which toolsift serve needs: ` +
            `it is a version toolsift does not support. Install a supported one: npm install ${MODERN_SDK_PACKAGE}@${MODERN_SDK_RANGE}`,
        );
      }
      return loaded;
    },
    (error: unknown) => {
      sdk = undefined;
      throw loadError(error);
    },
  );
  return sdk;
}

/** Tells "not installed" from "installed but broken", since they are fixed differently. */
function loadError(error: unknown): DependencyError {
  const code = (error as { code?: unknown } | null)?.code;
  const reason = errorText(error);
  if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && reason.includes(`'${MODERN_SDK_PACKAGE}`)) {
    return new DependencyError(
      MODERN_SDK_PACKAGE,
      `toolsift serve needs the optional package ${MODERN_SDK_PACKAGE} (${MODERN_SDK_RANGE}), which is not installed. ` +
        `Install it next to toolsift: npm install ${MODERN_SDK_PACKAGE}`,
      { cause: error },
    );
  }
  return new DependencyError(
    MODERN_SDK_PACKAGE,
    `The installed ${MODERN_SDK_PACKAGE} could not be loaded (${reason}). Reinstall a supported version: npm install ${MODERN_SDK_PACKAGE}@${MODERN_SDK_RANGE}`,
    { cause: error },
  );
}
