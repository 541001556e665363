// The scripted OpenAI API server moved to src/testing (the public toolsift/testing); this stays
// for the tests that still import it from here, and binds openAIServerPerTest to vitest.
import { afterEach } from "vitest";
import {
  openAIServerPerTest as openAIServerPerTestWith,
  type OpenAIApiServer,
  type OpenAIApiServerOptions,
  type ScriptedOpenAITurn,
} from "../../src/testing/index.js";

export * from "../../src/testing/openai-api-server.js";

/** {@link openAIServerPerTestWith} with vitest's afterEach. */
export function openAIServerPerTest(): (
  turns: ScriptedOpenAITurn[],
  options?: OpenAIApiServerOptions,
) => Promise<OpenAIApiServer> {
  return openAIServerPerTestWith(afterEach);
}
