import type { Caller } from "../auth/caller.js";
import type { GatewayEvent } from "./gateway-event.js";
import { HIDDEN_CHARACTERS } from "../hidden-characters.js";

/** How an audit line is made: what is kept of argument values, and what is hidden in every string. */
export interface AuditRecordOptions {
  /** Keep the call's argument values (when the event carries them), bounded. @defaultValue false */
  includeArguments?: boolean;
  /** Applied to every string before it is written, e.g. to hide expanded `${…}` secrets. @defaultValue identity */
  redact?: (text: string) => string;
}

/**
 * The longest string kept in a line. Tool names, reasons and caller ids come from upstream
 * servers, clients and tokens: one hostile value must not make a line (or the file) huge.
 */
export const MAX_AUDIT_STRING = 512;
/** The most groups of a caller written; a JWT's groups claim can be long. */
const MAX_GROUPS = 32;
/** The most argument JSON kept with `includeArguments`; past it the values are replaced by a note. */
export const MAX_AUDIT_ARGUMENTS_CHARS = 16 * 1024;
/** How deep argument values are copied; deeper ones are written as `"…"`. */
const MAX_DEPTH = 8;
/** The most items or keys copied per array or object of the arguments. */
const MAX_ITEMS = 100;

/**
 * One gateway event as the audit log writes it: a plain JSON object, `time` (ISO) and `event`
 * first, strings redacted and bounded. Argument values appear only with `includeArguments`.
 *
 * @example
 * ```ts
 * auditRecord(event, new Date(), { redact: (text) => text.replaceAll(secret, "[redacted]") });
 * // { time: "2026-12-01T14:00:00.000Z", event: "call", caller: {...}, tool: "gh__merge", outcome: "ok", ... }
 * ```
 */
export function auditRecord(event: GatewayEvent, now: Date, options: AuditRecordOptions = {}): Record<string, unknown> {
  const redact = options.redact ?? ((text: string) => text);
  const text = (value: string | undefined) => (value === undefined ? undefined : bounded(redact(value)));
  // Written out in each case, not spread from a shared head: V8's spread of a few keys followed by
  // many more is several times slower, and this runs on every event.
  const time = now.toISOString();
  switch (event.type) {
    case "search":
      return {
        time,
        event: event.type,
        caller: callerOf(event.caller, text),
        session: text(event.session),
        matches: event.matches,
        weak: event.weak,
        ms: roundMs(event.ms),
      };
    case "call": {
      const record: Record<string, unknown> = {
        time,
        event: event.type,
        caller: callerOf(event.caller, text),
        session: text(event.session),
        tool: text(event.tool),
        server: text(event.server),
        argumentsSha256: event.argumentsSha256,
        argumentsBytes: event.argumentsBytes,
        approval: event.approval,
        outcome: event.outcome,
        ms: roundMs(event.ms),
      };
      if (options.includeArguments === true && "arguments" in event)
        Object.assign(record, argumentsOf(event.arguments, redact));
      return record;
    }
    case "approval-asked":
      return {
        time,
        event: event.type,
        caller: callerOf(event.caller, text),
        session: text(event.session),
        tool: text(event.tool),
      };
    case "denied":
      return {
        time,
        event: event.type,
        caller: event.caller === undefined ? undefined : callerOf(event.caller, text),
        session: text(event.session),
        tool: text(event.tool),
        reason: text(event.reason),
      };
    case "auth-failed":
      return { time, event: event.type, reason: text(event.reason), remoteAddress: text(event.remoteAddress) };
    case "upstream":
      return { time, event: event.type, server: text(event.server), state: event.state };
    case "miss":
      return {
        time,
        event: event.type,
        caller: event.caller === undefined ? undefined : callerOf(event.caller, text),
        session: text(event.session),
        kind: event.kind,
      };
    case "tool-changed":
      return {
        time,
        event: event.type,
        server: text(event.server),
        tool: text(event.tool),
        fields: event.fields,
        policy: event.policy,
      };
  }
}

// JSON leaves the hidden characters as they are; escaped in the line (`\u202e`, a pair of
// `\uXXXX` past U+FFFF), `cat`, `less` or `grep` on the log cannot be made to show a forged or
// hidden line, and the parsed value is the same. (C0 controls and lone surrogates are escaped by
// `JSON.stringify` already, so the set's `\p{Cs}` never matches here.)
/** {@link auditRecord} as one JSON line, newline included, with invisible characters escaped. */
export function auditLine(event: GatewayEvent, now: Date, options: AuditRecordOptions = {}): string {
  const json = JSON.stringify(auditRecord(event, now, options));
  return `${json.replace(HIDDEN_CHARACTERS, escapeUnits)}\n`;
}

/** Each UTF-16 unit of a character as a JSON `\uXXXX` escape (JSON has no `\u{…}`). */
function escapeUnits(char: string): string {
  let escaped = "";
  for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return escaped;
}

function callerOf(caller: Caller, text: (value: string | undefined) => string | undefined): Record<string, unknown> {
  const groups = caller.groups.slice(0, MAX_GROUPS).map((group) => text(group));
  return {
    id: text(caller.id),
    via: caller.via,
    groups: caller.groups.length > MAX_GROUPS ? [...groups, `… ${caller.groups.length - MAX_GROUPS} more`] : groups,
    tenant: text(caller.tenant),
  };
}

/** The argument values, copied with bounds, or a note saying why they were left out. */
function argumentsOf(value: unknown, redact: (text: string) => string): Record<string, unknown> {
  const copy = boundedCopy(value, redact, 0);
  const size = (JSON.stringify(copy) ?? "").length;
  return size <= MAX_AUDIT_ARGUMENTS_CHARS
    ? { arguments: copy }
    : { argumentsOmitted: `over ${MAX_AUDIT_ARGUMENTS_CHARS} characters of JSON` };
}

function boundedCopy(value: unknown, redact: (text: string) => string, depth: number): unknown {
  if (typeof value === "string") return bounded(redact(value));
  if (value === null || typeof value !== "object") return typeof value === "bigint" ? String(value) : value;
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => boundedCopy(item, redact, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, MAX_ITEMS)
      .map(([key, item]) => [bounded(redact(key)), boundedCopy(item, redact, depth + 1)]),
  );
}

/** A string cut to {@link MAX_AUDIT_STRING} characters, saying how much was cut. */
export function bounded(text: string): string {
  return text.length <= MAX_AUDIT_STRING
    ? text
    : `${text.slice(0, MAX_AUDIT_STRING)}… (${text.length - MAX_AUDIT_STRING} more characters)`;
}

function roundMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}
