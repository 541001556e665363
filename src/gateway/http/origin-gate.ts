import type { Caller } from "../auth/caller.js";
import type { NamedGate } from "./gate-chain.js";
import { reply } from "../web/http-replies.js";
import { originProblem, type OriginRules } from "../web/origin-guard.js";
import { isHostlessProbe } from "./http-routes.js";

/** Refuses (403) a request whose `Host` or `Origin` names a host the rules do not allow: DNS rebinding, cross-origin pages. */
export function originGate(
  rules: OriginRules,
  deny: (caller: Caller | undefined, session: string | undefined, reason: string) => void,
): NamedGate {
  return {
    name: "origin",
    async pass({ path, request, response }, next) {
      // haproxy's `option httpchk` sends no Host: a health probe names nothing, so it is answered.
      const problem = isHostlessProbe(path, request.headers) ? undefined : originProblem(request.headers, rules);
      if (problem === undefined) return next();
      deny(undefined, undefined, "host or origin not allowed");
      reply(response, 403, problem);
    },
  };
}
