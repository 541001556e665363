import type { ModernHttp } from "../modern/modern-http.js";
import type { BodyReads } from "./body-reads.js";
import type { NamedGate } from "./gate-chain.js";
import { rpcError } from "../web/http-replies.js";
import { contentTypeRefusal, initializeHeadersRefusal, noSession } from "./initialize-check.js";
import { sessionOwnerOf } from "../web/session-table.js";

/**
 * Tells the eras apart. A request with an `Mcp-Session-Id` is 2025-era; a POST without one is an
 * initialize or a 2026-07-28 request, which only its body tells apart, so the body is read here
 * (bounded per caller) and the 2026-07-28 ones are answered by `modern/`. Anything else without a
 * session is refused (400).
 */
export function eraGate(modern: ModernHttp, bodyReads: BodyReads): NamedGate {
  return {
    name: "era",
    async pass(exchange, next) {
      const { request, response, sessionId } = exchange;
      if (request.method !== "POST" && sessionId === undefined) {
        const refused = noSession();
        return rpcError(response, refused.status, refused.code, refused.message);
      }
      const modernCandidate = sessionId === undefined;
      if (sessionId === undefined) {
        const refused = modernCandidate
          ? contentTypeRefusal(request.headers)
          : initializeHeadersRefusal(request.headers);
        if (refused) return rpcError(response, refused.status, refused.code, refused.message);
      }
      if (request.method === "POST") {
        const read = await bodyReads.read(request, response, sessionOwnerOf(exchange.caller).identity);
        if (!read.ok) return;
        exchange.body = read.value;
      }
      if (modernCandidate) {
        if (await modern.claims(request, exchange.body))
          return modern.serve(request, response, exchange.body, exchange.caller);
        const refused = initializeHeadersRefusal(request.headers);
        if (refused) return rpcError(response, refused.status, refused.code, refused.message);
      }
      return next();
    },
  };
}
