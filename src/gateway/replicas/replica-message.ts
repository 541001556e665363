import type { ReplicaMessage } from "./session-store.js";

/** Session ids are UUIDs here; a little room for other generators, never megabytes. */
const MAX_SESSION_CHARS = 200;
const REPLICA_ID = /^[0-9a-f]{8}$/;
/** Tool names named in one message at most, and their length: past them, a replica says "all". */
export const MAX_CHANGED_TOOLS = 500;
const MAX_TOOL_CHARS = 256;

/**
 * A {@link ReplicaMessage} read back from the store, checked field by field; `undefined` for
 * anything else (a row is only ever written by a replica, but a reader trusts no shape).
 */
export function parseReplicaMessage(value: unknown): ReplicaMessage | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { kind, session } = value as { kind?: unknown; session?: unknown };
  if (kind === "tools") return toolsMessage(value);
  if (typeof session !== "string" || session.length === 0 || session.length > MAX_SESSION_CHARS) return undefined;
  if (kind === "closed") return { kind, session };
  const { message } = value as { message?: unknown };
  if (kind === "notify") return { kind, session, message };
  const { replica } = value as { replica?: unknown };
  if (kind === "response" && typeof replica === "string" && REPLICA_ID.test(replica))
    return { kind, session, replica, message };
  return undefined;
}

function toolsMessage(value: object): ReplicaMessage | undefined {
  const { replica, tools } = value as { replica?: unknown; tools?: unknown };
  if (typeof replica !== "string" || !REPLICA_ID.test(replica)) return undefined;
  if (tools === "all") return { kind: "tools", replica, tools };
  if (!Array.isArray(tools) || tools.length > MAX_CHANGED_TOOLS) return undefined;
  const names = tools.filter((name): name is string => typeof name === "string" && name.length <= MAX_TOOL_CHARS);
  return names.length === tools.length ? { kind: "tools", replica, tools: names } : undefined;
}
