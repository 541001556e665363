import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OptionsError, errorText } from "../../errors.js";
import type { MetricsSource } from "./metrics-source.js";
import { isLoopbackAddress } from "../auth/loopback-host.js";
import { hostnameOf, originOf } from "../web/origin-guard.js";

/** Options of {@link listenMetrics}. */
export interface MetricsListenOptions {
  /** 0 lets the system choose. */
  port: number;
  /**
   * A loopback address (127.0.0.0/8 or ::1): this listener asks for no credential, so it is
   * never bound where another machine can reach it. @defaultValue "127.0.0.1"
   */
  host?: string;
  log(line: string): void;
}

/** A loopback listener serving `/metrics`. */
export interface MetricsListener {
  port: number;
  /** e.g. `http://127.0.0.1:9464/metrics` */
  url: string;
  close(): Promise<void>;
}

export const METRICS_PATH = "/metrics";
/** Scrapers send a few small GETs: a slow or idle client is cut off long before Node's 300 s. */
const HEADERS_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
const MAX_CONNECTIONS = 16;
const MAX_HEADER_BYTES = 8 * 1024;

/**
 * Serves a {@link MetricsSource} at `GET /metrics` on a loopback address, without a credential:
 * for a Prometheus agent on the same machine (`--metrics-port`). Only loopback can reach it, and
 * requests whose `Host` or `Origin` is not a loopback address are refused, so a web page cannot
 * read it through DNS rebinding. Anything but `GET`/`HEAD /metrics` is refused.
 *
 * @throws {@link OptionsError} (`metrics_off_loopback`) for a host that is not a loopback address.
 * @example
 * ```ts
 * const listener = await listenMetrics(metrics, { port: 9464, log: console.error });
 * ```
 */
export async function listenMetrics(source: MetricsSource, options: MetricsListenOptions): Promise<MetricsListener> {
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackAddress(host))
    throw new OptionsError(
      "metrics_off_loopback",
      `The metrics port serves without a credential, so it binds only to a loopback address (127.0.0.1 or ::1), not ${JSON.stringify(host)}. ` +
        "To scrape from another machine, scrape /metrics on the main listener with a credential.",
    );
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (
      !loopbackHeader(request.headers.host) ||
      (request.headers.origin !== undefined && !loopbackOrigin(request.headers.origin))
    )
      return reply(response, 403, "toolsift serves metrics only to requests addressed to a loopback address.");
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== METRICS_PATH) return reply(response, 404, `toolsift serves metrics at ${METRICS_PATH}.`);
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("allow", "GET, HEAD");
      return reply(response, 405, "Only GET and HEAD are served here.");
    }
    const text = await source.render();
    response.writeHead(200, { "content-type": source.contentType, "cache-control": "no-store" });
    response.end(request.method === "HEAD" ? undefined : text);
  };
  // Node checks the header and request timeouts every connectionsCheckingInterval (30 s by default).
  const checks = { maxHeaderSize: MAX_HEADER_BYTES, connectionsCheckingInterval: 1_000 };
  const server = createServer(checks, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`metrics request failed: ${errorText(error)}`);
      if (!response.headersSent) reply(response, 500, "Could not render the metrics.");
      else response.end();
    });
  });
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.maxConnections = MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}${METRICS_PATH}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A `Host` header naming localhost or a loopback address, with or without a port. */
function loopbackHeader(value: string | undefined): boolean {
  const hostname = hostnameOf(value);
  return hostname !== undefined && (hostname === "localhost" || isLoopbackAddress(hostname));
}

/** An `Origin` whose page is served from localhost or a loopback address. */
function loopbackOrigin(value: string): boolean {
  const origin = originOf(value);
  if (origin === undefined) return false;
  const { hostname } = new URL(origin);
  return hostname === "localhost" || isLoopbackAddress(hostname);
}

function reply(response: ServerResponse, status: number, text: string): void {
  // Closed after a refusal: a client that sent a body with it gets no keep-alive socket left hanging.
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8", connection: "close" }).end(`${text}\n`);
}
