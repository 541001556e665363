import type { Caller } from "../auth/caller.js";
import type { NamedGate } from "./gate-chain.js";
import { reply } from "./http-replies.js";
import { originProblem, type OriginRules } from "./origin-guard.js";

/** Refuses (403) a request whose `Host` or `Origin` names a host the rules do not allow: DNS rebinding, cross-origin pages. */
export function originGate(
  rules: OriginRules,
  deny: (caller: Caller | undefined, session: string | undefined, reason: string) => void,
): NamedGate {
  return {
    name: "origin",
    async pass({ request, response }, next) {
      const problem = originProblem(request.headers, rules);
      if (problem === undefined) return next();
      deny(undefined, undefined, "host or origin not allowed");
      reply(response, 403, problem);
    },
  };
}
