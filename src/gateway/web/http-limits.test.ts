import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { waitFor } from "../../../test/support/mcp-servers.js";
import { initialize, POST_HEADERS, rawRequest, serveGateway } from "../http/http-test-kit.fixture.js";

/** A raw TCP connection to the listener that records what comes back and when it closes. */
async function openSocket(port: number): Promise<{ socket: Socket; received: () => string; closed: () => boolean }> {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  let closed = false;
  socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  socket.on("close", () => (closed = true));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, received: () => text, closed: () => closed };
}

function postHead(port: number, length: number, extra = ""): string {
  return (
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
    `Accept: application/json, text/event-stream\r\nConnection: keep-alive\r\nContent-Length: ${length}\r\n${extra}\r\n`
  );
}

describe("listenHttp's limits", () => {
  it("answers an oversized body 413 with Connection: close and ends the keep-alive socket, reading no more", async () => {
    const served = await serveGateway();
    const { port } = served.listener;
    try {
      // Declared too large: refused before any of it is read.
      const declared = await openSocket(port);
      declared.socket.write(postHead(port, 10 * 1024 * 1024));
      declared.socket.write("x".repeat(1024));
      await waitFor("the socket to close after the 413", declared.closed, 5_000);
      expect(declared.received()).toMatch(/^HTTP\/1\.1 413 /);
      expect(declared.received().toLowerCase()).toContain("connection: close");
      // Chunked, so the size shows only while reading: it stops at the limit and closes too.
      const chunked = await openSocket(port);
      chunked.socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          "Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n",
      );
      const piece = "y".repeat(256 * 1024);
      for (let i = 0; i < 17 && !chunked.closed(); i++)
        chunked.socket.write(`${piece.length.toString(16)}\r\n${piece}\r\n`);
      await waitFor("the chunked socket to close after the 413", chunked.closed, 5_000);
      expect(chunked.received()).toMatch(/^HTTP\/1\.1 413 /);
      expect(chunked.received().toLowerCase()).toContain("connection: close");
      expect(served.gateway.clients).toBe(0);
    } finally {
      await served.close();
    }
  });

  it("cuts off a request whose body is not sent within requestTimeoutMs", async () => {
    const served = await serveGateway({ requestTimeoutMs: 300, headersTimeoutMs: 200 });
    const { port } = served.listener;
    try {
      const slow = await openSocket(port);
      slow.socket.write(postHead(port, 1000));
      slow.socket.write("{");
      const started = Date.now();
      await waitFor("the slow request to be cut off", slow.closed, 5_000);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
      // Headers that never end are cut off too.
      const slowHeaders = await openSocket(port);
      slowHeaders.socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      await waitFor("the slow headers to be cut off", slowHeaders.closed, 5_000);
    } finally {
      await served.close();
    }
  });

  it("closes connections past maxConnections, and serves again once one ends", async () => {
    const served = await serveGateway({ maxConnections: 3 });
    const { port } = served.listener;
    const held = await Promise.all([0, 1, 2].map(() => openSocket(port)));
    try {
      // Held sockets count once the server has accepted them; a request on each proves it.
      for (const { socket } of held) socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await waitFor("the held connections to be answered", () =>
        held.every((one) => one.received().includes("200 OK")),
      );
      const extra = await openSocket(port);
      extra.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await waitFor("the connection past the cap to be closed", extra.closed, 5_000);
      expect(extra.received()).toBe("");
      held[0]!.socket.destroy();
      await waitFor("the freed connection to count", () => held[0]!.closed());
      await new Promise((resolve) => setTimeout(resolve, 50));
      const answer = await rawRequest(`http://127.0.0.1:${port}/mcp`, { headers: POST_HEADERS, body: initialize() });
      expect(answer.status).toBe(200);
    } finally {
      for (const { socket } of held) socket.destroy();
      await served.close();
    }
  });
});
