import { PassThrough, type Readable, type Writable } from "node:stream";
import { errorText } from "../../errors.js";
import { LOCAL_CALLER } from "../auth/caller.js";
import type { Gateway } from "../gateway.js";
import { loadModernSdk } from "../gateway-sdk-v2.js";
import type { Server } from "@modelcontextprotocol/server";
import { wrapUri } from "../content/namespaced-uri.js";
import { acceptListen } from "./modern-listen.js";
import { localLedger } from "./confirmation-ledger.js";
import { modernServerFactory } from "./modern-server.js";
import { relayStdioListens } from "./stdio-listens.js";

/** The longest first line read to tell the era: past it, the client is served a 2025-era session. */
const MAX_FIRST_LINE_BYTES = 4 * 1024 * 1024;
const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

/** Options of {@link serveStdioEitherEra}. */
export interface StdioEraOptions {
  log(line: string): void;
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * Serves the one stdio client in the era its first message picks: one that opens with
 * `initialize` (or any message without the 2026-07-28 `_meta` protocol-version claim) gets the
 * 2025-era session of {@link Gateway.connectStdio}; one that opens with a 2026-07-28 request
 * (`server/discover`, say) gets SDK v2's `serveStdio` over the gateway's modern server factory.
 *
 * SDK v2's `serveStdio` owns the era decision of a connection, but its legacy side would serve
 * a `Server` of the per-request factory, and a 2025-era session here is a connection of the
 * gateway's own (its hydrated tools, its announcements, its pass-through). So the first line is
 * read here (bounded), the same rule `serveStdio` applies decides, and the stream, first line
 * included, is handed whole to the side it picked: `serveStdio` with `legacy: "reject"` (it then
 * makes every later era decision of that connection itself), or the session's own transport.
 * Nothing is answered before the choice, so each side sees the connection from its first byte.
 */
export async function serveStdioEitherEra(gateway: Gateway, options: StdioEraOptions): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  // Loaded already: the gateway's 2025-era sessions run on the same package (Gateway.start).
  const sdk = await loadModernSdk();
  const { first, stream } = await firstLine(stdin);
  if (!claimsModernEra(first)) {
    await gateway.connectStdio({ stdin: stream, stdout });
    return;
  }
  // The one instance serving the connection: its resource updates reach the streams that named them.
  let serving: Server | undefined;
  const transport = new sdk.StdioServerTransport(stream, stdout);
  sdk.serveStdio(
    modernServerFactory(
      gateway,
      sdk,
      () => LOCAL_CALLER,
      localLedger(),
      (server) => (serving = server),
    ),
    {
      legacy: "reject",
      transport,
      onerror: (error) => options.log(`MCP 2026-07-28 stdio: ${errorText(error)}`),
    },
  );
  const deliver = (server: string, uri: string) =>
    void serving?.sendResourceUpdated({ uri: wrapUri(server, uri) }).catch(() => undefined);
  relayStdioListens(
    transport,
    (body, signal) => acceptListen(gateway, LOCAL_CALLER, body, deliver, signal),
    options.log,
  );
}

/**
 * Reads `stdin` up to its first newline (or end, or the bound) and gives that line and a stream
 * that replays every byte read so far, then the rest of `stdin`.
 */
function firstLine(stdin: Readable): Promise<{ first: string; stream: Readable }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let decided = false;
    const done = () => {
      if (decided) return;
      decided = true;
      stdin.off("data", onData);
      stdin.off("end", done);
      stdin.off("close", done);
      stdin.pause();
      const read = Buffer.concat(chunks);
      const newline = read.indexOf(0x0a);
      const stream = new PassThrough();
      stream.write(read);
      stdin.pipe(stream);
      if (stdin.readableEnded) stream.end();
      resolve({ first: read.subarray(0, newline < 0 ? read.length : newline).toString("utf8"), stream });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (chunk.includes(0x0a) || size > MAX_FIRST_LINE_BYTES) done();
    };
    stdin.on("data", onData);
    stdin.once("end", done);
    stdin.once("close", done);
  });
}

/** Whether a first message carries the per-request envelope's protocol version (the 2026-07-28 era). */
function claimsModernEra(line: string): boolean {
  try {
    const message: unknown = JSON.parse(line);
    if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
    const params: unknown = (message as Record<string, unknown>).params;
    const meta: unknown =
      typeof params === "object" && params !== null ? (params as Record<string, unknown>)._meta : undefined;
    return (
      typeof meta === "object" &&
      meta !== null &&
      typeof (meta as Record<string, unknown>)[PROTOCOL_VERSION_KEY] === "string"
    );
  } catch {
    return false;
  }
}
