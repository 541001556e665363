/** The headers every MCP POST of the bench sends: a JSON body, and a JSON or event-stream answer. */
export const MCP_POST_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** The 2025-era protocol version the bench's raw sessions speak. */
export const LEGACY_VERSION = "2025-06-18";

/**
 * Opens a 2025-era session on `url` with raw requests, as the latency sections time them:
 * `initialize`, then the `initialized` notification. Returns the headers every later request of
 * the session carries.
 */
export async function openLegacySession(url: string): Promise<Record<string, string>> {
  const init = await fetch(url, {
    method: "POST",
    headers: MCP_POST_HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: { name: "bench", version: "1" } },
    }),
  });
  const session = init.headers.get("mcp-session-id");
  await init.text();
  if (!session) throw new Error(`initialize was answered ${init.status} without a session`);
  const headers = { ...MCP_POST_HEADERS, "mcp-session-id": session, "mcp-protocol-version": LEGACY_VERSION };
  const initialized = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  const text = await initialized.text();
  if (initialized.status >= 300)
    throw new Error(`initialized was answered ${initialized.status}: ${text.slice(0, 200)}`);
  return headers;
}
