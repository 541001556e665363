import type { SessionHost } from "./session-host.js";
import type { NamedGate } from "./gate-chain.js";
import { sendWebResponse, webRequestOf } from "../web/web-bridge.js";

/**
 * Hands the request to the session the session gate found or opened, and sends its answer. An
 * open GET is an event stream: counted while it lasts, so the session is not taken for idle.
 * Behind a shared store the answer names the replica that served it; a DELETE that ended the
 * session ends it for every replica.
 */
export function serveGate(shared: SessionHost): NamedGate {
  return {
    name: "serve",
    async pass({ request, response, body, transport }) {
      if (transport === undefined) throw new Error("toolsift: an MCP request reached the serve gate with no session");
      if (request.method === "GET") {
        transport.streams++;
        response.once("close", () => transport.streams--);
      }
      // No signal: the 2025-era transport never reads one, and a Request given a signal costs a
      // listener, a controller and a finalizer that sustained traffic piles up faster than they
      // are collected. A client that hangs up is seen when sendWebResponse cancels the body.
      const answer = await transport.handleRequest(webRequestOf(request, body), body);
      if (shared.replica !== undefined) response.setHeader("x-toolsift-replica", shared.replica);
      const id = transport.sessionId;
      if (request.method === "DELETE" && answer.ok && id !== undefined) await shared.ended(id);
      await sendWebResponse(answer, response);
    },
  };
}
