import { ToolsiftError } from "../errors.js";

/**
 * A connection failure that already knows how to say itself in a few words: the session that saw
 * it (a process that exited, say) knows more than its error's text.
 */
export class BriefedError extends ToolsiftError {
  constructor(
    code: string,
    message: string,
    /** The failure in a few fixed words, safe to show a model. */
    readonly brief: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

/** Node's network and process error codes, in words. */
const SYSTEM_CODES: Readonly<Record<string, string>> = {
  ENOENT: "command not found",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "timed out",
  EPIPE: "connection closed",
  CERT_HAS_EXPIRED: "TLS certificate error",
  DEPTH_ZERO_SELF_SIGNED_CERT: "TLS certificate error",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "TLS certificate error",
};

/** SDK v2's own error codes (strings, never sent on the wire) that say what happened. */
const SDK_CODES: Readonly<Record<string, string>> = {
  REQUEST_TIMEOUT: "timed out",
  CONNECTION_CLOSED: "connection closed",
  ERA_NEGOTIATION_FAILED: "protocol version negotiation failed",
};

/** JSON-RPC codes SDK v1 uses for a request that got no answer and a transport that closed. */
const REQUEST_TIMEOUT = -32001;
const CONNECTION_CLOSED = -32000;
/** How deep a chain of causes is followed. */
const MAX_CAUSES = 6;

/**
 * Why a connection failed, in a few words taken from a fixed vocabulary ("command not found",
 * "connection refused", "timed out", "HTTP 401", "exited with code 1"), never from the failure's
 * own text: that text may carry a command line with its arguments, a URL with a token, or
 * whatever the server printed, and it is about to be shown to a model. Anything unrecognised is
 * `fallback`; the full error still goes to the log.
 */
export function briefReason(error: unknown, fallback: string): string {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && typeof current === "object" && current !== null; depth++) {
    if (current instanceof BriefedError) return current.brief;
    const known =
      codeReason((current as { code?: unknown }).code) ??
      httpReason((current as { status?: unknown }).status) ??
      messageReason(current);
    if (known) return known;
    current = (current as { cause?: unknown }).cause;
  }
  return fallback;
}

function codeReason(code: unknown): string | undefined {
  if (typeof code === "string")
    return Object.hasOwn(SYSTEM_CODES, code)
      ? SYSTEM_CODES[code]
      : Object.hasOwn(SDK_CODES, code)
        ? SDK_CODES[code]
        : undefined;
  if (code === REQUEST_TIMEOUT) return "timed out";
  if (code === CONNECTION_CLOSED) return "connection closed";
  // SDK v1's Streamable HTTP errors carry the HTTP status as their code.
  return httpReason(code);
}

/** SDK v2's HTTP errors carry the HTTP status as their `status`. */
function httpReason(status: unknown): string | undefined {
  return typeof status === "number" && Number.isInteger(status) && status >= 400 && status <= 599
    ? `HTTP ${status}`
    : undefined;
}

/** Some errors say their code only in their text ("spawn foo ENOENT"): the code is looked for, nothing else kept. */
function messageReason(error: object): string | undefined {
  let message: unknown;
  try {
    message = (error as { message?: unknown }).message;
  } catch {
    return undefined;
  }
  if (typeof message !== "string") return undefined;
  const head = message.slice(0, 2000);
  const code = /\b(E[A-Z_]{3,30})\b/.exec(head)?.[1];
  if (code && Object.hasOwn(SYSTEM_CODES, code)) return SYSTEM_CODES[code];
  if (/\btimed out\b|\btimeout\b/i.test(head)) return "timed out";
  return undefined;
}
