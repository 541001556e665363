import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { LOCAL_CALLER } from "../auth/caller.js";
import type { ModernHttp } from "../modern/modern-http.js";
import type { BodyReads } from "./body-reads.js";
import { eraGate } from "./era-gate.js";
import type { HttpExchange } from "./gate-chain.js";
import { initializeBodyRefusal } from "./initialize-check.js";

/** What the gate wrote: the status and the JSON-RPC error. */
function recordingResponse() {
  const written: { status?: number; body?: string } = {};
  const response = {
    writeHead(status: number) {
      written.status = status;
      return this;
    },
    end(body: string) {
      written.body = body;
      return this;
    },
  } as unknown as ServerResponse;
  return { response, written };
}

const untouched = {
  claims: () => {
    throw new Error("the 2026-07-28 side was asked about a request without a body");
  },
} as unknown as ModernHttp;

describe("a request that opens no session and claims no era", () => {
  for (const method of ["GET", "DELETE"]) {
    it(`${method} without a session id: 400, naming the way in for each era`, async () => {
      const { response, written } = recordingResponse();
      const exchange: HttpExchange = {
        request: { method, headers: { "mcp-protocol-version": "2026-07-28" } } as unknown as IncomingMessage,
        response,
        path: "/mcp",
        sessionId: undefined,
        caller: LOCAL_CALLER,
        body: undefined,
        transport: undefined,
      };
      let passed = false;
      await eraGate(untouched, {} as BodyReads).pass(exchange, async () => {
        passed = true;
      });
      expect(passed).toBe(false);
      expect(written.status).toBe(400);
      const { error } = JSON.parse(written.body!) as { error: { code: number; message: string } };
      expect(error.code).toBe(-32000);
      expect(error.message).toContain("A 2025-era client starts with an initialize request");
      expect(error.message).toContain("a 2026-07-28 client sends POST only");
      expect(error.message).toContain("io.modelcontextprotocol/protocolVersion");
    });
  }

  it("a POST that is no initialize gets the same words", () => {
    const refused = initializeBodyRefusal({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    expect(refused).toMatchObject({ status: 400, code: -32000 });
    expect(refused?.message).toContain("io.modelcontextprotocol/protocolVersion");
  });
});
