import { boundText } from "../catalogue/bounded-text.js";
import { isRecord } from "../util/is-record.js";

/** The MCP log levels, least severe first. */
const LEVELS: readonly string[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

/** A `notifications/message` a server sent (its log), checked and bounded. */
export interface McpLogMessage {
  level: "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";
  /** Cut at 200 characters. */
  logger?: string;
  /** Any JSON; past 8,000 characters as JSON, the start of that JSON as a string. */
  data: unknown;
}

const LOGGER_CHARS = 200;
const DATA_CHARS = 8_000;

/** The checked form of a `notifications/message`'s params, or `undefined` when they are not a log message. */
export function checkedLogMessage(params: unknown): McpLogMessage | undefined {
  if (!isRecord(params) || typeof params.level !== "string" || !LEVELS.includes(params.level)) return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(params.data);
  } catch {
    // Too deep to serialise (a v1 Client passes the parsed object on): not passed on.
    return undefined;
  }
  if (json === undefined) return undefined;
  return {
    level: params.level as McpLogMessage["level"],
    ...(typeof params.logger === "string" ? { logger: boundText(params.logger, LOGGER_CHARS) } : {}),
    data: json.length <= DATA_CHARS ? (JSON.parse(json) as unknown) : boundText(json, DATA_CHARS),
  };
}
