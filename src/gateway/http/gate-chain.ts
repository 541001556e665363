import type { IncomingMessage, ServerResponse } from "node:http";
import type { Caller } from "../auth/caller.js";
import type { HostedTransport } from "./session-host.js";

/** One HTTP request on its way through the listener's gates, with what each gate learned of it. */
export interface HttpExchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  /** The URL's path, without the query. */
  readonly path: string;
  /** The `Mcp-Session-Id` header; undefined when absent (or sent twice, which names no session). */
  readonly sessionId: string | undefined;
  /** Who is calling: the local user until the authenticate gate proves otherwise. */
  caller: Caller;
  /** A POST's JSON body, once the era gate has read it. */
  body: unknown;
  /** The 2025-era session that will serve the request, once the session gate has found or opened it. */
  transport: HostedTransport | undefined;
}

/**
 * A step of the listener: it answers the exchange itself (and does not call `next`), or passes
 * it on with `next`. A gate that must clean up after the rest (a session opened for an
 * initialize) awaits `next` inside its own `try`.
 */
export type Gate = (exchange: HttpExchange, next: () => Promise<void>) => Promise<void>;

/** A gate with the name tests and logs know it by. */
export interface NamedGate {
  readonly name: string;
  readonly pass: Gate;
}

/**
 * Runs `gates` in order on each exchange, stopping at the first one that answers (does not call
 * `next`). Past the last gate nothing is left to answer, which is the last gate's fault: it is an
 * error, not a hang.
 */
export function chainGates(gates: readonly NamedGate[]): (exchange: HttpExchange) => Promise<void> {
  return (exchange) => {
    const run = async (index: number): Promise<void> => {
      const gate = gates[index];
      if (gate === undefined) throw new Error("toolsift: an HTTP request passed every gate unanswered");
      let passed = false;
      await gate.pass(exchange, () => {
        // Twice would answer one request twice: a bug in the gate, caught here rather than as a socket error.
        if (passed) throw new Error(`toolsift: the ${gate.name} gate passed a request on twice`);
        passed = true;
        return run(index + 1);
      });
    };
    return run(0);
  };
}
