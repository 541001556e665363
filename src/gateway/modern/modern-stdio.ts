import type { Readable, Writable } from "node:stream";
import { errorText } from "../../errors.js";
import { LOCAL_CALLER } from "../auth/caller.js";
import type { Gateway } from "../gateway.js";
import { loadModernSdk } from "../gateway-sdk-v2.js";
import type { Server } from "@modelcontextprotocol/server";
import { wrapUri } from "../content/namespaced-uri.js";
import { acceptListen } from "./modern-listen.js";
import { localLedger } from "./confirmation-ledger.js";
import { modernServerFactory, newModernServer } from "./modern-server.js";
import { relayStdioListens } from "./stdio-listens.js";
import { readStdioOpening } from "./stdio-opening.js";
import { answerDiscoverUntil, sdkDiscoverAnswerer, type DiscoverAnswerer } from "./early-discover.js";
import { contentCapabilities } from "./modern-content.js";
import { CallerPolicies } from "../policy/caller-policy.js";
import { gatewayInstructions } from "../gateway-instructions.js";
import type { GatewayConfig } from "../config/gateway-config.js";
import type { ListingMode } from "../listing/gateway-listing.js";
import type { ModernSdk } from "../gateway-sdk-v2.js";

/** Options of {@link serveStdioEitherEra}. */
export interface StdioEraOptions {
  log(line: string): void;
  stdin?: Readable;
  stdout?: Writable;
  /**
   * The config and mode of the gateway being started, to answer a 2026-07-28 client's
   * `server/discover` while it starts (see {@link discoverBeforeStart}); without them, the probe
   * waits for the start.
   */
  beforeStart?: { config: Pick<GatewayConfig, "servers" | "settings">; mode: ListingMode };
}

/**
 * A `server/discover` answerer for the gateway a config describes, before it has started: the
 * same instructions and capabilities its modern server declares while every server is still
 * connecting (the content of upstream servers, and subscriptions unless the policy hides every
 * server, as `anySubscribable` reads a server in its first attempt).
 */
export function discoverBeforeStart(
  sdk: ModernSdk,
  config: Pick<GatewayConfig, "servers" | "settings">,
  mode: ListingMode,
): DiscoverAnswerer {
  const servers = Object.keys(config.servers);
  const policy = new CallerPolicies(config.settings).for(LOCAL_CALLER);
  return sdkDiscoverAnswerer(sdk, () => {
    const server = newModernServer(sdk, gatewayInstructions(servers, policy, mode, true));
    if (servers.length > 0)
      server.registerCapabilities(contentCapabilities(servers.some((name) => !policy.hidesServer(name))));
    return server;
  });
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
 * `starting` may be the gateway's start itself: the opening is read at once, and with
 * `beforeStart` a `server/discover` probe is answered while the upstream servers start (the
 * Vercel AI SDK waits one second on stdio, less than the start takes with a keep tool's server).
 * A client that probes and gives up waiting all the same opens again with `initialize` on the
 * same pipe. That is the spec's fallback, so the 2026-07-28 side is ended (an unanswered probe
 * with it) and the client gets a 2025-era session from that message on.
 */
export async function serveStdioEitherEra(
  starting: Gateway | Promise<Gateway>,
  options: StdioEraOptions,
): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  // The gateway's 2025-era sessions run on the same package (Gateway.start loads it too).
  const sdk = await loadModernSdk();
  const opening = await readStdioOpening(stdin);
  if (opening.era === "2025") {
    await (await starting).connectStdio({ stdin: opening.stream, stdout });
    return;
  }
  const early = options.beforeStart;
  const stream = early
    ? await answerDiscoverUntil(
        opening.stream,
        stdout,
        discoverBeforeStart(sdk, early.config, early.mode),
        Promise.resolve(starting),
      )
    : opening.stream;
  const gateway = await starting;
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
  const fellBack = await opening.fallback;
  if (!fellBack) return;
  options.log(
    "MCP 2026-07-28 stdio: the client sent server/discover, then opened with initialize (it stopped waiting for the answer); serving it a 2025-era session",
  );
  await gateway.connectStdio({ stdin: fellBack, stdout });
}
