import { boundText } from "../catalogue/bounded-text.js";
import type { McpCallResultSource } from "./mcp-call-result.js";
import { isRecord } from "../util/is-record.js";

/** A `notifications/progress` a server sent about a `tools/call`, checked and bounded. */
export interface McpCallProgress {
  progress: number;
  total?: number;
  /** Cut at 1,000 characters: a status line, not a result. */
  message?: string;
}

/**
 * Told of each progress notification a server sends about a `tools/call` toolsift made: for a
 * gateway that passes progress on to the client whose call it is. The server's token is not
 * passed on: it is toolsift's own.
 */
export type McpCallProgressListener = (progress: McpCallProgress, source: McpCallResultSource) => void;

/** Where a progress message is cut. */
export const PROGRESS_MESSAGE_CHARS = 1_000;

/** The checked form of what the SDK's `onprogress` was given, or `undefined` when it is not a progress. */
export function checkedProgress(value: unknown): McpCallProgress | undefined {
  if (!isRecord(value) || typeof value.progress !== "number" || !Number.isFinite(value.progress)) return undefined;
  const checked: McpCallProgress = { progress: value.progress };
  if (typeof value.total === "number" && Number.isFinite(value.total)) checked.total = value.total;
  if (typeof value.message === "string") checked.message = boundText(value.message, PROGRESS_MESSAGE_CHARS);
  return checked;
}
