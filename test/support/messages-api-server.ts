// The scripted Messages API server moved to src/testing (the public toolsift/testing); this
// stays for the tests that still import it from here, and binds serverPerTest to vitest.
import { afterEach } from "vitest";
import {
  serverPerTest as serverPerTestWith,
  type MessagesApiServer,
  type MessagesApiServerOptions,
  type ScriptedTurn,
} from "../../src/testing/index.js";

export * from "../../src/testing/messages-api-server.js";

/** {@link serverPerTestWith} with vitest's afterEach. */
export function serverPerTest(): (
  turns: ScriptedTurn[],
  options?: MessagesApiServerOptions,
) => Promise<MessagesApiServer> {
  return serverPerTestWith(afterEach);
}
