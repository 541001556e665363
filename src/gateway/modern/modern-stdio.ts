import type { Readable, Writable } from "node:stream";
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
import { readStdioOpening } from "./stdio-opening.js";

/** Options of {@link serveStdioEitherEra}. */
export interface StdioEraOptions {
  log(line: string): void;
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * Serves the one stdio client in the era its opening picks: one that opens with `initialize` (or
 * any message without the 2026-07-28 `_meta` protocol-version claim) gets the 2025-era session of
 * {@link Gateway.connectStdio}; one that opens with a 2026-07-28 request gets SDK v2's
 * `serveStdio` over the gateway's modern server factory.
 *
 * SDK v2's `serveStdio` owns the era decision of a connection, but its legacy side would serve
 * a `Server` of the per-request factory, and a 2025-era session here is a connection of the
 * gateway's own (its hydrated tools, its announcements, its pass-through). So the opening is read
 * here (stdio-opening.ts) and each side gets its own messages from their first byte:
 * `serveStdio` runs with `legacy: "reject"`, so it never serves a 2025-era message itself.
 *
 * A client that probes with `server/discover` and gives up waiting (the Vercel AI SDK waits one
 * second on stdio, less than this process takes to start with a keep tool's server) opens again
 * with `initialize` on the same pipe. That is the spec's fallback, so the 2026-07-28 side is ended
 * (its unanswered probe with it) and the client gets a 2025-era session from that message on.
 */
export async function serveStdioEitherEra(gateway: Gateway, options: StdioEraOptions): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  // Loaded already: the gateway's 2025-era sessions run on the same package (Gateway.start).
  const sdk = await loadModernSdk();
  const opening = await readStdioOpening(stdin);
  if (opening.era === "2025") {
    await gateway.connectStdio({ stdin: opening.stream, stdout });
    return;
  }
  // The one instance serving the connection: its resource updates reach the streams that named them.
  let serving: Server | undefined;
  const transport = new sdk.StdioServerTransport(opening.stream, stdout);
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
  const fellBack = await opening.fallback;
  if (!fellBack) return;
  options.log(
    "MCP 2026-07-28 stdio: the client sent server/discover, then opened with initialize (it stopped waiting for the answer); serving it a 2025-era session",
  );
  await gateway.connectStdio({ stdin: fellBack, stdout });
}
