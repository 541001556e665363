import type { McpSdk } from "./mcp-sdk.js";

/**
 * The codes of SDK errors that say nothing of the connection (the request timed out, the answer
 * could not be read): every other SDK error over HTTP means the server is gone.
 */
function answeredCodes(sdk: McpSdk): ReadonlySet<string> {
  const codes = sdk.SdkErrorCode;
  return new Set<string>([
    codes.RequestTimeout,
    codes.InvalidResult,
    codes.UnsupportedResultType,
    codes.InputRequiredRoundsExceeded,
    codes.ListPaginationExceeded,
    codes.MethodNotSupportedByProtocolVersion,
    codes.CapabilityNotSupported,
  ]);
}

/**
 * Whether a request that failed with `error` means the server is gone: it gave no JSON-RPC answer
 * (refused, reset, an unknown session after a restart), and the SDK did not fail it for a reason
 * of its own that says nothing of the connection.
 */
export function isConnectionLoss(error: unknown, sdk: McpSdk): boolean {
  return (
    !(error instanceof sdk.ProtocolError) && !(error instanceof sdk.SdkError && answeredCodes(sdk).has(error.code))
  );
}
