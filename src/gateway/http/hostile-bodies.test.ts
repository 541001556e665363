import { request as httpRequest } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
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

describe("200 slow uploads", () => {
  let served: ServedGateway;
  beforeAll(async () => {
    served = await serveGateway({ auth: testAuthenticator });
  });
  afterAll(() => served?.close());

  /**
   * One upload that declares 1,000 bytes and sends one every 500 ms; it gives up by itself after
   * `stopAfterMs`. Resolves with the status it was answered (0: cut off without an answer).
   */
  function slowUpload(url: string, stopAfterMs: number): { answered: Promise<number>; stop(): void } {
    const req = httpRequest(url, {
      method: "POST",
      headers: { ...POST_HEADERS, authorization: "Bearer mallory", "content-length": "1000" },
    });
    const drip = setInterval(() => req.write(" "), 500);
    const stop = () => {
      clearInterval(drip);
      req.destroy();
    };
    const limit = setTimeout(stop, stopAfterMs);
    const answered = new Promise<number>((resolve) => {
      req.on("response", (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        clearTimeout(limit);
        stop();
      });
      req.on("error", () => resolve(0));
      req.on("close", () => resolve(0));
    });
    req.flushHeaders();
    return { answered, stop };
  }

  it("do not lock a normal client out, and the ones admitted are cut off at the body deadline", async () => {
    const uploads = Array.from({ length: 200 }, () => slowUpload(served.listener.url, 14_000));
    try {
      // Every upload has sent its headers before the normal client comes.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const since = Date.now();
      const client = new Client({ name: "bob", version: "1" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(served.listener.url), {
          requestInit: { headers: { authorization: "Bearer bob" } },
        }),
      );
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("search_tools");
      expect(Date.now() - since).toBeLessThan(5000);
      await client.close();
      const statuses = await Promise.all(uploads.map((upload) => upload.answered));
      // Past the per-caller cap, refused at once; the few admitted, answered 408 at the deadline, before they give up.
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(150);
      expect(statuses.filter((status) => status === 408).length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status !== 429 && status !== 408)).toEqual([]);
    } finally {
      for (const upload of uploads) upload.stop();
    }
  }, 40_000);
});
