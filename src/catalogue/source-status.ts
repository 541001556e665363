import { boundText, oneLine } from "./bounded-text.js";
import { MAX_REPORTED_SOURCES, type ToolSourceStatus } from "./tool-definition.js";

/** A source's name is a server name; far past the 32 characters `fromMcp` allows. */
const MAX_SOURCE_NAME = 64;
/** "A few words": an error longer than this is cut. */
const MAX_SOURCE_ERROR = 120;
const STATES: ReadonlySet<unknown> = new Set(["ready", "connecting", "down"]);

/**
 * The sources of a host's `sourceStatus()` answer that are not ready, read one by one as what
 * they are, text from anywhere: an entry that is not a status is skipped, names and errors are
 * cut and flattened to one line without control or format characters (no newline to fake a
 * field, no bidi override to disguise a name), at most {@link MAX_REPORTED_SOURCES} of them.
 * Each source once, the first report winning.
 */
export function unreadySources(listed: readonly unknown[]): ToolSourceStatus[] {
  const sources: ToolSourceStatus[] = [];
  const seen = new Set<string>();
  // Ready ones are skipped without reading more than their state, so the walk is bounded too.
  const limit = Math.min(listed.length, 10_000);
  for (let index = 0; index < limit && sources.length < MAX_REPORTED_SOURCES; index++) {
    const source = readSource(listed[index]);
    if (!source || source.state === "ready" || seen.has(source.server)) continue;
    seen.add(source.server);
    sources.push(source);
  }
  return sources;
}

function readSource(entry: unknown): ToolSourceStatus | undefined {
  try {
    if (typeof entry !== "object" || entry === null) return undefined;
    const { server, state, error } = entry as Record<string, unknown>;
    if (!STATES.has(state) || typeof server !== "string") return undefined;
    const name = plain(server, MAX_SOURCE_NAME);
    if (name === "") return undefined;
    const read: ToolSourceStatus = { server: name, state: state as ToolSourceStatus["state"] };
    const why = state === "down" && typeof error === "string" ? plain(error, MAX_SOURCE_ERROR) : "";
    if (why !== "") read.error = why;
    return read;
  } catch {
    // A getter that throws (a Proxy): not a status.
    return undefined;
  }
}

function plain(text: string, max: number): string {
  return oneLine(boundText(text, max * 4).replace(/\p{Cf}/gu, ""), max);
}
