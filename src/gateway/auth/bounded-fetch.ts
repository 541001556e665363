/** The most a metadata document or key set may weigh: real ones are a few kilobytes. */
export const MAX_AUTH_DOCUMENT_BYTES = 256 * 1024;
/** How long fetching one is given. */
export const AUTH_FETCH_TIMEOUT_MS = 5000;

/**
 * `fetch` bounded in time and size, following no redirect: what the gateway reads from an
 * authorization server (its metadata, its keys) cannot make it wait or hold memory without end.
 * Resolves with a `Response` whose body is already read in full.
 *
 * @throws when the answer is not 200 OK, the time runs out, the body is over `maxBytes`, or the network fails.
 */
export async function boundedFetch(
  url: string,
  init: { headers?: Headers | Record<string, string>; signal?: AbortSignal } = {},
  maxBytes = MAX_AUTH_DOCUMENT_BYTES,
  timeoutMs = AUTH_FETCH_TIMEOUT_MS,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const response = await fetch(url, { headers: init.headers, method: "GET", redirect: "manual", signal });
  if (response.status !== 200) return refuse(response, `the answer is HTTP ${response.status}, not 200`);
  // No content-length (a chunked body) reads as 0: the loop below bounds it.
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) return refuse(response, `the answer is over ${maxBytes} bytes`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the answer is over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new Response(Buffer.concat(chunks), { status: response.status, headers: response.headers });
}

/** Fails with `problem`, first freeing the connection of the body left unread (a 204 has none). */
async function refuse(response: Response, problem: string): Promise<never> {
  await response.body?.cancel();
  throw new Error(problem);
}
