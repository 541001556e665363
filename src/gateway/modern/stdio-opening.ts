import { PassThrough, type Readable } from "node:stream";
import { isRecord } from "../../util/is-record.js";
import { envelopeVersionOf } from "./envelope-version.js";

/**
 * The longest line read while the era is undecided. A first line past it is served a 2025-era
 * session (as an unreadable opening is); a later one pins the 2026-07-28 era, whose transport
 * bounds its own lines. Lines held while the gateway starts are bounded alike (early-discover.ts).
 */
export const MAX_OPENING_LINE_BYTES = 4 * 1024 * 1024;

/**
 * How a stdio client's stream is split between the eras:
 * - `2025`: its first message has no 2026-07-28 envelope; `stream` is the whole connection.
 * - `2026-07-28`: `stream` carries its messages from the first. While it has sent only
 *   `server/discover` (and notifications), it may still fall back: a client that gave up waiting
 *   for the discover answer opens again with `initialize`, on the same pipe, as the spec's
 *   backward-compatibility rule has it. `fallback` then resolves to the stream from that message
 *   on, and `stream` ends; it resolves `undefined` once the era is pinned or stdin ends.
 */
export type StdioOpening =
  | { era: "2025"; stream: Readable }
  | { era: "2026-07-28"; stream: Readable; fallback: Promise<Readable | undefined> };

/** What one opening line says of the era. */
type LineKind =
  /** No 2026-07-28 envelope: `initialize`, or any 2025-era message. */
  | "2025"
  /** A 2026-07-28 `server/discover`, or a notification: the client may still fall back. */
  | "probe"
  /** Any other 2026-07-28 request: the client has settled on the era. */
  | "pinned"
  /** Not a JSON-RPC message the era can be read from (the receiving side answers it). */
  | "unreadable";

/**
 * Reads a stdio client's opening, line by line and bounded, until its era is settled, and hands
 * each side the bytes that are its own, in order, then the rest of `stdin` untouched.
 */
export function readStdioOpening(stdin: Readable): Promise<StdioOpening> {
  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let modern: PassThrough | undefined;
    let settleFallback: (stream: Readable | undefined) => void = () => undefined;
    /** stdin was handed over: its flow is the pipe's from then on, not a drain's to resume. */
    let handedOver = false;

    const stopReading = () => {
      stdin.off("data", onData);
      stdin.off("end", onEnd);
      stdin.off("close", onEnd);
      stdin.pause();
    };
    /** Gives `target` the bytes not yet routed, then everything `stdin` reads from now on. */
    const handOver = (target: PassThrough, rest: Buffer) => {
      handedOver = true;
      stopReading();
      target.write(rest);
      if (stdin.readableEnded || stdin.destroyed) target.end();
      else stdin.pipe(target);
    };
    const serve2025 = (rest: Buffer) => {
      const stream = new PassThrough();
      handOver(stream, rest);
      if (modern) {
        modern.end();
        settleFallback(stream);
      } else resolve({ era: "2025", stream });
    };
    const pinModern = (target: PassThrough, rest: Buffer) => {
      handOver(target, rest);
      settleFallback(undefined);
    };
    const openModern = () => {
      const stream = new PassThrough();
      modern = stream;
      const fallback = new Promise<Readable | undefined>((settle) => (settleFallback = settle));
      resolve({ era: "2026-07-28", stream, fallback });
      return stream;
    };

    /** Routes every whole line read so far; false once the era is settled and stdin handed over. */
    const route = (): boolean => {
      let read = Buffer.concat(chunks);
      chunks = [];
      size = 0;
      for (;;) {
        const newline = read.indexOf(0x0a);
        if (newline < 0) {
          if (read.length <= MAX_OPENING_LINE_BYTES) {
            if (read.length > 0) chunks.push(read);
            size = read.length;
            return true;
          }
          if (modern) pinModern(modern, read);
          else serve2025(read);
          return false;
        }
        const kind = lineKind(read.toString("utf8", 0, newline));
        if (kind === "2025" || (kind === "unreadable" && !modern)) {
          serve2025(read);
          return false;
        }
        const target = modern ?? openModern();
        if (kind === "pinned") {
          pinModern(target, read);
          return false;
        }
        const written = target.write(read.subarray(0, newline + 1));
        read = read.subarray(newline + 1);
        if (!written) {
          // The modern side is not read yet (the gateway is starting): a client sending
          // notifications meanwhile fills its buffer, then stdin's and the pipe's, not memory.
          waitForDrain(target, read);
          return true;
        }
      }
    };
    /** Stops reading until `target` drains, keeping `rest` to route then. */
    const waitForDrain = (target: PassThrough, rest: Buffer) => {
      if (rest.length > 0) chunks.push(rest);
      size = rest.length;
      stdin.pause();
      target.once("drain", () => {
        if (handedOver) return;
        if (route()) stdin.resume();
      });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (chunk.includes(0x0a) || size > MAX_OPENING_LINE_BYTES) route();
    };
    const onEnd = () => {
      if (!route()) return;
      const rest = Buffer.concat(chunks);
      stopReading();
      if (modern) {
        modern.end(rest);
        settleFallback(undefined);
      } else {
        const stream = new PassThrough();
        stream.end(rest);
        resolve({ era: "2025", stream });
      }
    };
    stdin.on("data", onData);
    stdin.once("end", onEnd);
    stdin.once("close", onEnd);
  });
}

/** What a line says of the era: see {@link LineKind}. */
function lineKind(line: string): LineKind {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return "unreadable";
  }
  if (!isRecord(message) || typeof message.method !== "string") return "unreadable";
  const { method, id } = message;
  if (typeof envelopeVersionOf(message) !== "string") return "2025";
  return method === "server/discover" || id === undefined ? "probe" : "pinned";
}
