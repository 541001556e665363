import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { ReplicaTransport, type WebTransport } from "./replica-transport.js";
import type { ReplicaMessage } from "../replicas/session-store.js";

/** The SDK transport's side, recorded: what the replica sent out, and a way to play what the client POSTs. */
function wrapped(replica: string) {
  const sent: { message: JSONRPCMessage; options: unknown }[] = [];
  const inner: WebTransport = {
    sessionId: "session-1",
    start: async () => {},
    close: async () => {},
    send: async (message, options) => void sent.push({ message, options }),
    handleRequest: async () => new Response(null, { status: 202 }),
  };
  const published: ReplicaMessage[] = [];
  let saves = 0;
  const transport = new ReplicaTransport(inner, {
    replica,
    beforeAnswer: async () => void saves++,
    publish: (message) => published.push(message),
  });
  const delivered: JSONRPCMessage[] = [];
  transport.onmessage = (message) => delivered.push(message);
  const post = (message: unknown) => inner.onmessage?.(message as JSONRPCMessage);
  return { transport, sent, published, delivered, post, saves: () => saves };
}

describe("ReplicaTransport", () => {
  it("sends requests to the client under this replica's id, and maps the client's answer back", async () => {
    const { transport, sent, delivered, post } = wrapped("a1a1a1a1");
    await transport.send({ jsonrpc: "2.0", id: 7, method: "elicitation/create", params: {} }, { relatedRequestId: 3 });
    expect(sent[0]).toEqual({
      message: { jsonrpc: "2.0", id: "a1a1a1a1:7", method: "elicitation/create", params: {} },
      options: { relatedRequestId: 3 },
    });
    post({ jsonrpc: "2.0", id: "a1a1a1a1:7", result: { action: "accept" } });
    expect(delivered).toEqual([{ jsonrpc: "2.0", id: 7, result: { action: "accept" } }]);
  });

  it("publishes an answer to another replica's request to that replica, and takes one it is sent", () => {
    const b = wrapped("b2b2b2b2");
    const answer = { jsonrpc: "2.0", id: "a1a1a1a1:7", result: { action: "decline" } };
    b.post(answer);
    expect(b.delivered).toEqual([]);
    expect(b.published).toEqual([{ kind: "response", session: "session-1", replica: "a1a1a1a1", message: answer }]);
    // One too large to relay is dropped (the asking replica's request times out), never sent through the store.
    b.post({ jsonrpc: "2.0", id: "a1a1a1a1:8", result: { text: "x".repeat(70_000) } });
    expect(b.published).toHaveLength(1);
    const a = wrapped("a1a1a1a1");
    a.transport.answered(answer);
    expect(a.delivered).toEqual([{ jsonrpc: "2.0", id: 7, result: { action: "decline" } }]);
  });

  it("passes on ids it did not make as they are (the protocol ignores unknown ones), and requests untouched", () => {
    const { delivered, published, post } = wrapped("a1a1a1a1");
    const odd = [
      { jsonrpc: "2.0", id: "a1a1a1a1:x", result: {} },
      { jsonrpc: "2.0", id: "a1a1a1a1:7:8", result: {} },
      { jsonrpc: "2.0", id: 5, result: {} },
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
    ];
    for (const message of odd) post(message);
    expect(delivered).toEqual(odd);
    expect(published).toEqual([]);
  });

  it("waits for the state to be saved before an answer leaves, and keeps the client's initialize", async () => {
    const { transport, sent, post, saves } = wrapped("a1a1a1a1");
    const params = {
      protocolVersion: "2025-06-18",
      capabilities: { elicitation: {} },
      clientInfo: { name: "c", version: "1" },
    };
    post({ jsonrpc: "2.0", id: 0, method: "initialize", params });
    expect(transport.initialize).toEqual(params);
    await transport.send({ jsonrpc: "2.0", id: 0, result: {} });
    expect(saves()).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it("sends a notification no request carries to the replica holding the GET stream, or on its own", async () => {
    const { transport, sent, published } = wrapped("a1a1a1a1");
    const changed = { jsonrpc: "2.0" as const, method: "notifications/tools/list_changed" };
    await transport.send(changed);
    expect(published).toEqual([{ kind: "notify", session: "session-1", message: changed }]);
    expect(sent).toEqual([]);
    // On a call's stream it goes out here, whoever holds the GET stream.
    await transport.send(changed, { relatedRequestId: 4 });
    expect(sent).toHaveLength(1);
    transport.streams = 1;
    await transport.send(changed);
    await transport.notify(changed);
    expect(sent).toHaveLength(3);
    expect(published).toHaveLength(1);
  });
});
