import { PassThrough, type Readable, type Writable } from "node:stream";
import { isRecord } from "../../util/is-record.js";
import type { ModernSdk } from "../gateway-sdk-v2.js";
import { MAX_OPENING_LINE_BYTES } from "./stdio-opening.js";
import type { Server } from "@modelcontextprotocol/server";

/**
 * Answers one `server/discover` request line (newline included) with the line to send back, or
 * `undefined` to leave the request to the gateway once it has started.
 */
export type DiscoverAnswerer = (line: Buffer) => Promise<Buffer | undefined>;

/** How long the SDK may take to answer a discover request on its own before the gateway is left to. */
const ANSWER_TIMEOUT_MS = 5_000;

/**
 * A 2026-07-28 stdio client's stream for the gateway, once `started` settles. Until then each
 * `server/discover` request is answered at once with `answer`, written to `stdout`: a client
 * that probes waits only a second or so before it falls back to the 2025 era (the Vercel AI
 * SDK), while the gateway's start waits up to two seconds for the servers of keep tools. The
 * first other message stops the reading there: it and everything after it reach the gateway,
 * in order, when it has started (so no more than one line and the stream's buffer is held).
 *
 * @param stream - The modern side of the opening (see `readStdioOpening`).
 */
export function answerDiscoverUntil(
  stream: Readable,
  stdout: Pick<Writable, "write">,
  answer: DiscoverAnswerer,
  started: Promise<unknown>,
): Promise<Readable> {
  return new Promise((resolve) => {
    let unread = Buffer.alloc(0);
    let ended = false;
    let ready = false;
    /** A message other than discover came: the rest waits for the gateway. */
    let holding = false;
    let routing: Promise<void> = Promise.resolve();

    const route = async (): Promise<void> => {
      while (!ready && !holding) {
        const newline = unread.indexOf(0x0a);
        if (newline < 0) {
          if (unread.length > MAX_OPENING_LINE_BYTES) holding = true;
          break;
        }
        const line = unread.subarray(0, newline + 1);
        if (!isDiscoverRequest(line)) {
          holding = true;
          break;
        }
        // One answer at a time, reading nothing meanwhile: what the client sends waits in the pipe.
        stream.pause();
        const answered = await answer(line).catch(() => undefined);
        // Ended meanwhile: the client gave up on the probe and opened with initialize (or hung
        // up), so the answer is not sent; the probe goes to the gateway as it would have.
        if (answered === undefined || ended) {
          holding = true;
          break;
        }
        stdout.write(answered);
        unread = unread.subarray(newline + 1);
      }
      if (holding || ready) stream.pause();
      else stream.resume();
    };
    const onData = (chunk: Buffer) => {
      unread = Buffer.concat([unread, chunk]);
      // A step that throws (stdout gone) holds the rest for the gateway rather than stall the chain.
      routing = routing.then(route).catch(() => {
        holding = true;
      });
    };
    const onEnd = () => {
      ended = true;
    };
    const handOver = () => {
      ready = true;
      routing = routing.then(() => {
        stream.off("data", onData);
        stream.off("end", onEnd);
        stream.pause();
        const rest = new PassThrough();
        rest.write(unread);
        if (ended || stream.readableEnded) rest.end();
        else stream.pipe(rest);
        resolve(rest);
      });
    };
    stream.on("data", onData);
    stream.once("end", onEnd);
    void started.then(handOver, handOver);
  });
}

/**
 * Answers discover requests as the SDK's own `serveStdio` answers them, from a server made for
 * the request alone (`server`): the gateway's modern server as it is declared before its
 * servers are up. Each request gets a throwaway connection over a private pair of streams.
 */
export function sdkDiscoverAnswerer(
  sdk: Pick<ModernSdk, "serveStdio" | "StdioServerTransport">,
  server: () => Server,
): DiscoverAnswerer {
  return async (line) => {
    const input = new PassThrough();
    const output = new PassThrough();
    const handle = sdk.serveStdio(server, {
      legacy: "reject",
      transport: new sdk.StdioServerTransport(input, output),
      onerror: () => undefined,
    });
    try {
      const answered = firstLine(output, ANSWER_TIMEOUT_MS);
      input.write(line);
      const reply = await answered;
      // Only a result is sent early: an error here (a server that could not be made) is not the
      // gateway's answer, which the probe then waits for.
      return reply !== undefined && isResult(reply) ? reply : undefined;
    } finally {
      await handle.close().catch(() => undefined);
      input.destroy();
      output.destroy();
    }
  };
}

/** The first line `stream` writes, newline included; `undefined` if none comes in time. */
function firstLine(stream: Readable, timeoutMs: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    let read = Buffer.alloc(0);
    const done = (line: Buffer | undefined) => {
      clearTimeout(timer);
      stream.off("data", onData);
      resolve(line);
    };
    const onData = (chunk: Buffer) => {
      read = Buffer.concat([read, chunk]);
      const newline = read.indexOf(0x0a);
      if (newline >= 0) done(read.subarray(0, newline + 1));
      else if (read.length > MAX_OPENING_LINE_BYTES) done(undefined);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    stream.on("data", onData);
  });
}

/** Whether a line is a JSON-RPC result (not an error). */
function isResult(line: Buffer): boolean {
  const message = parsedLine(line);
  return isRecord(message) && isRecord(message.result);
}

/** Whether a line is a `server/discover` request (an id, so an answer is due). */
function isDiscoverRequest(line: Buffer): boolean {
  const message = parsedLine(line);
  return isRecord(message) && message.method === "server/discover" && message.id !== undefined;
}

/** A line's JSON, or `undefined` for one that is not JSON. */
function parsedLine(line: Buffer): unknown {
  try {
    return JSON.parse(line.toString("utf8"));
  } catch {
    return undefined;
  }
}
