/**
 * A test framework's `afterEach`: vitest's, Jest's, Mocha's or `node:test`'s. It is passed in,
 * so `toolsift/testing` depends on no test framework.
 *
 * @example
 * ```ts
 * import { afterEach } from "vitest"; // or "node:test", or Jest's global
 * const serve = serverPerTest(afterEach);
 * ```
 */
export type AfterEachHook = (cleanUp: () => Promise<void>) => unknown;

/** Something a test starts and must stop: a local server. */
interface Closable {
  close(): Promise<void>;
}

/**
 * Wraps `start` so that each server it starts is closed after the test that started it; the
 * hook is registered once, when this is called (at the top of a test file or a `describe`).
 */
export function closedAfterEach<Args extends unknown[], Server extends Closable>(
  afterEach: AfterEachHook,
  start: (...args: Args) => Promise<Server>,
): (...args: Args) => Promise<Server> {
  const open: Server[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (...args) => {
    const server = await start(...args);
    open.push(server);
    return server;
  };
}
