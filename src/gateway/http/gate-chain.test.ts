import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { LOCAL_CALLER } from "../auth/caller.js";
import type { Gateway } from "../gateway.js";
import type { ModernHttp } from "../modern/modern-http.js";
import { LocalSessions } from "./local-sessions.js";
import type { HostedTransport } from "./session-host.js";
import { BodyReads } from "./body-reads.js";
import { chainGates, type HttpExchange, type NamedGate } from "./gate-chain.js";
import { httpGates } from "./http-gates.js";
import { SessionTable } from "../web/session-table.js";

const exchange = (): HttpExchange => ({
  request: {} as IncomingMessage,
  response: {} as ServerResponse,
  path: "/mcp",
  sessionId: undefined,
  caller: LOCAL_CALLER,
  body: undefined,
  transport: undefined,
});

/** A gate that records its name, then answers or passes on. */
function recording(name: string, ran: string[], answers = false): NamedGate {
  return {
    name,
    async pass(_, next) {
      ran.push(name);
      if (!answers) await next();
    },
  };
}

describe("chainGates", () => {
  it("runs the gates in order and stops at the first that answers", async () => {
    const ran: string[] = [];
    const handle = chainGates([
      recording("first", ran),
      recording("second", ran),
      recording("answers", ran, true),
      recording("never", ran),
    ]);
    await handle(exchange());
    expect(ran).toEqual(["first", "second", "answers"]);
  });

  it("lets a gate finish after the rest: cleanup wraps the later gates", async () => {
    const ran: string[] = [];
    const wrapping: NamedGate = {
      name: "wraps",
      async pass(_, next) {
        try {
          await next();
        } finally {
          ran.push("cleanup");
        }
      },
    };
    await chainGates([wrapping, recording("last", ran, true)])(exchange());
    expect(ran).toEqual(["last", "cleanup"]);
  });

  it("fails rather than hangs when no gate answers, or when one passes a request on twice", async () => {
    await expect(chainGates([recording("only", [])])(exchange())).rejects.toThrow(/every gate unanswered/);
    const twice: NamedGate = {
      name: "twice",
      async pass(_, next) {
        await next();
        await next();
      },
    };
    await expect(chainGates([twice, recording("end", [], true)])(exchange())).rejects.toThrow(/twice gate/);
  });
});

describe("the listener's gates", () => {
  it("meet a request in the order origin, open routes, authenticate, era, session, serve", () => {
    const shared = new LocalSessions(class {} as never);
    const gates = httpGates({
      gateway: {} as Gateway,
      rules: { allowedOrigins: [], allowedHosts: [] },
      auth: false,
      observe: () => {},
      deny: () => {},
      metrics: undefined,
      modern: {} as ModernHttp,
      bodyReads: new BodyReads(),
      sessions: new SessionTable<HostedTransport>(1, 1, 60_000),
      shared,
      sessionStore: undefined,
    });
    expect(gates.map((gate) => gate.name)).toEqual([
      "origin",
      "open routes",
      "authenticate",
      "era",
      "session",
      "serve",
    ]);
  });
});
