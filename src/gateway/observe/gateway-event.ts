import type { MissKind } from "../../public/learning.js";
import type { Caller } from "../auth/caller.js";

/** How a call came to run, or not: the audit log's `approval` and the metrics' approval counts. */
export type CallApproval =
  /** Not destructive: nothing to approve. */
  | "not-needed"
  /** Destructive, and the caller's `allowDestructive` names it. */
  | "pre-approved"
  /** Destructive; the user confirmed it through MCP elicitation. */
  | "confirmed"
  /** Destructive; the user declined or dismissed the confirmation. */
  | "declined"
  /** Destructive; the client cannot ask, or asking failed. */
  | "unavailable";

/**
 * What the gateway reports as it serves, for the audit log and the metrics. Argument values
 * appear only when asked for (`observeArguments`): a call carries their SHA-256 and size.
 */
export type GatewayEvent =
  | {
      type: "search";
      caller: Caller;
      session: string;
      matches: number;
      /** The best match was marked weak. */
      weak: boolean;
      ms: number;
    }
  | {
      type: "call";
      caller: Caller;
      session: string;
      tool: string;
      /** The upstream server; `undefined` when the tool is unknown. */
      server: string | undefined;
      /** Hex SHA-256 of the arguments' JSON text. */
      argumentsSha256: string;
      argumentsBytes: number;
      approval: CallApproval;
      /** `refused`: it did not run (a declined confirmation, an unknown or hidden tool). */
      outcome: "ok" | "error" | "refused";
      ms: number;
      /**
       * The argument values themselves: present only when the gateway was started with
       * `observeArguments` (the audit log's `includeArguments`), since they may hold personal data.
       */
      arguments?: unknown;
    }
  | { type: "approval-asked"; caller: Caller; session: string; tool: string }
  | {
      type: "denied";
      caller: Caller | undefined;
      session: string | undefined;
      tool: string | undefined;
      reason: string;
    }
  | { type: "auth-failed"; reason: string; remoteAddress: string | undefined }
  | { type: "upstream"; server: string; state: "connected" | "down" }
  | {
      /**
       * A search failed in use (`toolsift.misses` on), settled once the session showed what came
       * next: `kind` as in `toolsift/learning`'s `MissKind`. No request text: the miss store has it.
       */
      type: "miss";
      /** `undefined` when the session closed before the miss was settled. */
      caller: Caller | undefined;
      session: string;
      kind: MissKind;
    }
  | {
      /** A pinned upstream tool's definition changed (once per new definition); `policy` says what the gateway does with it. */
      type: "tool-changed";
      server: string;
      tool: string;
      /** What differs from the pin: `description`, `inputSchema`, `annotations`, `tags`. */
      fields: readonly string[];
      policy: "warn" | "hide" | "reapprove";
    };

/** Where gateway events go; it must not throw (a throw is caught and logged). */
export type GatewayObserver = (event: GatewayEvent) => void;

/** One observer that tells several, each guarded so one failing sink cannot silence the others. */
export function fanOut(observers: readonly GatewayObserver[], log: (line: string) => void): GatewayObserver {
  return (event) => {
    for (const observe of observers) {
      try {
        observe(event);
      } catch (error) {
        log(`a gateway observer failed on a ${event.type} event: ${String(error)}`);
      }
    }
  };
}
