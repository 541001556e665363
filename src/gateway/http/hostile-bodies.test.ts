import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  initialize,
  POST_HEADERS,
  rawRequest,
  serveGateway,
  testAuthenticator,
  type ServedGateway,
} from "./http-test-kit.fixture.js";

/**
 * Request bodies a hostile client sends, against a real gateway over a real server process, on
 * loopback only: JSON nested past any sane depth, and uploads that trickle a byte at a time.
 */

/** Posts `text` as it is (not re-serialised), and reads the status and body of the answer. */
function postText(
  url: string,
  headers: Record<string, string>,
  text: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { ...POST_HEADERS, ...headers } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(text);
  });
}

describe("deeply nested JSON", () => {
  let served: ServedGateway;
  beforeAll(async () => {
    served = await serveGateway({ auth: testAuthenticator });
  });
  afterAll(() => served?.close());

  it("is answered 400 with a JSON-RPC error on an open session, and the session still works", async () => {
    const auth = { authorization: "Bearer alice" };
    const opened = await rawRequest(served.listener.url, { headers: { ...POST_HEADERS, ...auth }, body: initialize() });
    expect(opened.status).toBe(200);
    const session = { ...auth, "mcp-session-id": String(opened.headers["mcp-session-id"]) };
    const depth = 100_000;
    const nested = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"dyn__echo","arguments":{"text":${"[".repeat(depth)}${"]".repeat(depth)}}}}`;
    const answer = await postText(served.listener.url, session, nested);
    expect(answer.status).toBe(400);
    const error = (JSON.parse(answer.body) as { error: { code: number; message: string } }).error;
    expect([-32700, -32600]).toContain(error.code);
    expect(error.message).toMatch(/nested deeper than \d+ levels/);
    // Before a session: the same.
    const fresh = await postText(served.listener.url, auth, `${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(fresh.status).toBe(400);
    const list = await postText(
      served.listener.url,
      { ...session, "mcp-protocol-version": "2025-06-18" },
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    );
    expect(list.status).toBe(200);
    expect(list.body).toContain("search_tools");
  });
});
