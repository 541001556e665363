/**
 * A `fetch` for the MCP SDKs' HTTP transports (their `fetch` option) that trusts a test's own CA
 * and reaches a public name (`https://tools.example.com/mcp`) on a loopback port, as DNS and a
 * port forward would: the client sends the name in TLS SNI and `Host` and checks the certificate
 * against it. Node's own fetch takes neither a CA nor a resolver without the undici package, which
 * this repository does not depend on.
 */
import { request } from "node:https";
import { Readable } from "node:stream";

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface HttpsFetchOptions {
  /** The CA's certificate (PEM): the only one trusted. */
  ca: string;
  /** Host name to the 127.0.0.1 port it is reached on; filled in as the test's servers start. */
  routes: ReadonlyMap<string, number>;
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** A `fetch` over node:https with `options`; the response body streams (server-sent events arrive as sent). */
export function httpsFetch(options: HttpsFetchOptions): FetchLike {
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(input);
      if (url.protocol !== "https:") throw new Error(`httpsFetch is for https URLs, not ${url.protocol}`);
      if (init.body !== undefined && init.body !== null && typeof init.body !== "string")
        throw new Error("httpsFetch sends string bodies only (the MCP SDKs send JSON text)");
      const method = init.method ?? "GET";
      const headers: Record<string, string> = { host: url.host };
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const port = options.routes.get(url.hostname);
      if (port === undefined) throw new Error(`httpsFetch has no route to ${url.hostname}`);
      const outgoing = request(
        {
          host: "127.0.0.1",
          port,
          path: `${url.pathname}${url.search}`,
          method,
          headers,
          servername: url.hostname,
          ca: options.ca,
          agent: false,
          signal: init.signal ?? undefined,
        },
        (incoming) => {
          const status = incoming.statusCode ?? 0;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
              responseHeaders.append(name, one);
          }
          const empty = NO_BODY_STATUSES.has(status) || method === "HEAD";
          if (empty) incoming.resume();
          const body = empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
          resolve(new Response(body, { status, statusText: incoming.statusMessage ?? "", headers: responseHeaders }));
        },
      );
      outgoing.on("error", reject);
      outgoing.end(typeof init.body === "string" ? init.body : undefined);
    });
}
