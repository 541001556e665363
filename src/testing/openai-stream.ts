// Plays a reply as server-sent events, misbehaving as a stream script says.
import type { ServerResponse } from "node:http";
import type { OpenAIStreamScript } from "./openai-script.js";

/**
 * Writes `frames` (each a whole SSE event, blank line included) then `end`. With `script.pause`
 * it holds after that many frames until the promise settles; with `script.error` it writes
 * `errorFrame()` in place of the frame at that count (or of `end`, past the last) and ends.
 */
export async function playStream(
  response: ServerResponse,
  frames: readonly string[],
  end: string,
  script: OpenAIStreamScript,
  errorFrame: (sent: number) => string,
): Promise<void> {
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    "x-request-id": `req_stream_${Date.now()}`,
  });
  const failAt = script.error ? Math.min(Math.max(0, script.error.after), frames.length) : undefined;
  for (let sent = 0; sent <= frames.length; sent++) {
    if (sent === failAt) return void response.end(errorFrame(sent));
    // A rejected promise still releases the stream: the test said "until it settles".
    if (script.pause && sent === script.pause.after) await Promise.allSettled([script.pause.until]);
    if (response.destroyed) return;
    if (sent < frames.length) response.write(frames[sent]);
  }
  response.end(end);
}

/** One Chat Completions frame: a bare `data:` line. */
export const dataFrame = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/** One Responses frame: an `event:` line naming the event's `type`, then its `data:`. */
export const eventFrame = (event: Record<string, unknown>) =>
  `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`;
