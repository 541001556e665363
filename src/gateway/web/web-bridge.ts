import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The web-standard `Request` of a Node request whose body was already read (`body`, parsed JSON,
 * re-serialised: the transport is also given it parsed). With `signal` (aborted when the client
 * hangs up) only for a handler that reads `request.signal`: each Request given one makes a
 * controller, an abort listener and a finalizer of its own, which 20,000 refused requests grew
 * by tens of megabytes faster than the collector freed them.
 */
export function webRequestOf(request: IncomingMessage, body: unknown, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const method = request.method ?? "GET";
  const hasBody = method === "POST" && body !== undefined;
  // The URL's origin is never used for routing (the origin guard checked Host already).
  return new Request(new URL(request.url ?? "/", "http://localhost"), {
    method,
    headers,
    ...(signal ? { signal } : {}),
    ...(hasBody ? { body: JSON.stringify(body) } : {}),
  });
}

/**
 * Writes a web-standard `Response` to a Node response, streaming its body (an event stream may
 * stay open for long) with backpressure: a slow client makes the transport's stream wait, not
 * this process's memory grow. When the client hangs up, the body stream is cancelled, which is
 * how the transport learns a stream is gone.
 */
export async function sendWebResponse(response: Response, out: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  out.writeHead(response.status, headers);
  if (response.body === null) {
    out.end();
    return;
  }
  // Headers first: an event stream's client waits for them before the first event.
  out.flushHeaders();
  const reader = response.body.getReader();
  const gone = () => void reader.cancel().catch(() => undefined);
  out.once("close", gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (out.destroyed) break;
      if (!out.write(value))
        await new Promise<void>((resolve) => {
          const settle = () => {
            out.off("drain", settle);
            out.off("close", settle);
            resolve();
          };
          out.on("drain", settle);
          out.on("close", settle);
        });
    }
  } catch {
    // The stream was cancelled (the client went away) or failed: nothing more to write.
  } finally {
    out.off("close", gone);
    if (!out.writableEnded) out.end();
  }
}
